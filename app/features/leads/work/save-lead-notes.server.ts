import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { LeadNotesInput } from './lead-admin-schema.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { leadInScope } from './lead-access.server.ts'
import { type LeadWork, type WebhookOptions, takeIfUnassigned } from './assign-lead.server.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'

/** spec 2 §7 "Save lead notes": the notes and their time; null when the lead no longer exists. An officer takes an unassigned lead they write on (docs/decisions/0043). */
export async function saveLeadNotes(
	db: Database,
	actor: StaffUser,
	{ leadId, notes }: LeadNotesInput,
	options: WebhookOptions = {},
): Promise<(LeadWork & { updatedAt: Date }) | null> {
	return db.transaction(async (tx) => {
		const [saved] = await tx
			.update(leads)
			.set({ adminNotes: notes, adminNotesUpdatedAt: new Date() })
			.where(leadInScope(actor, leadId))
			.returning({ adminNotesUpdatedAt: leads.adminNotesUpdatedAt, assignedTo: leads.assignedTo })
		if (!saved) return null
		const taken = await takeIfUnassigned(tx, actor, leadId, saved.assignedTo, options)
		await recordLeadActivity(tx, actor, [
			{ leadId, action: 'note_saved', detail: { excerpt: notes ? notes.slice(0, 120) : null, length: notes?.length ?? 0 } },
		])
		await enqueueLeadEvent(
			tx,
			'lead.note_added',
			leadId,
			{ note: { text: notes ? notes.slice(0, 4000) : null, savedAt: saved.adminNotesUpdatedAt!.toISOString(), by: actor.name } },
			options,
		)
		return { updatedAt: saved.adminNotesUpdatedAt!, taken }
	})
}
