import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { createTestDatabase } from '../tests/test-database.ts'
import { createTestServices } from '../tests/test-services.ts'
import { signedInStaff } from '../tests/staff-session.ts'
import { loadConfig } from './config.ts'
import { startupNotices } from './startup-notices.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())

const production = { NODE_ENV: 'production', DATA_DIR: '/srv/lender/data', BASE_URL: 'https://lender.example.com' }
const messages = async (env: Record<string, string>) => (await startupNotices(loadConfig(env), handle.db)).map((notice) => notice.message)

describe('what the start log tells an operator', () => {
	test('while no admin account exists it says how to make one, and stops saying it once one does', async () => {
		const before = (await messages(production)).find((message) => message.startsWith('No admin account'))
		expect(before).toContain('ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=')
		expect(before).toContain('npm run user:create')
		await signedInStaff(createTestServices(handle), ['user'])
		expect(
			(await messages(production)).some((message) => message.startsWith('No admin account')),
			'an officer is no admin',
		).toBe(true)
		await signedInStaff(createTestServices(handle), ['admin'])
		expect((await messages(production)).some((message) => message.startsWith('No admin account'))).toBe(false)
	})

	test('in production without SMTP and S3 it says that mail and uploads stay on this machine', async () => {
		const said = (await messages(production)).join('\n')
		expect(said).toContain('SMTP_URL is not set')
		expect(said).toContain('/srv/lender/data/mail on this machine only')
		expect(said).toContain('/srv/lender/data/uploads on this machine only')
		expect(said).toContain('AUTH_SECRET is not set')
		const configured = await messages({
			...production,
			SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
			S3_BUCKET: 'b',
			S3_REGION: 'r',
			S3_ACCESS_KEY_ID: 'k',
			S3_SECRET_ACCESS_KEY: 's',
			S3_PUBLIC_URL: 'https://images.example.com',
			AUTH_SECRET: 'x'.repeat(40),
		})
		expect(configured).toEqual([])
		// Development keeps quiet about what is per machine.
		expect(await messages({ ...production, NODE_ENV: 'development' })).toEqual([])
	})

	test('TRUST_PROXY on every interface is pointed out; on 127.0.0.1 it is not', async () => {
		const open = await messages({ ...production, TRUST_PROXY: '1' })
		expect(open.join('\n')).toContain('HOST=127.0.0.1')
		const local = await messages({ ...production, TRUST_PROXY: '1', HOST: '127.0.0.1' })
		expect(local.join('\n')).not.toContain('TRUST_PROXY')
	})
})
