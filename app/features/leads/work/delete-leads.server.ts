import { and, inArray } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { leadScope } from './lead-access.server.ts'

/** spec 2 §7 "Delete leads": removes the leads (their consent records and history stay); answers how many were deleted. */
export async function deleteLeads(db: Database, actor: StaffUser, leadIds: readonly string[]) {
	return db.transaction(async (tx) => {
		const deleted = await tx
			.delete(leads)
			.where(and(inArray(leads.id, [...leadIds]), leadScope(actor)))
			.returning({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName, email: leads.email })
		await recordLeadActivity(
			tx,
			actor,
			deleted.map((lead) => ({
				leadId: lead.id,
				action: 'deleted' as const,
				detail: { name: `${lead.firstName} ${lead.lastName}`, email: lead.email },
			})),
		)
		return deleted.length
	})
}
