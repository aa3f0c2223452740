import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { normalizeEmail, normalizePhone } from '#app/features/quote-wizard/lead-mapping.ts'
import type { CreateLeadInput } from './lead-admin-schema.ts'
import { recordLeadActivity } from './lead-activity.server.ts'

/** spec 2 §5 and §7 "Create lead": a lead taken by phone, entered by staff (already validated by createLeadSchema). */
export async function createManualLead(db: Database, actor: StaffUser, input: CreateLeadInput) {
	return db.transaction(async (tx) => {
		const [lead] = await tx
			.insert(leads)
			.values({
				...input,
				// Normalised like wizard leads, so phone search and repeat detection see manual leads too.
				emailNormalized: normalizeEmail(input.email),
				phoneNormalized: normalizePhone(input.phone),
			})
			.returning({ id: leads.id })
		await recordLeadActivity(tx, actor, [{ leadId: lead!.id, action: 'created', detail: { status: input.status, sourcePage: input.sourcePage } }])
		return lead!
	})
}
