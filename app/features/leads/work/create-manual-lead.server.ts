import crypto from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { DEFAULT_TIME_ZONE } from '#app/features/content/time-zone.ts'
import type { Database } from '#db/client.ts'
import { contactMessages, leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { can } from '#app/features/auth/roles.ts'
import type { Company } from '#app/features/content/content-schemas.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { mailboxKey, normalizePhone } from '#app/features/validation/form-fields.ts'
import type { CreateLeadInput } from './lead-admin-schema.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { assignedLeadEmail } from '../routing/lead-assignment-mail.ts'
import { notifyAssignee } from '../routing/notify-assignee.server.ts'
import { routeNewLead } from '../routing/lead-routing.server.ts'
import { loanTypeFor, propertyValueFor } from '../intake/lead-mapping.ts'
import { verbalConsentEvidence, writeLead } from '../intake/write-lead.server.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'

/** docs/decisions/0109: why a lead made of a contact-form message was not saved. */
export const MESSAGE_LEAD_ERRORS = {
	notAllowed: 'Only staff who may read messages can make a lead of one',
	gone: 'This message no longer exists or already has a lead',
} as const

/** docs/decisions/0109: the lead was not saved because of its message (thrown, so the transaction writes nothing). */
export class MessageRefused extends Error {
	readonly status: number
	constructor(message: string, status: number) {
		super(message)
		this.status = status
	}
}

/** docs/decisions/0109: the answers a lead taken by phone keeps, as the wizard keeps its own (the message's JSON). */
export function phoneLeadAnswers(input: CreateLeadInput, at: Date): LoanFormData & Record<string, unknown> {
	const present = <T>(value: T | null) => value ?? undefined
	return {
		formMode: 'short',
		loanProgram: input.loanProgram,
		propertyType: input.propertyType,
		transactionType: present(input.transactionType),
		// The state is the one routing read; the typed address (when the caller gave one) is kept beside it.
		...(input.propertyAddress ? { propertyFullAddress: input.propertyAddress } : {}),
		propertyState: input.propertyState,
		purchasePrice: present(input.purchasePrice),
		estimatedPropertyValue: present(input.estimatedPropertyValue),
		currentBalance: present(input.currentBalance),
		monthlyRent: present(input.monthlyRent),
		firstName: input.firstName,
		lastName: input.lastName,
		email: input.email,
		phone: input.phone,
		notes: present(input.message),
		channel: input.contactMessageId ? 'contact-message' : 'phone',
		submitted_at: at.toISOString(),
	}
}

/**
 * spec 2 §5 and §7 "Create lead", docs/decisions/0109: a lead taken by phone (or made of a contact-form message),
 * entered by staff (already validated by createLeadSchema). docs/decisions/0035: a loan officer keeps the lead they
 * entered; otherwise the wizard's routing picks an officer by program and state, who is e-mailed in the same
 * transaction. A lead entered in a status other than new has had its first contact.
 */
export async function createManualLead(
	db: Database,
	actor: StaffUser,
	input: CreateLeadInput,
	options: { baseUrl?: string; timeZone?: string; staffMail?: StaffMailDetail; company?: Pick<Company, 'name' | 'phone'> } = {},
): Promise<{ id: string; assignedTo: string | null }> {
	if (input.contactMessageId && !can(actor.roles, 'messages')) throw new MessageRefused(MESSAGE_LEAD_ERRORS.notAllowed, 403)
	if (input.verbalConsent && !options.company) throw new Error('The consent script needs the company')
	return db.transaction(async (tx) => {
		const officerEntered = actor.roles.includes('user')
		const id = crypto.randomUUID()
		const at = new Date()
		const answers = phoneLeadAnswers(input, at)
		// docs/decisions/0081: written by the one lead writer; docs/decisions/0109: the caller's verbal consent is its
		// consent record, built by the one builder; without it the lead has none (Call and Text then warn).
		await writeLead(tx, {
			when: 'always',
			lead: {
				id,
				createdAt: at,
				firstName: input.firstName,
				lastName: input.lastName,
				email: input.email,
				phone: input.phone,
				loanType: loanTypeFor(input.loanProgram),
				propertyType: input.propertyType,
				transactionType: input.transactionType,
				propertyValue: propertyValueFor(answers),
				sourcePage: input.sourcePage,
				message: JSON.stringify(answers),
				status: input.status,
				// Normalised like wizard leads, so phone search and repeat detection see manual leads too.
				emailNormalized: mailboxKey(input.email),
				phoneNormalized: normalizePhone(input.phone),
				assignedTo: officerEntered ? actor.id : null,
				assignedAt: officerEntered ? sql`now()` : null,
				firstContactedAt: input.status === 'new' ? null : sql`now()`,
			},
			consent: input.verbalConsent ? verbalConsentEvidence(options.company!, actor, at) : null,
			mails: [],
		})
		if (input.contactMessageId) {
			// docs/decisions/0109: the message links to its lead, once; it is read now that a lead is made of it.
			const linked = await tx
				.update(contactMessages)
				.set({ leadId: id, readAt: sql`coalesce(${contactMessages.readAt}, now())` })
				.where(and(eq(contactMessages.id, input.contactMessageId), isNull(contactMessages.leadId), isNull(contactMessages.anonymizedAt)))
				.returning({ id: contactMessages.id })
			if (linked.length === 0) throw new MessageRefused(MESSAGE_LEAD_ERRORS.gone, 409)
		}
		const [lead] = await tx.select().from(leads).where(eq(leads.id, id))
		await recordLeadActivity(tx, actor, [
			{
				leadId: id,
				action: 'created',
				detail: {
					status: input.status,
					sourcePage: input.sourcePage,
					channel: answers.channel,
					consent: input.verbalConsent ? 'verbal' : 'none',
					...(input.contactMessageId ? { contactMessageId: input.contactMessageId } : {}),
				},
			},
		])
		if (officerEntered) {
			await recordLeadActivity(tx, actor, [
				{ leadId: id, action: 'assigned', detail: { fromId: null, toId: actor.id, toName: actor.name, by: 'claim' } },
			])
		} else {
			// docs/decisions/0109: the wizard's routing, by the wizard's program and the property's state.
			const officer = await routeNewLead(tx, { id, state: input.propertyState, loanType: lead!.loanType })
			if (officer && options.baseUrl)
				// docs/decisions/0111: by e-mail, by text, both or neither, as the officer chose.
				await notifyAssignee(tx, officer, lead!.id, {
					kind: 'notify-assigned-lead',
					draft: assignedLeadEmail(officer, lead!, answers, options.baseUrl, options.timeZone ?? DEFAULT_TIME_ZONE, options.staffMail),
				})
		}
		await enqueueLeadEvent(tx, 'lead.created', id, {}, options)
		const [stored] = await tx.select({ id: leads.id, assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, id))
		return stored!
	})
}
