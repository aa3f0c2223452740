import { desc, eq, getTableColumns } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadConsents, leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { type LeadActivityEntry, leadActivityLog } from './lead-activity.server.ts'

const { completionTokenHash: _secret, emailNormalized: _email, phoneNormalized: _phone, ...detailColumns } = getTableColumns(leads)

export type LeadConsentRecord = {
	consentVersion: string
	consentedAt: Date
	ipAddress: string
	userAgent: string | null
	pageUrl: string
	consentText: string
}

export type LeadDetails = Omit<typeof leads.$inferSelect, 'completionTokenHash' | 'emailNormalized' | 'phoneNormalized'> & {
	consent: LeadConsentRecord | null
	/** The earlier lead this one repeats (spec 1: same e-mail or phone within 90 days), if it still exists. */
	repeatOf: { id: string; firstName: string; lastName: string; createdAt: Date } | null
	activity: LeadActivityEntry[]
}

/** spec 2 §2 Lead details dialog, with the wizard's consent, repeat and attribution facts and the activity log. */
export async function getLeadDetails(db: Database, _actor: StaffUser, leadId: string): Promise<LeadDetails | null> {
	const [lead] = await db.select(detailColumns).from(leads).where(eq(leads.id, leadId))
	if (!lead) return null
	const [consents, repeatOf, activity] = await Promise.all([
		db
			.select({
				consentVersion: leadConsents.consentVersion,
				consentedAt: leadConsents.consentedAt,
				ipAddress: leadConsents.ipAddress,
				userAgent: leadConsents.userAgent,
				pageUrl: leadConsents.pageUrl,
				consentText: leadConsents.consentText,
			})
			.from(leadConsents)
			.where(eq(leadConsents.leadId, leadId))
			.orderBy(desc(leadConsents.consentedAt))
			.limit(1),
		lead.repeatOfLeadId
			? db
					.select({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName, createdAt: leads.createdAt })
					.from(leads)
					.where(eq(leads.id, lead.repeatOfLeadId))
			: Promise.resolve([]),
		leadActivityLog(db, leadId),
	])
	return { ...lead, consent: consents[0] ?? null, repeatOf: repeatOf[0] ?? null, activity }
}
