import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'

const DAY_SECONDS = 24 * 60 * 60

/**
 * How long rows that only grow are kept (docs/decisions/0057). Each is deleted in batches, oldest
 * first, by whichever process gets there: a delete is safe to run twice or in several processes at once.
 */
export const RETENTION = {
	/** A rate-limit counter is read for its window only; the longest window is an hour, and the sign-in slowdown forgets after a day (docs/decisions/0076). */
	rateLimitSeconds: DAY_SECONDS,
	/**
	 * A client may retry a lead with the same Idempotency-Key for a day (the wizard retries for minutes);
	 * a week leaves room for a queue that was down over a weekend.
	 */
	idempotencyKeySeconds: 7 * DAY_SECONDS,
	/** A delivered e-mail, with its copy of the lead's answers, is kept for support to see what was sent. */
	sentMailSeconds: 30 * DAY_SECONDS,
	/** A message that gave up is kept longer, so an operator can find out why. */
	deadMailSeconds: 90 * DAY_SECONDS,
	/**
	 * docs/decisions/0068: a webhook event whose every delivery is finished (delivered or failed) goes after 30 days
	 * with its deliveries; one still pending somewhere is kept. A failed delivery can be replayed until then.
	 */
	webhookEventSeconds: 30 * DAY_SECONDS,
	/**
	 * docs/decisions/0124: a quote-wizard visit (a random id and the steps it reached) is counted by the overview over
	 * 12 months at most; five days more cover the hourly clean-up's own pace.
	 */
	wizardVisitSeconds: 370 * DAY_SECONDS,
} as const

/** Rows deleted by one statement, so a clean-up never holds many locks or a long transaction. */
export const RETENTION_BATCH = 1_000

export type PruneResult = {
	rateLimits: number
	idempotencyKeys: number
	sentMail: number
	deadMail: number
	webhookEvents: number
	wizardVisits: number
}

async function deleteInBatches(db: Database, statement: () => SQL) {
	let total = 0
	for (;;) {
		const result = (await db.execute(statement())) as unknown as { rowCount?: number | null; affectedRows?: number; rows: unknown[] }
		const deleted = Number(result.rowCount ?? result.affectedRows ?? result.rows.length)
		total += deleted
		// Until a batch finds nothing: a short batch may only mean another process took some of its rows.
		if (deleted === 0) return total
	}
}

/** Deletes every row past its keep time (RETENTION); `now` lets a test move the clock. */
export async function pruneExpiredRows(db: Database, now: Date = new Date()): Promise<PruneResult> {
	const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString()
	const rateLimits = await deleteInBatches(
		db,
		() => sql`delete from rate_limits where key in (
			select key from rate_limits where window_started_at < ${before(RETENTION.rateLimitSeconds)} limit ${RETENTION_BATCH})`,
	)
	const idempotencyKeys = await deleteInBatches(
		db,
		() => sql`delete from idempotency_keys where (scope, key) in (
			select scope, key from idempotency_keys where created_at < ${before(RETENTION.idempotencyKeySeconds)} limit ${RETENTION_BATCH})`,
	)
	const sentMail = await deleteInBatches(
		db,
		() => sql`delete from outbox where id in (
			select id from outbox where status in ('sent', 'dropped') and sent_at < ${before(RETENTION.sentMailSeconds)} limit ${RETENTION_BATCH})`,
	)
	const deadMail = await deleteInBatches(
		db,
		() => sql`delete from outbox where id in (
			select id from outbox where status = 'dead' and created_at < ${before(RETENTION.deadMailSeconds)} limit ${RETENTION_BATCH})`,
	)
	const webhookEvents = await deleteInBatches(
		db,
		() => sql`delete from webhook_events where id in (
			select e.id from webhook_events e where e.created_at < ${before(RETENTION.webhookEventSeconds)}
				and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')
			limit ${RETENTION_BATCH})`,
	)
	const wizardVisits = await deleteInBatches(
		db,
		() => sql`delete from wizard_visits where id in (
			select id from wizard_visits where started_at < ${before(RETENTION.wizardVisitSeconds)} limit ${RETENTION_BATCH})`,
	)
	return { rateLimits, idempotencyKeys, sentMail, deadMail, webhookEvents, wizardVisits }
}

/** The clean-up at most once per `everyMs` (an hour) in this process; call it as often as convenient. */
export function retentionJob(db: Database, options: { everyMs?: number; onPruned?: (result: PruneResult) => void } = {}) {
	const everyMs = options.everyMs ?? 60 * 60_000
	let lastRun = 0
	return async () => {
		if (Date.now() - lastRun < everyMs) return
		lastRun = Date.now()
		const result = await pruneExpiredRows(db)
		if (Object.values(result).some((count) => count > 0)) options.onPruned?.(result)
	}
}
