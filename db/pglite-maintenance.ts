import { sql } from 'drizzle-orm'
import type { Database } from './client.ts'

/**
 * docs/decisions/0071: PostgreSQL's autovacuum, done by this process for the embedded database. PGlite runs PostgreSQL
 * in single-user mode, where no autovacuum worker ever starts: its planner had no statistics (every query planned
 * from guesses: the webhook claim sorted every due delivery to take ten) and the rows that updates leave behind were
 * never vacuumed. At each check a table is analyzed, or vacuumed and analyzed, by autovacuum's own rules and
 * thresholds (PostgreSQL's defaults), so the embedded database is kept as a server's would be.
 */
export const MAINTENANCE_RULES = {
	/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor. */
	analyzeThreshold: 50,
	analyzeScaleFactor: 0.1,
	/**
	 * autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor (dead rows). Autovacuum's third rule, a vacuum
	 * after many inserts alone, is left out: it only helps index-only scans, and a vacuum holds this process's one
	 * thread (a quarter of a second for 40,000 leads).
	 */
	vacuumThreshold: 50,
	vacuumScaleFactor: 0.2,
} as const

/** How often the counters are read (a server's autovacuum_naptime is 60 s; a fresh site's tables change fast). */
export const MAINTENANCE_INTERVAL_MS = 15_000

export type TableCounters = {
	table: string
	/** pg_class.reltuples: the rows the last analyze or vacuum counted; -1 when never. */
	rows: number
	modifiedSinceAnalyze: number
	dead: number
}

/** What autovacuum would do to a table now: vacuum (and analyze), analyze, or nothing. */
export function maintenanceFor(counters: TableCounters, rules = MAINTENANCE_RULES): 'vacuum' | 'analyze' | null {
	const rows = Math.max(counters.rows, 0)
	if (counters.dead > rules.vacuumThreshold + rules.vacuumScaleFactor * rows) return 'vacuum'
	if (counters.modifiedSinceAnalyze > rules.analyzeThreshold + rules.analyzeScaleFactor * rows) return 'analyze'
	return null
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Reads every table's counters (flushed first: a single-user backend only reports them when asked). */
async function readCounters(db: Database): Promise<TableCounters[]> {
	await db.execute(sql`select pg_stat_force_next_flush()`)
	const result = (await db.execute(sql`select s.schemaname as schema, s.relname as table, c.reltuples as rows,
			s.n_mod_since_analyze as modified, s.n_dead_tup as dead
		from pg_stat_user_tables s join pg_class c on c.oid = s.relid`)) as unknown as {
		rows: Array<{
			schema: string
			table: string
			rows: number | string
			modified: number | string
			dead: number | string
		}>
	}
	return result.rows.map((row) => ({
		table: `${quoted(row.schema)}.${quoted(row.table)}`,
		rows: Number(row.rows),
		modifiedSinceAnalyze: Number(row.modified),
		dead: Number(row.dead),
	}))
}

/** One round: every table that autovacuum's rules say is due is vacuumed or analyzed. Answers what was done. */
export async function maintainPglite(db: Database, rules = MAINTENANCE_RULES) {
	const done: Array<{ table: string; action: 'vacuum' | 'analyze' }> = []
	for (const counters of await readCounters(db)) {
		const action = maintenanceFor(counters, rules)
		if (!action) continue
		await db.execute(sql.raw(action === 'vacuum' ? `vacuum (analyze) ${counters.table}` : `analyze ${counters.table}`))
		done.push({ table: counters.table, action })
	}
	return done
}

/**
 * Runs maintainPglite now (the planner has statistics from the first request on) and every `intervalMs`. A failure
 * is logged and tried again at the next round; `stop` waits for a round under way, so the database is never closed
 * under it.
 */
export function startPgliteMaintenance(options: {
	db: Database
	log: { warn: (object: object, message: string) => void }
	intervalMs?: number
}) {
	const intervalMs = options.intervalMs ?? MAINTENANCE_INTERVAL_MS
	let stopped = false
	let timer: NodeJS.Timeout | undefined
	let running: Promise<void> = Promise.resolve()
	const round = () => {
		running = maintainPglite(options.db)
			.then(() => {})
			.catch((error: Error) => options.log.warn({ error: error.message }, 'embedded database maintenance failed'))
			.finally(() => {
				if (stopped) return
				timer = setTimeout(round, intervalMs)
				timer.unref()
			})
	}
	round()
	return {
		async stop() {
			stopped = true
			clearTimeout(timer)
			await running
		},
	}
}
