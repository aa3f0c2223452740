// The fault suite: the built server against PostgreSQL through a proxy that drops or freezes the
// connection under load, two processes started together on a fresh database, a restart on the embedded
// database (the new process waits for the old), SIGTERM under load, and 500 malformed bodies. Prints one table and exits non-zero when any scenario breaks a rule.
// Run by `npm test` when TEST_DATABASE_URL is set (after the browser tests, which build build-e2e/).
import crypto from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type AppProcess, isHealthy, request, startApp, waitForHealth } from './app-process.ts'
import { fuzzBodies } from './fuzz.ts'
import { type Tally, count, errorCount, leadLoad, newTally } from './load.ts'
import { TcpProxy } from './tcp-proxy.ts'
import { openDatabase } from '#db/client.ts'
import { leads } from '#db/schema.ts'

const adminUrl = process.env.TEST_DATABASE_URL
if (!adminUrl) {
	console.log('The fault suite needs PostgreSQL: set TEST_DATABASE_URL=postgres://user@host:5432/db')
	process.exit(0)
}
const buildDir = process.env.FAULTS_BUILD_DIR ?? 'build-e2e'
if (!fs.existsSync(path.join(buildDir, 'server/index.js'))) {
	console.log(`Building the site into ${buildDir}/`)
	execFileSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_DIR: buildDir } })
}

