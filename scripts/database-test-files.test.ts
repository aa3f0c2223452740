import { expect, test } from 'vitest'
import { databaseTestFiles } from './database-test-files.ts'

test('the PostgreSQL run takes every test file that opens a database, through a helper or itself, and no other', async () => {
	const files = await databaseTestFiles()
	// Through tests/test-services.ts (which opens it with tests/test-database.ts).
	expect(files).toContain('app/features/leads/work/export-leads.server.test.ts')
	// Through tests/request-handler.ts, a helper of a helper.
	expect(files).toContain('app/routes/cache-control.test.ts')
	// Opens a database itself.
	expect(files).toContain('db/data-dir-lock.test.ts')
	// Pure functions: the same result on any database.
	expect(files).not.toContain('app/features/money/money.test.ts')
	expect(files).not.toContain('scripts/database-test-files.test.ts')
})
