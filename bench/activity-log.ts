import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { type ActivityRecord, activityActor, appendActivity, recordActivity } from '#app/features/activity/activity-log.server.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { getLeadDetails } from '#app/features/leads/work/lead-details.server.ts'
import { type DatabaseHandle, openDatabase } from '#db/client.ts'
import { deferCleanup } from './cleanup.ts'
import { adminUrl, createBenchDatabase } from './postgres.ts'
import type { BenchReport, Benchmark } from './types.ts'

// docs/decisions/0087: what logging "lead opened" adds to opening a lead, against a 2 ms p95 goal.
const LEADS = 2_000
const LOG_ENTRIES = 50_000
const WARM_UP_RUNS = 20
const TIMED_RUNS = 300
const TARGET_ADDED_P95_MS = 2

const staff: StaffUser = {
	id: 'bench',
	email: 'bench@example.com',
	name: 'Bench',
	roles: ['admin'],
	sessionId: 'bench',
	twoFactorEnabled: false,
}
const actor = activityActor(staff, { ip: '203.0.113.10', userAgent: 'Mozilla/5.0 (bench)' })

export const activityLogBenchmark: Benchmark = { name: 'activity-log', run }

async function run(): Promise<BenchReport> {
	const rows: Array<Array<string | number>> = []
	const summary: string[] = []
	let targetsMet = true
	const pglite = await openDatabase({ inMemory: true })
	deferCleanup(() => pglite.close())
	const databases: Array<[string, DatabaseHandle]> = [['PGlite', pglite]]
	const url = await createBenchDatabase('bench_activity')
	if (url) {
		const postgres = await openDatabase({ url, poolSize: 10 })
		deferCleanup(() => postgres.close())
		databases.push(['PostgreSQL', postgres])
	} else summary.push(`PostgreSQL skipped: nothing answers at ${new URL(adminUrl).host} (set BENCH_DATABASE_URL).`)
	for (const [label, handle] of databases) {
		const measured = await measure(handle)
		const added = measured.logged.p95 - measured.plain.p95
		rows.push([
			label,
			round(measured.plain.p50),
			round(measured.plain.p95),
			round(measured.logged.p50),
			round(measured.logged.p95),
			round(added),
		])
		if (added >= TARGET_ADDED_P95_MS) targetsMet = false
		summary.push(`${label}: logging adds ${round(added)} ms to the p95 of opening a lead (target under ${TARGET_ADDED_P95_MS} ms).`)
	}
	summary.push(
		`${LEADS.toLocaleString('en-US')} leads, ${LOG_ENTRIES.toLocaleString('en-US')} entries in the log; ${TIMED_RUNS} opens each way, interleaved, after ${WARM_UP_RUNS} warm-up runs.`,
	)
	return {
		title: 'Activity log: opening a lead with and without its entry',
		columns: ['Database', 'Open median ms', 'Open p95 ms', 'Open + log median ms', 'Open + log p95 ms', 'Added p95 ms'],
		rows,
		summary,
		targetsMet,
	}
}

async function measure(handle: DatabaseHandle) {
	await handle.migrate()
	const ids = (
		(await handle.db.execute(sql`
		insert into leads (first_name, last_name, email, phone, source_page, status)
		select 'Bench', 'Lead ' || i, 'lead' || i || '@example.com', '(512) 555-' || lpad((i % 10000)::text, 4, '0'), '/fast-quote', 'new'
		from generate_series(1, ${LEADS}) as i returning id`)) as unknown as { rows: Array<{ id: string }> }
	).rows.map((row) => row.id)
	for (let done = 0; done < LOG_ENTRIES; done += 1_000) {
		const batch: ActivityRecord[] = Array.from({ length: 1_000 }, (_, index) => ({
			action: { type: 'lead.viewed', details: {} },
			subject: { kind: 'lead', id: ids[(done + index) % ids.length]! },
		}))
		await appendActivity(handle.db, actor, batch)
	}
	// As the leads loader does: the lead found in reach, then its details read beside the entry's insert.
	const open = async (leadId: string, logged: boolean) => {
		const log = () => recordActivity(handle.db, actor, { type: 'lead.viewed', details: {} }, { kind: 'lead', id: leadId })
		await getLeadDetails(handle.db, staff, leadId, logged ? log : undefined)
	}
	for (let i = 0; i < WARM_UP_RUNS; i++) {
		await open(ids[i]!, false)
		await open(ids[i]!, true)
	}
	const plain: number[] = []
	const logged: number[] = []
	for (let i = 0; i < TIMED_RUNS; i++) {
		const leadId = ids[(i * 7) % ids.length]!
		for (const [times, withLog] of i % 2 === 0
			? ([
					[plain, false],
					[logged, true],
				] as const)
			: ([
					[logged, true],
					[plain, false],
				] as const)) {
			const started = performance.now()
			await open(leadId, withLog)
			times.push(performance.now() - started)
		}
	}
	return { plain: stats(plain), logged: stats(logged) }
}

function stats(values: number[]) {
	const sorted = [...values].sort((a, b) => a - b)
	const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
	return { p50: at(50), p95: at(95) }
}

const round = (ms: number) => Math.round(ms * 100) / 100
