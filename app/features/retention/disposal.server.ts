import { subMonths, subYears } from 'date-fns'
import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import type { RetentionPolicy } from '#app/features/content/content-schemas.ts'
import { ANONYMIZED_CONTACT_SET, anonymizeLeadRows } from './anonymize.server.ts'
import { JOB_ACTOR, recordActivity } from '#app/features/activity/activity-log.server.ts'
import { pruneActivityLog } from '#app/features/activity/activity-retention.server.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'

/**
 * docs/decisions/0090: disposal of personal data by category. Leads that never became a loan (status other than
 * Closed) and are not under a legal hold are anonymised `leadMonths` after their last activity; contact messages
 * `contactMonths` after they came; consent evidence is deleted `consentYears` after it was given, once its lead is
 * anonymised, deleted or equally quiet. Each step works in short batches that skip rows another process holds, so a
 * run never blocks a new lead and two processes never dispose of the same row.
 */
export const DISPOSAL_BATCH = 500

/** The status of a lead that became a loan: kept with the loan's file, outside this policy. */
export const LOAN_STATUS = 'closed'

export type DisposalCutoffs = { leadsBefore: Date; contactsBefore: Date; consentsBefore: Date }

export function disposalCutoffs(policy: RetentionPolicy, now: Date): DisposalCutoffs {
	return {
		leadsBefore: subMonths(now, policy.leadMonths),
		contactsBefore: subMonths(now, policy.contactMonths),
		consentsBefore: subYears(now, policy.consentYears),
	}
}

export type DisposalResult = { leadIds: string[]; contactMessageIds: string[]; consentRecords: number }
export type DisposalPreview = { leads: number; contactMessages: number; consentRecords: number }

type Rows<T> = { rows: T[] }
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows

const dueLead = (before: Date) =>
	sql`anonymized_at is null and legal_hold_at is null and status <> ${LOAN_STATUS} and last_activity_at < ${before.toISOString()}`
const dueContact = (before: Date) => sql`anonymized_at is null and created_at < ${before.toISOString()}`
const dueConsent = (before: Date) => sql`c.consented_at < ${before.toISOString()} and not exists (
	select 1 from leads l where l.id = c.lead_id
		and (l.legal_hold_at is not null or (l.anonymized_at is null and l.last_activity_at >= ${before.toISOString()})))`

/** What a run at `now` would dispose of: the overview and the retention screen show it. */
export async function disposalPreview(db: Database, policy: RetentionPolicy, now: Date = new Date()): Promise<DisposalPreview> {
	const cut = disposalCutoffs(policy, now)
	const [row] = rowsOf<{ leads: number; contacts: number; consents: number }>(
		await db.execute(sql`select
			(select count(*)::int from leads where ${dueLead(cut.leadsBefore)}) as leads,
			(select count(*)::int from contact_messages where ${dueContact(cut.contactsBefore)}) as contacts,
			(select count(*)::int from lead_consents c where ${dueConsent(cut.consentsBefore)}) as consents`),
	)
	return { leads: Number(row!.leads), contactMessages: Number(row!.contacts), consentRecords: Number(row!.consents) }
}

/** One batch's entry, in the batch's own transaction: the log holds exactly what was disposed of. */
const logDisposed = (tx: Database | Transaction, category: 'leads' | 'contact_messages' | 'consent_records', ids: string[]) =>
	ids.length === 0
		? Promise.resolve()
		: recordActivity(tx, JOB_ACTOR, { type: 'retention.disposed', details: { category, count: ids.length, ids } })

type LeadRow = {
	id: string
	at: string
	message: string | null
	attribution: unknown
	property_details: unknown
	loan_customization: unknown
}

/**
 * Where a step's walk through its index has got to: each batch starts after the last row the previous one took, so
 * rows the policy keeps (a loan, a hold) are read once per run, not once per batch.
 */
type Cursor = { at: string; id: string } | null
const after = (column: ReturnType<typeof sql.raw>, cursor: Cursor) =>
	cursor ? sql`and (${column}, id) > (${cursor.at}::timestamptz, ${cursor.id})` : sql``

/** One batch of leads anonymised in one short transaction: the ids it changed, and where the walk got to. */
async function anonymizeLeadBatch(db: Database, before: Date, now: Date, cursor: Cursor) {
	return db.transaction(async (tx) => {
		const due = rowsOf<LeadRow>(
			await tx.execute(sql`select id, last_activity_at::text as at, message, attribution, property_details, loan_customization
				from leads where ${dueLead(before)} ${after(sql.raw('last_activity_at'), cursor)}
				order by last_activity_at, id limit ${DISPOSAL_BATCH} for update skip locked`),
		)
		if (due.length === 0) return { ids: [], cursor: null }
		await anonymizeLeadRows(tx, due, now)
		await logDisposed(
			tx,
			'leads',
			due.map((lead) => lead.id),
		)
		const last = due.at(-1)!
		return { ids: due.map((lead) => lead.id), cursor: { at: last.at, id: last.id } }
	})
}

async function anonymizeContactBatch(db: Database, before: Date, now: Date): Promise<string[]> {
	return db.transaction(async (tx) => {
		const changed = rowsOf<{ id: string | number }>(
			await tx.execute(sql`update contact_messages set ${ANONYMIZED_CONTACT_SET}, anonymized_at = ${now.toISOString()}
				where id in (select id from contact_messages where ${dueContact(before)}
					order by created_at limit ${DISPOSAL_BATCH} for update skip locked)
				returning id`),
		)
		const ids = changed.map((row) => String(row.id))
		await logDisposed(tx, 'contact_messages', ids)
		return ids
	})
}

