import { desc, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadActivity } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'

export type LeadActivityAction = (typeof leadActivity.$inferInsert)['action']

/** Beyond the spec: records who did what to which lead, in the caller's transaction. */
export async function recordLeadActivity(
	tx: Transaction | Database,
	actor: StaffUser,
	entries: ReadonlyArray<{ leadId: string | null; action: LeadActivityAction; detail?: Record<string, unknown> }>,
) {
	if (entries.length === 0) return
	await tx.insert(leadActivity).values(
		entries.map((entry) => ({
			leadId: entry.leadId,
			action: entry.action,
			detail: entry.detail ?? null,
			actorId: actor.id,
			actorEmail: actor.email,
		})),
	)
}

export type LeadActivityEntry = {
	id: number
	action: LeadActivityAction
	detail: unknown
	actorEmail: string | null
	createdAt: Date
}

/** A lead's history, newest first (kept after the lead is deleted). */
export async function leadActivityLog(db: Database | Transaction, leadId: string): Promise<LeadActivityEntry[]> {
	return db
		.select({
			id: leadActivity.id,
			action: leadActivity.action,
			detail: leadActivity.detail,
			actorEmail: leadActivity.actorEmail,
			createdAt: leadActivity.createdAt,
		})
		.from(leadActivity)
		.where(eq(leadActivity.leadId, leadId))
		.orderBy(desc(leadActivity.createdAt), desc(leadActivity.id))
}
