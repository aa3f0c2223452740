import path from 'node:path'

/** Where the end-to-end server listens and keeps its data; shared by playwright.config.ts and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3400)
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`
export const E2E_BUILD_DIR = 'build-e2e'
export const E2E_DATA_DIR = '.e2e-data'

const repoRoot = path.resolve(import.meta.dirname, '../..')
/** Without SMTP_URL the outbox worker writes each message as an .eml file here. */
export const e2eMailDir = path.join(repoRoot, E2E_DATA_DIR, 'mail')

/** The admin the end-to-end server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'E2e-Staff-Passphrase-2026' } as const