type Row = {
	scenario: string
	requests: number
	ok: number
	clientErrors: number
	unavailable: number
	serverErrors: number
	resets: number
	crashes: number
	lost201: number
	duplicateLeads: number
	duplicateMails: number
	healthMaxMs: number | null
	healthHonest: boolean | null
	problems: string[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function withDatabase<T>(work: (url: string, query: (text: string, values?: unknown[]) => Promise<pg.QueryResult>) => Promise<T>) {
	const name = `faults_${crypto.randomBytes(5).toString('hex')}`
	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	await admin.query(`create database ${name}`)
	await admin.end()
	const url = new URL(adminUrl!)
	url.pathname = `/${name}`
	const client = new pg.Client({ connectionString: url.toString() })
	await client.connect()
	try {
		return await work(url.toString(), (text, values) => client.query(text, values as unknown[]))
	} finally {
		await client.end()
		const dropper = new pg.Client({ connectionString: adminUrl })
		await dropper.connect()
		await dropper.query(`drop database if exists ${name} with (force)`)
		await dropper.end()
	}
}

/** Waits for the outbox to settle, then counts .eml files per Message-ID. */
async function mailOutcome(app: AppProcess, query: (text: string) => Promise<pg.QueryResult>) {
	const deadline = Date.now() + 120_000
	while (Date.now() < deadline) {
		const { rows } = await query(`select count(*)::int as pending from outbox where status = 'pending'`)
		if (rows[0].pending === 0) break
		await sleep(500)
	}
	const { rows } = await query(`select count(*)::int as sent from outbox where status = 'sent'`)
	const mailDir = path.join(app.dataDir, 'mail')
	const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((name) => name.endsWith('.eml')) : []
	const ids = files.map((file) => /^Message-ID: (.+)$/im.exec(fs.readFileSync(path.join(mailDir, file), 'utf8'))?.[1]?.trim() ?? file)
	return { sent: rows[0].sent as number, files: files.length, duplicates: files.length - new Set(ids).size }
}

async function leadOutcome(tally: Tally, query: (text: string, values?: unknown[]) => Promise<pg.QueryResult>) {
	const { rows } = await query('select id::text as id from leads where id::text = any($1)', [tally.created])
	const stored = new Set(rows.map((row) => row.id as string))
	const { rows: duplicated } = await query('select count(*)::int as n from (select email from leads group by email having count(*) > 1) d')
	return { lost: tally.created.filter((id) => !stored.has(id)).length, duplicates: duplicated[0].n as number }
}

/** Polls /healthz every 400 ms; `expectDown()` says what an honest answer is at that moment (null: either). */
function healthProbe(port: number, expectDown: () => boolean | null) {
	let stopped = false
	let maxMs = 0
	let honest = true
	const wrong: string[] = []
	const done = (async () => {
		while (!stopped) {
			const expected = expectDown()
			try {
				const answer = await request(port, { path: '/healthz', timeoutMs: 10_000 })
				maxMs = Math.max(maxMs, answer.ms)
				if (answer.ms > 2_000)
					wrong.push(
						`${answer.status} after ${Math.round(answer.ms)} ms (database ${expected === null ? 'recovering' : expected ? 'down' : 'up'})`,
					)
				// Judged only when the database's state did not change while the request was in flight.
				if (expected !== null && expectDown() === expected && (answer.status === 503) !== expected) {
					honest = false
					wrong.push(`${answer.status} while the database was ${expected ? 'down' : 'up'}`)
				}
				if (process.env.FAULTS_DEBUG) console.log(`healthz ${answer.status} ${Math.round(answer.ms)} ms expected down=${expected}`)
			} catch (error) {
				honest = false
				wrong.push(`no answer (${(error as { code?: string }).code})`)
				if (process.env.FAULTS_DEBUG) console.log(`healthz no answer ${(error as { code?: string }).code}`)
			}
			await sleep(400)
		}
	})()
	return {
		async stop() {
			stopped = true
			await done
			return { maxMs: Math.round(maxMs), honest, wrong }
		},
	}
}

/** Load through a proxy; at 4 s the proxy fails (`fault`) for 10 s, then recovers; load stops at 24 s. */
async function databaseFault(kind: 'killed' | 'frozen'): Promise<Row> {
	return withDatabase(async (url, query) => {
		const target = new URL(url)
		const proxy = new TcpProxy(target.hostname, Number(target.port || 5432))
		await proxy.start()
		const proxied = new URL(url)
		proxied.hostname = '127.0.0.1'
		proxied.port = String(proxy.port)
		const app = startApp({ buildDir, databaseUrl: proxied.toString() })
		const problems: string[] = []
		try {
			if (!(await waitForHealth(app))) throw new Error(`the app did not start:\n${app.output()}`)
			const started = Date.now()
			let faultAt = Number.POSITIVE_INFINITY
			let restoredAt = Number.POSITIVE_INFINITY
			const tally = newTally()
			const health = healthProbe(app.port, () => {
				const now = Date.now()
				if (now > faultAt + 2_500 && now < restoredAt) return true
				if (now > restoredAt + 15_000) return false
				return null
			})
			const load = leadLoad({
				port: () => app.port,
				workers: 16,
				prefix: `fault-${kind}`,
				tally,
				shouldStop: () => Date.now() - started > 24_000,
				giveUpAt: () => started + 60_000,
			})
			await sleep(4_000)
			faultAt = Date.now()
			if (kind === 'killed') await proxy.kill()
			else proxy.freeze()
			await sleep(3_000)
			if (kind === 'killed') {
				// A visitor's form post while the database is away: the friendly 503 page, never a bare 500.
				const contact = await request(app.port, {
					method: 'POST',
					path: '/contact',
					headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
					body: new URLSearchParams({
						name: 'Jane Doe',
						email: 'jane@example.com',
						phone: '(949) 555-0123',
						message: 'A question about DSCR loans.',
					}).toString(),
				})
				if (contact.status !== 503 || !contact.body.includes('be right back'))
					problems.push(`contact form during the outage: ${contact.status}`)
			}
			await sleep(7_000)
			await proxy.restore()
			restoredAt = Date.now()
			await load
			await sleep(16_000 - Math.min(16_000, Date.now() - restoredAt))
			const healthResult = await health.stop()
			if (!healthResult.honest || healthResult.maxMs > 2_000) problems.push(`/healthz: ${healthResult.wrong.slice(0, 3).join('; ')}`)
			const crashed = app.hasExited()
			if (crashed) problems.push(`the process exited:\n${app.output().slice(-2_000)}`)
			const leads = await leadOutcome(tally, query)
			const mails = crashed ? { duplicates: 0, sent: 0, files: 0 } : await mailOutcome(app, query)
			if (!crashed && mails.files < mails.sent) problems.push(`${mails.sent - mails.files} sent mails have no file`)
			if (tally.unfinished > 0) problems.push(`${tally.unfinished} leads never got a 201`)
			return row(`database connection ${kind} for 10 s under load`, tally, {
				crashes: crashed ? 1 : 0,
				lost201: leads.lost,
				duplicateLeads: leads.duplicates,
				duplicateMails: mails.duplicates,
				healthMaxMs: healthResult.maxMs,
				healthHonest: healthResult.honest,
				problems,
			})
		} finally {
			await app.stop()
			await proxy.stop()
		}
	})
}

function row(scenario: string, tally: Tally, rest: Partial<Row> & { problems: string[] }): Row {
	const resets = errorCount(tally, ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'CLIENT_TIMEOUT', 'UNKNOWN'])
	if (resets > 0) rest.problems.push(`requests without an answer: ${[...tally.errors].map(([code, n]) => `${code} x${n}`).join(', ')}`)
	return {
		scenario,
		requests: tally.requests,
		ok: count(tally, (status) => status >= 200 && status < 300),
		clientErrors: count(tally, (status) => status >= 400 && status < 500),
		unavailable: count(tally, (status) => status === 503),
		serverErrors: count(tally, (status) => status >= 500 && status !== 503),
		resets,
		crashes: 0,
		lost201: 0,
		duplicateLeads: 0,
		duplicateMails: 0,
		healthMaxMs: null,
		healthHonest: null,
		...rest,
	}
}

/** Two processes on one fresh database, started in the same instant, three times. */
async function simultaneousStarts(): Promise<Row> {
	const problems: string[] = []
	let crashes = 0
	for (let round = 0; round < 3; round++) {
		await withDatabase(async (url, query) => {
			const env = { ADMIN_EMAIL: 'first-admin@example.com', ADMIN_PASSWORD: 'Fault-Suite-Passphrase-2026' }
			const apps = [startApp({ buildDir, databaseUrl: url, env }), startApp({ buildDir, databaseUrl: url, env })]
			try {
				const healthy = await Promise.all(apps.map((app) => waitForHealth(app)))
				healthy.forEach((ok, index) => {
					if (!ok) {
						crashes++
						problems.push(`round ${round + 1}: process ${index + 1} did not start:\n${apps[index]!.output().slice(-1_500)}`)
					}
				})
				const { rows } = await query(`select count(*)::int as n from users where email = $1`, [env.ADMIN_EMAIL])
				if (rows[0].n !== 1) problems.push(`round ${round + 1}: ${rows[0].n} admin accounts`)
			} finally {
				const codes = await Promise.all(apps.map((app) => app.stop()))
				codes.forEach((code, index) => {
					if (code !== 0) problems.push(`round ${round + 1}: process ${index + 1} exited with ${code}`)
				})
			}
		})
	}
	return row('two processes start together on a fresh database (3 rounds)', newTally(), { crashes, problems })
}

/**
 * A restart on the embedded database (docs/decisions/0045): while the old process serves leads, the new
 * one must not open the same files; it waits, starts once the old one has stopped, and every lead the old
 * one acknowledged is there.
 */
async function embeddedRestart(): Promise<Row> {
	const problems: string[] = []
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-embedded-'))
	const old = startApp({ buildDir, databaseUrl: '', dataDir })
	let next: AppProcess | undefined
	const tally = newTally()
	try {
		if (!(await waitForHealth(old))) throw new Error(`the first process did not start:\n${old.output()}`)
		let stop = false
		const load = leadLoad({
			port: () => old.port,
			workers: 4,
			prefix: 'embedded',
			tally,
			shouldStop: () => stop,
			giveUpAt: () => Date.now() + 5_000,
			stopWhenRefused: true,
		})
		next = startApp({ buildDir, databaseUrl: '', dataDir })
		// Starting takes a few seconds on a loaded machine: wait for the message rather than a fixed time.
		const saidItWaits = Date.now() + 30_000
		while (!next.output().includes('is in use by process') && Date.now() < saidItWaits) await sleep(250)
		if (!next.output().includes('is in use by process'))
			problems.push(`the second process did not say it waits:\n${next.output().slice(-1_500)}`)
		if (await isHealthy(next.port, 1_000)) problems.push('the second process served while the first still had the embedded database')
		stop = true
		await load
		const oldCode = await old.stop()
		if (oldCode !== 0) problems.push(`the first process exited with ${oldCode}`)
		if (!(await waitForHealth(next, 40_000)))
			problems.push(`the second process did not start after the first stopped:\n${next.output().slice(-1_500)}`)
		const nextCode = await next.stop()
		if (nextCode !== 0) problems.push(`the second process exited with ${nextCode}`)
		// Both have stopped: the runner opens the files itself and counts what was acknowledged.
		const database = await openDatabase({ dataDir })
		try {
			const stored = await database.db.select({ id: leads.id, email: leads.email }).from(leads)
			const ids = new Set(stored.map((lead) => lead.id))
			if (tally.created.length === 0) problems.push('no lead was acknowledged before the restart')
			return row('restart on the embedded database: the new process waits for the old', tally, {
				crashes: 0,
				lost201: tally.created.filter((id) => !ids.has(id)).length,
				// Each lead of the load has its own e-mail address.
				duplicateLeads: stored.length - new Set(stored.map((lead) => lead.email)).size,
				problems,
			})
		} finally {
			await database.close()
		}
	} finally {
		await Promise.all([old.stop(), next?.stop()])
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
}

/** SIGTERM at 3 s of load; a request on an idle kept-alive connection 300 ms after it must be answered. */
async function sigtermUnderLoad(): Promise<Row> {
	return withDatabase(async (url, query) => {
		const app = startApp({ buildDir, databaseUrl: url })
		const problems: string[] = []
		try {
			if (!(await waitForHealth(app))) throw new Error(`the app did not start:\n${app.output()}`)
			const tally = newTally()
			let stop = false
			const load = leadLoad({
				port: () => app.port,
				workers: 16,
				prefix: 'sigterm',
				tally,
				shouldStop: () => stop,
				giveUpAt: () => Date.now() + 5_000,
				stopWhenRefused: true,
			})
			const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 })
			await request(app.port, { path: '/robots.txt', agent: keepAlive })
			await sleep(3_000)
			app.child.kill('SIGTERM')
			await sleep(300)
			try {
				const answer = await request(app.port, { path: '/robots.txt', agent: keepAlive })
				if (!answer.reusedSocket) problems.push('the kept-alive probe opened a new connection')
				tally.requests++
				tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1)
			} catch (error) {
				problems.push(`a request on a kept-alive connection after SIGTERM got no answer (${(error as { code?: string }).code})`)
			}
			const code = await app.exited
			stop = true
			await load
			if (code !== 0) problems.push(`exit code ${code}`)
			const leads = await leadOutcome(tally, query)
			return row('SIGTERM under load (16 connections)', tally, { lost201: leads.lost, duplicateLeads: leads.duplicates, problems })
		} finally {
			await app.stop()
		}
	})
}

