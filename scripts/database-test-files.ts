import fs from 'node:fs'
import path from 'node:path'

/**
 * The test files that open a database (through tests/test-database.ts, directly or by a helper of tests/, or
 * themselves): the only ones whose result can differ on PostgreSQL, so the second run takes just these.
 */
export async function databaseTestFiles() {
	const helpers = new Set(['test-database'])
	const helperFiles = fs.readdirSync('tests').filter((file) => file.endsWith('.ts'))
	for (let grew = true; grew; ) {
		grew = false
		for (const file of helperFiles) {
			const name = file.replace(/\.ts$/, '')
			const source = fs.readFileSync(path.join('tests', file), 'utf8')
			if (!helpers.has(name) && [...helpers].some((helper) => source.includes(`./${helper}.ts'`))) {
				helpers.add(name)
				grew = true
			}
		}
	}
	const opensDatabase = new RegExp(`tests/(${[...helpers].join('|')})\\.ts'|openDatabase|TEST_DATABASE_URL|testDatabaseKind`)
	const { TEST_FILES } = await import('../vitest.config.ts')
	return fs.globSync(TEST_FILES).filter((file) => opensDatabase.test(fs.readFileSync(file, 'utf8')))
}
