import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { activityActor, recordActivity } from '#app/features/activity/activity-log.server.ts'
import { leadInScope } from './lead-access.server.ts'
import { recordLeadActivity } from './lead-activity.server.ts'

/**
 * docs/decisions/0096: every return link issued for the lead so far stops opening it (a link shared by mistake, a
 * borrower who asks). A link issued afterwards works again. False when the lead is not in the actor's reach.
 */
export async function revokeReturnLinks(db: Database, actor: StaffUser, leadId: string) {
	return db.transaction(async (tx) => {
		const revoked = await tx
			.update(leads)
			.set({ returnLinksRevokedAt: sql`now()` })
			.where(leadInScope(actor, leadId))
			.returning({ id: leads.id })
		if (revoked.length === 0) return false
		await recordLeadActivity(tx, actor, [{ leadId, action: 'return_links_revoked' }])
		await recordActivity(tx, activityActor(actor), { type: 'lead.return_links_revoked', details: {} }, { kind: 'lead', id: leadId })
		return true
	})
}