/** 500 malformed bodies to the lead API, the long form and every page with an action: never a 5xx, never a reset. */
async function fuzz(): Promise<Row> {
	return withDatabase(async (url) => {
		const app = startApp({ buildDir, databaseUrl: url })
		const problems: string[] = []
		try {
			if (!(await waitForHealth(app))) throw new Error(`the app did not start:\n${app.output()}`)
			const tally = newTally()
			const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
			const cases = fuzzBodies(500, 20261123)
			for (let index = 0; index < cases.length; index += 4) {
				await Promise.all(
					cases.slice(index, index + 4).map(async (item) => {
						tally.requests++
						try {
							const answer = await request(app.port, { method: 'POST', path: item.path, headers: item.headers, body: item.body, agent })
							tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1)
							if (answer.status >= 500) problems.push(`${answer.status} for ${item.label}`)
							else if (item.expectStatus && !item.expectStatus.includes(answer.status))
								problems.push(`${answer.status} (expected ${item.expectStatus.join(' or ')}) for ${item.label}`)
						} catch (error) {
							const code = (error as { code?: string }).code ?? 'UNKNOWN'
							tally.errors.set(code, (tally.errors.get(code) ?? 0) + 1)
							problems.push(`no answer (${code}) for ${item.label}`)
						}
					}),
				)
			}
			if (app.hasExited()) problems.push(`the process exited:\n${app.output().slice(-2_000)}`)
			return row('500 malformed bodies', tally, { crashes: app.hasExited() ? 1 : 0, problems: [...new Set(problems)].slice(0, 10) })
		} finally {
			await app.stop()
		}
	})
}

