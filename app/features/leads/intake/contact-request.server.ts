import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadActivity, leads } from '#db/schema.ts'
import type { Settings } from '#app/features/content/content-schemas.ts'
import type { ApiResult } from '#app/features/http/idempotency.server.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'
import { borrowerReplyTo, contactRequestEmail } from '../display/lead-notifications.ts'
import { parseApplication } from '../model/lead-application.ts'
import { findActiveOfficer, managerEmails } from '../routing/lead-routing.server.ts'

/**
 * docs/decisions/0079: the borrower pressed "Contact Me" on the thank-you screen. The first press, in one transaction,
 * flags the lead (`contact_requested_at`, shown to staff as a priority), writes its history, e-mails the officer who
 * owns it (or the managers, else the admin e-mail) and queues `lead.contact_requested`. Any later press answers the
 * same and does nothing more: nobody is told twice.
 */
export async function requestContact(
	db: Database,
	leadId: string,
	context: { settings: Pick<Settings, 'adminEmail' | 'timeZone' | 'staffMail'>; baseUrl: string },
): Promise<ApiResult> {
	return db.transaction(async (tx) => {
		const [flagged] = await tx
			.update(leads)
			.set({ contactRequestedAt: sql`now()` })
			.where(and(eq(leads.id, leadId), isNull(leads.contactRequestedAt)))
			.returning()
		if (!flagged) {
			const [lead] = await tx.select({ at: leads.contactRequestedAt }).from(leads).where(eq(leads.id, leadId))
			return { status: 200, body: { id: leadId, contactRequestedAt: lead?.at?.toISOString() ?? null } }
		}
		const requestedAt = flagged.contactRequestedAt!
		await tx.insert(leadActivity).values({ leadId, action: 'contact_requested' })
		const owner = flagged.assignedTo ? await findActiveOfficer(tx, flagged.assignedTo) : null
		const fallback = owner ? [] : await managerEmails(tx)
		const to = owner ? [owner.email] : fallback.length > 0 ? fallback : [context.settings.adminEmail]
		// Like routing and escalation mail (docs/decisions/0053), whatever the Settings e-mail switch: a borrower waits.
		await enqueueMail(
			tx,
			'notify-contact-request',
			{
				to,
				...borrowerReplyTo(flagged.email, context.settings.staffMail.detail),
				...contactRequestEmail(flagged, requestedAt, {
					baseUrl: context.baseUrl,
					timeZone: context.settings.timeZone,
					forOwner: owner !== null,
					// docs/decisions/0089: the minimal e-mail names the property's state, read from the answers.
					detail: context.settings.staffMail.detail,
					answers: parseApplication(flagged.message),
				}),
			},
			{ leadId },
		)
		await enqueueLeadEvent(tx, 'lead.contact_requested', leadId, {}, { baseUrl: context.baseUrl })
		return { status: 200, body: { id: leadId, contactRequestedAt: requestedAt.toISOString() } }
	})
}
