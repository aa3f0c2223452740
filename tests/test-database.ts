import crypto from 'node:crypto'
import fs from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { type DatabaseHandle, openDatabase } from '#db/client.ts'

/** Which database the suite runs on: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new PostgreSQL database
 * created beside TEST_DATABASE_URL and dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
	const adminUrl = process.env.TEST_DATABASE_URL
	if (!adminUrl) {
		// The run's migrated template (tests/pglite-template.global.ts); migrate() below then finds nothing to do.
		const template = inject('pgliteTemplate')
		const handle = await openDatabase({ inMemory: true, template: template ? new Blob([fs.readFileSync(template)]) : undefined })
		await handle.migrate()
		return handle
	}
	const name = `test_${crypto.randomBytes(6).toString('hex')}`
	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	await admin.query(`create database ${name}`)
	await admin.end()
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	// Dropping the database ends connections a test left idle; that is expected here, not a failure.
	const handle = await openDatabase({ url: url.toString(), poolSize: 4, onConnectionError: () => {} })
	await handle.migrate()
	return {
		...handle,
		async close() {
			await handle.close()
			const dropper = new pg.Client({ connectionString: adminUrl })
			await dropper.connect()
			await dropper.query(`drop database if exists ${name} with (force)`)
			await dropper.end()
		},
	}
}