const only = process.argv.slice(2)
const scenarios: [string, () => Promise<Row>][] = [
	['killed', () => databaseFault('killed')],
	['frozen', () => databaseFault('frozen')],
	['starts', simultaneousStarts],
	['embedded', embeddedRestart],
	['sigterm', sigtermUnderLoad],
	['fuzz', fuzz],
]
const rows: Row[] = []
for (const [name, scenario] of scenarios) {
	if (only.length > 0 && !only.includes(name)) continue
	console.log(`fault scenario: ${name}`)
	try {
		rows.push(await scenario())
	} catch (error) {
		rows.push(row(name, newTally(), { crashes: 1, problems: [String(error instanceof Error ? error.message : error)] }))
	}
}

const failed = (r: Row) =>
	r.problems.length > 0 ||
	r.serverErrors > 0 ||
	r.resets > 0 ||
	r.crashes > 0 ||
	r.lost201 > 0 ||
	r.duplicateLeads > 0 ||
	r.duplicateMails > 0 ||
	r.healthHonest === false ||
	(r.healthMaxMs ?? 0) > 2_000
const cell = (value: unknown) => (value === null ? '-' : String(value))
console.log(
	'\n| scenario | requests | 2xx | 4xx | 503 | other 5xx | resets | crashes | lost 201s | duplicate leads | duplicate mails | /healthz max ms | /healthz honest | result |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for (const r of rows) {
	console.log(
		`| ${r.scenario} | ${[r.requests, r.ok, r.clientErrors, r.unavailable, r.serverErrors, r.resets, r.crashes, r.lost201, r.duplicateLeads, r.duplicateMails, r.healthMaxMs, r.healthHonest === null ? null : r.healthHonest ? 'yes' : 'no'].map(cell).join(' | ')} | ${failed(r) ? 'FAIL' : 'pass'} |`,
	)
}
for (const r of rows.filter(failed)) console.log(`\n${r.scenario}:\n  ${r.problems.join('\n  ')}`)
const passedCount = rows.filter((r) => !failed(r)).length
console.log(`\nfaults: ${passedCount} passed, ${rows.length - passedCount} failed`)
if (process.env.FAULTS_REPORT)
	fs.writeFileSync(process.env.FAULTS_REPORT, JSON.stringify({ passed: passedCount, failed: rows.length - passedCount }))
process.exit(rows.length === passedCount ? 0 : 1)