/** One batch of consent records past their time deleted; how many, and where the walk got to. */
async function deleteConsentBatch(db: Database, before: Date, cursor: Cursor) {
	return db.transaction(async (tx) => {
		// The trigger lets this transaction delete consent evidence older than 4 years, and nothing else (migration 0017).
		await tx.execute(sql`select set_config('app.disposal', 'consent', true)`)
		const scanned = rowsOf<{ id: string; at: string }>(
			await tx.execute(sql`select c.id::text as id, c.consented_at::text as at from lead_consents c
				where c.consented_at < ${before.toISOString()} ${after(sql.raw('c.consented_at'), cursor && { at: cursor.at, id: cursor.id })}
				order by c.consented_at, c.id limit ${DISPOSAL_BATCH} for update of c skip locked`),
		)
		if (scanned.length === 0) return { deleted: 0, cursor: null }
		const ids = `{${scanned.map((row) => row.id).join(',')}}`
		const deleted = rowsOf<{ id: number }>(
			await tx.execute(sql`delete from lead_consents c where c.id = any(${ids}::bigint[]) and ${dueConsent(before)} returning c.id`),
		)
		await logDisposed(
			tx,
			'consent_records',
			deleted.map((row) => String(row.id)),
		)
		const last = scanned.at(-1)!
		return { deleted: deleted.length, cursor: { at: last.at, id: last.id } }
	})
}

async function untilDone<T>(batch: () => Promise<T[]>): Promise<T[]> {
	const all: T[] = []
	for (;;) {
		const done = await batch()
		if (done.length === 0) return all
		all.push(...done)
	}
}

/** Disposes of everything due at `now` under `policy`. Safe to run twice or in several processes at once. */
export async function disposeDue(db: Database, policy: RetentionPolicy, now: Date = new Date()): Promise<DisposalResult> {
	const cut = disposalCutoffs(policy, now)
	const leadIds: string[] = []
	for (let cursor: Cursor = null, first = true; first || cursor; first = false) {
		const batch = await anonymizeLeadBatch(db, cut.leadsBefore, now, cursor)
		leadIds.push(...batch.ids)
		cursor = batch.cursor
	}
	const contactMessageIds = await untilDone(() => anonymizeContactBatch(db, cut.contactsBefore, now))
	let consentRecords = 0
	for (let cursor: Cursor = null, first = true; first || cursor; first = false) {
		const batch = await deleteConsentBatch(db, cut.consentsBefore, cursor)
		consentRecords += batch.deleted
		cursor = batch.cursor
	}
	return { leadIds, contactMessageIds, consentRecords }
}

/** The day (UTC) a run belongs to: one run a day, whichever process claims it. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10)

export type DisposalRun = { day: string; result: DisposalResult & { activityEntries: number } }

/**
 * The day's run, if this process is the first to claim the day; null when another process has (or had) it. A run that
 * died half-way leaves its day claimed: the next day's run picks up what it left, since every step is "what is due".
 */
export async function runDailyDisposal(db: Database, policy: RetentionPolicy, now: Date = new Date()): Promise<DisposalRun | null> {
	const day = dayOf(now)
	const claimed = rowsOf<{ day: string }>(
		await db.execute(sql`insert into retention_runs (day, started_at) values (${day}, ${now.toISOString()})
			on conflict (day) do nothing returning day`),
	)
	if (claimed.length === 0) return null
	const result = { ...(await disposeDue(db, policy, now)), activityEntries: await pruneActivityLog(db, now) }
	await db.transaction(async (tx) => {
		await tx.execute(sql`update retention_runs set finished_at = now(), result = ${JSON.stringify(result)}::jsonb where day = ${day}`)
		await recordActivity(tx, JOB_ACTOR, {
			type: 'retention.run_finished',
			details: {
				day,
				leads: result.leadIds.length,
				contactMessages: result.contactMessageIds.length,
				consentRecords: result.consentRecords,
				activityEntries: result.activityEntries,
			},
		})
	})
	return { day, result }
}

export type RetentionRunSummary = {
	day: string
	startedAt: Date
	finishedAt: Date | null
	leads: number
	contactMessages: number
	consentRecords: number
	activityEntries: number
}

/** The latest runs, newest first, as the retention screen lists them. */
export async function recentDisposalRuns(db: Database, limit = 10): Promise<RetentionRunSummary[]> {
	const rows = rowsOf<{
		day: string
		started_at: string | Date
		finished_at: string | Date | null
		result: (DisposalResult & { activityEntries?: number }) | null
	}>(await db.execute(sql`select day, started_at, finished_at, result from retention_runs order by day desc limit ${limit}`))
	return rows.map((row) => ({
		day: row.day,
		startedAt: new Date(row.started_at),
		finishedAt: row.finished_at ? new Date(row.finished_at) : null,
		leads: row.result?.leadIds.length ?? 0,
		contactMessages: row.result?.contactMessageIds.length ?? 0,
		consentRecords: row.result?.consentRecords ?? 0,
		activityEntries: row.result?.activityEntries ?? 0,
	}))
}

/** The daily run at most once per `everyMs` in this process (an hour); call it as often as convenient. */
export function disposalJob(
	db: Database,
	policy: () => Promise<RetentionPolicy>,
	options: { everyMs?: number; onRun?: (run: DisposalRun) => void } = {},
) {
	const everyMs = options.everyMs ?? 60 * 60_000
	let lastTry = 0
	return async () => {
		if (Date.now() - lastTry < everyMs) return
		lastTry = Date.now()
		const run = await runDailyDisposal(db, await policy())
		if (run) options.onRun?.(run)
	}
}
