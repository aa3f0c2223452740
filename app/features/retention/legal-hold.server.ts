import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { recordLeadActivity } from '#app/features/leads/work/lead-activity.server.ts'
import { activityActor, recordActivity } from '#app/features/activity/activity-log.server.ts'

type Rows<T> = { rows: T[] }

/** docs/decisions/0090: holds a lead out of disposal; false when there is no such lead with its data still held. */
export async function placeLegalHold(db: Database, actor: StaffUser, leadId: string, reason: string) {
	return db.transaction(async (tx) => {
		const held = (await tx.execute(sql`update leads set legal_hold_at = now(), legal_hold_by = ${actor.email},
				legal_hold_reason = ${reason}
			where id = ${leadId} and anonymized_at is null returning id`)) as unknown as Rows<{ id: string }>
		if (held.rows.length === 0) return false
		await recordLeadActivity(tx, actor, [{ leadId, action: 'legal_hold_placed', detail: { reason } }])
		await recordActivity(tx, activityActor(actor), { type: 'lead.legal_hold_placed', details: { reason } }, { kind: 'lead', id: leadId })
		return true
	})
}

export async function releaseLegalHold(db: Database, actor: StaffUser, leadId: string) {
	return db.transaction(async (tx) => {
		const released = (await tx.execute(sql`update leads set legal_hold_at = null, legal_hold_by = null, legal_hold_reason = null
			where id = ${leadId} and legal_hold_at is not null returning id`)) as unknown as Rows<{ id: string }>
		if (released.rows.length === 0) return false
		await recordLeadActivity(tx, actor, [{ leadId, action: 'legal_hold_released' }])
		await recordActivity(tx, activityActor(actor), { type: 'lead.legal_hold_released', details: {} }, { kind: 'lead', id: leadId })
		return true
	})
}

export type LegalHold = { leadId: string; name: string; placedAt: string; placedBy: string | null; reason: string | null }

/** Every lead on hold, newest hold first. */
export async function listLegalHolds(db: Database): Promise<LegalHold[]> {
	const result = (await db.execute(sql`select id, first_name, last_name, legal_hold_at, legal_hold_by, legal_hold_reason
		from leads where legal_hold_at is not null order by legal_hold_at desc limit 500`)) as unknown as Rows<{
		id: string
		first_name: string
		last_name: string
		legal_hold_at: string | Date
		legal_hold_by: string | null
		legal_hold_reason: string | null
	}>
	return result.rows.map((row) => ({
		leadId: row.id,
		name: `${row.first_name} ${row.last_name}`.trim(),
		placedAt: new Date(row.legal_hold_at).toISOString(),
		placedBy: row.legal_hold_by,
		reason: row.legal_hold_reason,
	}))
}
