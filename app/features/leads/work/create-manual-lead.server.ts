import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { DEFAULT_TIME_ZONE } from '#app/features/content/time-zone.ts'
import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { mailboxKey, normalizePhone } from '#app/features/validation/form-fields.ts'
import type { CreateLeadInput } from './lead-admin-schema.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { assignedLeadEmail } from '../routing/lead-assignment-mail.ts'
import { routeNewLead } from '../routing/lead-routing.server.ts'
import { writeLead } from '../intake/write-lead.server.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'

/**
 * spec 2 §5 and §7 "Create lead": a lead taken by phone, entered by staff (already validated by createLeadSchema).
 * docs/decisions/0035: a loan officer keeps the lead they entered; otherwise the routing rules pick an officer, who is
 * e-mailed in the same transaction. A lead entered in a status other than new has had its first contact.
 */
export async function createManualLead(
	db: Database,
	actor: StaffUser,
	input: CreateLeadInput,
	options: { baseUrl?: string; timeZone?: string; staffMail?: StaffMailDetail } = {},
) {
	return db.transaction(async (tx) => {
		const officerEntered = actor.roles.includes('user')
		// docs/decisions/0081: written by the one lead writer, with no consent record (no visitor consented: staff typed it).
		const id = crypto.randomUUID()
		await writeLead(tx, {
			when: 'always',
			lead: {
				...input,
				id,
				// Normalised like wizard leads, so phone search and repeat detection see manual leads too.
				emailNormalized: mailboxKey(input.email),
				phoneNormalized: normalizePhone(input.phone),
				assignedTo: officerEntered ? actor.id : null,
				assignedAt: officerEntered ? sql`now()` : null,
				firstContactedAt: input.status === 'new' ? null : sql`now()`,
			},
			consent: null,
			mails: [],
		})
		const [lead] = await tx.select().from(leads).where(eq(leads.id, id))
		await recordLeadActivity(tx, actor, [
			{ leadId: lead!.id, action: 'created', detail: { status: input.status, sourcePage: input.sourcePage } },
		])
		if (officerEntered) {
			await recordLeadActivity(tx, actor, [
				{ leadId: lead!.id, action: 'assigned', detail: { fromId: null, toId: actor.id, toName: actor.name, by: 'claim' } },
			])
		} else {
			const officer = await routeNewLead(tx, { id: lead!.id, state: null, loanType: lead!.loanType })
			if (officer && options.baseUrl)
				await enqueueMail(
					tx,
					'notify-assigned-lead',
					assignedLeadEmail(officer, lead!, {} as LoanFormData, options.baseUrl, options.timeZone ?? DEFAULT_TIME_ZONE, options.staffMail),
				)
		}
		await enqueueLeadEvent(tx, 'lead.created', lead!.id, {}, options)
		const [stored] = await tx.select({ id: leads.id, assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, lead!.id))
		return stored!
	})
}
