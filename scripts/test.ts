// `npm test`: lint and format check (a failure there stops the run at once), type check, unit and integration
// tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), then the Playwright suite; ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { databaseTestFiles } from './database-test-files.ts'

type Tally = { passed: number; failed: number; skipped: number }
const total: Tally = { passed: 0, failed: 0, skipped: 0 }
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-reports-'))
const failedSteps: string[] = []

function run(title: string, command: string, args: string[], env: Record<string, string | undefined> = {}) {
	console.log(`\n=== ${title} ===`)
	const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
	if (result.status !== 0) failedSteps.push(title)
	return result.status === 0
}

function addVitest(file: string) {
	if (!fs.existsSync(file)) return
	const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
		numPassedTests: number
		numFailedTests: number
		numPendingTests: number
		numTodoTests: number
	}
	total.passed += report.numPassedTests
	total.failed += report.numFailedTests
	total.skipped += report.numPendingTests + report.numTodoTests
}

function addPlaywright(file: string) {
	if (!fs.existsSync(file)) return
	const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
		stats: { expected: number; unexpected: number; flaky: number; skipped: number }
	}
	total.passed += report.stats.expected + report.stats.flaky
	total.failed += report.stats.unexpected
	total.skipped += report.stats.skipped
}

// The browser tests use Debian's Chromium, never a downloaded browser.
if (!fs.existsSync('/usr/bin/chromium')) {
	if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
		run('Install Chromium', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'])
	} else {
		console.error('The end-to-end tests need Chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium`.')
	}
}

const npx = 'npx'
// Lint (with the import boundaries) and format first: a finding there ends the run before the long steps.
const linted = run('Lint', npx, ['biome', 'lint', '--error-on-warnings', '.'])
const formatted = run('Format check', npx, ['biome', 'format', '.'])
if (!linted || !formatted) {
	console.log(`\nFailed steps: ${failedSteps.join(', ')} (run \`npm run format\` and \`npm run lint\`)`)
	console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
	process.exit(1)
}
run('Type check', npx, ['react-router', 'typegen']) && run('Type check', npx, ['tsc'])

const pgliteReport = path.join(reportDir, 'vitest-pglite.json')
run(
	'Unit and integration tests on PGlite',
	npx,
	['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteReport}`],
	{
		TEST_DATABASE_URL: '',
	},
)
addVitest(pgliteReport)

if (process.env.TEST_DATABASE_URL) {
	const postgresReport = path.join(reportDir, 'vitest-postgres.json')
	run('Unit and integration tests on PostgreSQL', npx, [
		'vitest',
		'run',
		'--reporter=default',
		'--reporter=json',
		`--outputFile.json=${postgresReport}`,
		...(await databaseTestFiles()),
	])
	addVitest(postgresReport)
} else {
	console.log('\n(PostgreSQL run skipped: set TEST_DATABASE_URL=postgres://user@host:5432/db to include it)')
}

const e2eReport = path.join(reportDir, 'playwright.json')
// No trace of each test: it cost 30 % of the suite's time, and this run prints its failures (docs/decisions/0117).
run('End-to-end tests in Chromium', npx, ['playwright', 'test', '--reporter=list,json'], {
	PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
	E2E_TRACE: process.env.E2E_TRACE || 'off',
})
addPlaywright(e2eReport)

// The fault suite needs PostgreSQL (a proxy in front of it drops and freezes connections); it reuses the e2e build.
if (process.env.TEST_DATABASE_URL) {
	const faultsReport = path.join(reportDir, 'faults.json')
	run('Fault suite on PostgreSQL', 'node', ['tests/faults/run.ts'], { FAULTS_REPORT: faultsReport, FAULTS_BUILD_DIR: 'build-e2e' })
	if (fs.existsSync(faultsReport)) {
		const report = JSON.parse(fs.readFileSync(faultsReport, 'utf8')) as { passed: number; failed: number }
		total.passed += report.passed
		total.failed += report.failed
	}
}

fs.rmSync(reportDir, { recursive: true, force: true })
if (failedSteps.length > 0) console.log(`\nFailed steps: ${[...new Set(failedSteps)].join(', ')}`)
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(failedSteps.length > 0 ? 1 : 0)
