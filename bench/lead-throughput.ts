import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { count, sql } from 'drizzle-orm'
import { type DatabaseHandle, openDatabase } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { refinanceAnswers } from '../tests/lead-fixtures.ts'
import { deferCleanup } from './cleanup.ts'
import { createBenchDatabase } from './postgres.ts'
import { serveSite } from './serve.ts'
import type { BenchReport, Benchmark } from './types.ts'

const DURATION_SECONDS = 10
const CONNECTIONS = 16
const RAW_INSERTS = 2_000

// A complete refinance short form, as the wizard sends it.
const body = JSON.stringify({
	formData: {
		...refinanceAnswers,
		firstName: 'Bench',
		lastName: 'Investor',
		email: 'bench@example.com',
		phone: '(949) 555-0123',
	},
	sourcePage: '/fast-quote',
	consentVersion: CONSENT_VERSION,
})

type Row = { database: string; created: number; stored: number; failed: number; leadsPerSecond: number; p99: number; rawPerSecond: number }

/** POST /api/leads under load on loopback, then proof that every 201 is a stored lead. */
async function measure(label: string, databaseUrl: string | undefined): Promise<Row> {
	const site = await serveSite(undefined, { databaseUrl, keepData: true, env: { LEAD_RATE_LIMIT_PER_HOUR: '0' } })
	const result = await autocannon({
		url: `${site.url}/api/leads`,
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: site.url },
		body,
		connections: CONNECTIONS,
		duration: DURATION_SECONDS,
	})
	await site.stop()
	const created = result['2xx']
	// The embedded database can be opened once the server has closed it.
	const handle = databaseUrl ? await openDatabase({ url: databaseUrl, poolSize: 2 }) : await openDatabase({ dataDir: site.dataDir })
	deferCleanup(() => handle.close())
	const stored = Number((await handle.db.select({ n: count() }).from(leads))[0]!.n)
	const rawPerSecond = await rawInsertRate(handle)
	return {
		database: label,
		created,
		stored,
		failed: result.non2xx + result.errors,
		leadsPerSecond: created / DURATION_SECONDS,
		p99: result.latency.p99,
		rawPerSecond,
	}
}

/** The same database's plain single-row inserts, one after the other, for scale. */
async function rawInsertRate(handle: DatabaseHandle) {
	const started = performance.now()
	for (let i = 0; i < RAW_INSERTS; i++) {
		await handle.db
			.insert(leads)
			.values({ firstName: 'Raw', lastName: `Insert ${i}`, email: 'raw@example.com', phone: '9495550100', message: '{}' })
	}
	const seconds = (performance.now() - started) / 1000
	await handle.db.execute(sql`delete from leads where first_name = 'Raw'`)
	return RAW_INSERTS / seconds
}

export const leadThroughputBenchmark: Benchmark = {
	name: 'lead-throughput',
	async run(): Promise<BenchReport> {
		const rows = [await measure('PGlite', undefined)]
		const summary: string[] = []
		const postgres = await createBenchDatabase('bench_throughput')
		if (postgres) rows.push(await measure('PostgreSQL', postgres))
		else summary.push('PostgreSQL skipped: nothing answers (set BENCH_DATABASE_URL).')
		// Requests still in flight when the clock stops are stored but their 201 is not counted: at most one per connection.
		const lost = rows.filter((row) => row.stored < row.created || row.stored > row.created + CONNECTIONS)
		summary.push(
			lost.length === 0
				? `Every 201 answer is a stored lead (the few extra rows are requests in flight when the ${DURATION_SECONDS} s ended, at most one per connection).`
				: `MISMATCH: ${lost.map((row) => `${row.database} answered 201 ${row.created} times and stored ${row.stored}`).join('; ')}`,
		)
		return {
			title: `Lead creation (POST /api/leads, ${CONNECTIONS} connections for ${DURATION_SECONDS} s on loopback)`,
			columns: ['database', '201 answers', 'other answers', 'leads stored', 'leads/s', 'p99 ms', 'raw inserts/s', 'leads/s ÷ raw'],
			rows: rows.map((row) => [
				row.database,
				row.created,
				row.failed,
				row.stored,
				Math.round(row.leadsPerSecond),
				row.p99,
				Math.round(row.rawPerSecond),
				(row.leadsPerSecond / row.rawPerSecond).toFixed(2),
			]),
			summary,
			targetsMet: lost.length === 0,
		}
	},
}
