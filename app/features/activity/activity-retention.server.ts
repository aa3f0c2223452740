import { subYears } from 'date-fns'
import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { JOB_ACTOR, recordActivity } from './activity-log.server.ts'

/**
 * docs/decisions/0087 and 0090: the activity log is kept 5 years. The retention job deletes older entries from the
 * oldest, in batches; each batch keeps the hash of its last deleted entry as an anchor and says so in the log itself
 * (`activity.pruned`), so `activity:verify` checks the chain from the anchor and the anchor against the chain.
 */
export const ACTIVITY_LOG_YEARS = 5
export const PRUNE_BATCH = 5_000

type Rows<T> = { rows: T[] }
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows

/** One batch: the oldest entries older than the cutoff, up to the first entry that is not. How many went. */
async function pruneBatch(db: Database, cutoff: Date, batchSize: number): Promise<number> {
	return db.transaction(async (tx) => {
		// Only this transaction may delete, and the database still refuses an entry younger than 5 years (migration 0020).
		await tx.execute(sql`select set_config('app.disposal', 'activity', true)`)
		const [batch] = rowsOf<{ through: string | number | null; deleted: string | number }>(
			await tx.execute(sql`with oldest as (
					select id from activity_log
					where id < coalesce((select min(id) from activity_log where at >= ${cutoff.toISOString()}), 9223372036854775807)
					order by id limit ${batchSize})
				select max(id) as through, count(*) as deleted from oldest`),
		)
		if (!batch || batch.through === null || Number(batch.deleted) === 0) return 0
		const throughId = Number(batch.through)
		const [last] = rowsOf<{ hash: string }>(await tx.execute(sql`select hash from activity_log where id = ${throughId}`))
		const deleted = rowsOf<{ id: unknown }>(await tx.execute(sql`delete from activity_log where id <= ${throughId} returning id`)).length
		await tx.execute(sql`insert into activity_log_anchors (through_id, hash, deleted) values (${throughId}, ${last!.hash}, ${deleted})`)
		await recordActivity(tx, JOB_ACTOR, { type: 'activity.pruned', details: { throughId, deleted, hash: last!.hash } })
		return deleted
	})
}

/** Deletes every entry older than 5 years at `now`; how many. Safe to run again: each batch is "what is due now". */
export async function pruneActivityLog(db: Database, now: Date = new Date(), batchSize = PRUNE_BATCH): Promise<number> {
	const cutoff = subYears(now, ACTIVITY_LOG_YEARS)
	let total = 0
	for (;;) {
		const deleted = await pruneBatch(db, cutoff, batchSize)
		if (deleted === 0) return total
		total += deleted
	}
}
