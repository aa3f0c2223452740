import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { LeadStatusInput } from './lead-admin-schema.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { leadInScope } from './lead-access.server.ts'
import { type LeadWork, type WebhookOptions, markFirstContact, takeIfUnassigned } from './assign-lead.server.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'
import { leadStatusLabel } from '../model/lead-statuses.ts'

/**
 * spec 2 §4 and §7 "Update lead status": any status to any other; null when the lead no longer exists
 * (or, docs/decisions/0034, is not the actor's to change). Moving away from new is the lead's first contact; an
 * officer who changes an unassigned lead takes it (docs/decisions/0043).
 */
export async function updateLeadStatus(
	db: Database,
	actor: StaffUser,
	{ leadId, status }: LeadStatusInput,
	options: WebhookOptions = {},
): Promise<LeadWork | null> {
	return db.transaction(async (tx) => {
		const [before] = await tx
			.select({ status: leads.status, assignedTo: leads.assignedTo })
			.from(leads)
			.where(leadInScope(actor, leadId))
			.for('update')
		if (!before) return null
		const taken = await takeIfUnassigned(tx, actor, leadId, before.assignedTo, options)
		await tx.update(leads).set({ status }).where(eq(leads.id, leadId))
		// The first contact is marked before the status event is built, so its payload carries it; its own event follows.
		const firstContact = status !== 'new' && (await markFirstContact(tx, leadId, options, false))
		if (before.status !== status)
			await enqueueLeadEvent(
				tx,
				'lead.status_changed',
				leadId,
				{
					change: { from: before.status, fromLabel: leadStatusLabel(before.status), to: status, toLabel: leadStatusLabel(status) },
				},
				options,
			)
		if (firstContact) await enqueueLeadEvent(tx, 'lead.first_contact', leadId, {}, options)
		await recordLeadActivity(tx, actor, [{ leadId, action: 'status_changed', detail: { from: before.status, to: status } }])
		return { taken }
	})
}
