import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leads, outbox } from '#db/schema.ts'
import type { Company, Settings } from '#app/features/content/content-schemas.ts'
import { type ApiResult, type Transaction, hashRequest, withIdempotency } from '#app/features/http/idempotency.server.ts'
import { enqueueMail, outboxRow } from '#app/features/mail/outbox.server.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { longFormPayload, loanTypeFor, propertyValueFor } from '#app/features/leads/intake/lead-mapping.ts'
import { mailboxKey, normalizePhone } from '#app/features/validation/form-fields.ts'
import type { LongFormSubmission, ShortFormSubmission } from '#app/features/leads/intake/lead-schema.ts'
import { parseApplication } from '../model/lead-application.ts'
import { borrowerReplyTo, longFormEmail, newLeadEmail } from '../display/lead-notifications.ts'
import { assignedLeadEmail, ownLeadLongFormEmail } from '../routing/lead-assignment-mail.ts'
import { notifyAssignee } from '../routing/notify-assignee.server.ts'
import { findActiveOfficer, propertyStateOf, takeRoutingTurn } from '../routing/lead-routing.server.ts'
import { completionTokenFor } from './completion-token.server.ts'
import { returnLinkKeyFrom, returnTokenOpens } from './return-link.server.ts'
import { confirmationRow } from './borrower-confirmation.server.ts'
import { WRONG_CREDENTIALS } from './lead-api.server.ts'
import { type LeadMail, type ShortFormLead, consentEvidence, readBeforeLead, writeLead } from './write-lead.server.ts'
import { newWebhookEventId } from '#app/features/webhooks/signing.server.ts'
import { type LeadForPayload, leadData, webhookBody } from '#app/features/webhooks/webhook-payloads.ts'
import { enqueueLeadEvent, enqueueWebhookEvent, forgetSubscriptions, subscribedTypes } from '#app/features/webhooks/webhooks.server.ts'
import { REPEAT_INQUIRY_DAYS } from '../model/repeat-inquiry.ts'

export { REPEAT_INQUIRY_DAYS }

export type LeadRequestContext = {
	company: Company
	settings: Settings
	baseUrl: string
	clientIp: string
	/** docs/decisions/0077: the connection's own address, kept beside clientIp in the consent record. */
	socketIp: string
	userAgent: string | null
	idempotencyKey: string | null
	/** The key completion tokens are derived from (AppServices.leadTokenKey). */
	leadTokenKey: Buffer
	/** The program's maximum LTV when the lead came in, kept with the answers (docs/decisions/0051). */
	programMaxLtv?: number
	/**
	 * docs/decisions/0079: the e-mail or phone is over its hourly limit: the lead is kept as a repeat, unrouted, with
	 * no e-mail or webhook event and a line in its history saying why; the answer is the same as any lead's.
	 */
	quiet?: boolean
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

/** Does the bearer token belong to this lead? Compared in constant time. */
export function tokenMatches(token: string, storedHash: string | null) {
	if (!storedHash) return false
	const given = Buffer.from(sha256(token), 'hex')
	const stored = Buffer.from(storedHash, 'hex')
	return given.length === stored.length && crypto.timingSafeEqual(given, stored)
}

type CredentialLead = { id: string; completionTokenHash: string | null; returnLinksRevokedAt: Date | null; anonymizedAt: Date | null }

/**
 * The one check of a borrower's credential for their lead's calls: its completion token, or a return link that still
 * opens it (docs/decisions/0096). Both grant the same calls on that lead alone.
 */
export function leadCredentialOpens(leadTokenKey: Buffer, token: string, lead: CredentialLead, now = new Date()) {
	return tokenMatches(token, lead.completionTokenHash) || returnTokenOpens(returnLinkKeyFrom(leadTokenKey), token, lead, now)
}

/**
 * spec 1 §3 and §7 calls 3-4: creates the lead, its consent record and the staff notification atomically
 * (docs/decisions/0004, 0062: one statement). Answers 201 with the lead id and a completion token (only
 * its hash is stored).
 */
export async function createLeadFromShortForm(db: Database, input: ShortFormSubmission, context: LeadRequestContext): Promise<ApiResult> {
	const formData = input.formData as LoanFormData
	const submittedAt = new Date()
	// docs/decisions/0089: what the staff e-mails carry of the borrower.
	const staffMail = context.settings.staffMail.detail
	const routed = { state: propertyStateOf(formData), loanType: loanTypeFor(formData.loanProgram) }
	const { leadId: _ignored, ...formAnswers } = formData
	const answers = { ...formAnswers, ...(context.programMaxLtv === undefined ? {} : { program_max_ltv: context.programMaxLtv }) }
	const message = JSON.stringify({ ...answers, submitted_at: submittedAt.toISOString() })
	// docs/decisions/0081: one consent record, the same on every path and in lead.created.
	const consent = consentEvidence(input, context, submittedAt)
	/** The lead's columns, the same on every path; the token's hash comes with the id. */
	const newLead = (id: string, token: string, repeatOfLeadId: string | null): ShortFormLead => ({
		id,
		// The moment the form arrived, as the consent record and lead.created say (docs/decisions/0068).
		createdAt: submittedAt,
		firstName: formData.firstName!,
		lastName: formData.lastName!,
		email: formData.email!,
		phone: formData.phone!,
		loanType: routed.loanType,
		propertyType: formData.propertyType ?? null,
		transactionType: formData.transactionType ?? null,
		propertyValue: propertyValueFor(formData),
		sourcePage: input.sourcePage,
		message,
		status: 'new',
		formCompletionStatus: 'short_form',
		shortFormCompletedAt: submittedAt,
		completionTokenHash: sha256(token),
		// docs/decisions/0049: jane+quotes@ repeats jane@; the address itself is stored as typed.
		emailNormalized: mailboxKey(formData.email!),
		phoneNormalized: normalizePhone(formData.phone!),
		repeatOfLeadId,
		attribution: input.attribution ?? null,
	})
	const leadSummary = (lead: ShortFormLead) => ({
		id: lead.id,
		firstName: lead.firstName,
		lastName: lead.lastName,
		email: lead.email,
		phone: lead.phone,
		loanType: lead.loanType ?? null,
		propertyType: lead.propertyType ?? null,
		transactionType: lead.transactionType ?? null,
		propertyValue: lead.propertyValue ?? null,
		repeatOfLeadId: lead.repeatOfLeadId ?? null,
	})
	const newLeadMail = (lead: ShortFormLead): LeadMail => ({
		kind: 'notify-new-lead',
		draft: {
			to: [context.settings.adminEmail],
			...borrowerReplyTo(lead.email, staffMail),
			...newLeadEmail(leadSummary(lead), answers, context.baseUrl, { timeZone: context.settings.timeZone, detail: staffMail }),
		},
	})

	// docs/decisions/0068: the lead.created payload, built only when this process knows an endpoint that wants it.
	const wantsWebhook = !context.quiet && (await subscribedTypes(db)).has('lead.created')
	const leadCreatedBody = (written: ShortFormLead, officer: { id: string; name: string; email: string } | null) => {
		const lead: LeadForPayload = {
			...leadSummary(written),
			createdAt: submittedAt,
			status: 'new',
			sourcePage: input.sourcePage,
			message,
			formCompletionStatus: 'short_form',
			shortFormCompletedAt: submittedAt,
			longFormCompletedAt: null,
			firstContactedAt: null,
			attribution: input.attribution ?? null,
			assignedAt: officer ? submittedAt : null,
		}
		return webhookBody('lead.created', { lead: leadData(lead, consent, officer, context.baseUrl) }, submittedAt)
	}

	let facts: { repeatOfLeadId: string | null; officerFits: boolean }
	if (context.idempotencyKey === null && !context.quiet) {
		// docs/decisions/0062: no key to claim: one statement, which writes the lead unless an officer fits.
		const leadId = crypto.randomUUID()
		const token = completionTokenFor(context.leadTokenKey, leadId, null)
		const marker = crypto.randomUUID()
		const lead = newLead(leadId, token, null)
		const mailPayload = (repeatOfLeadId: string | null) => JSON.stringify(outboxRow(newLeadMail({ ...lead, repeatOfLeadId })).payload)
		const outcome = await writeLead(db, {
			when: 'unless-an-officer-fits',
			lead,
			consent,
			routed,
			mail: context.settings.enableNotifications ? { first: mailPayload(null), repeat: mailPayload(marker) } : null,
			marker,
			webhook: wantsWebhook
				? { id: newWebhookEventId(), body: JSON.stringify(leadCreatedBody({ ...lead, repeatOfLeadId: marker }, null)) }
				: undefined,
		})
		if (outcome.written) {
			// An endpoint added in another process moments ago, which this process has not read yet (it reads them again
			// every 5 s): the lead is stored, and its event follows in the next statement (docs/decisions/0068).
			if (outcome.wantsWebhook && !wantsWebhook) {
				forgetSubscriptions(db)
				await enqueueWebhookEvent(db, {
					type: 'lead.created',
					leadId,
					body: leadCreatedBody({ ...lead, repeatOfLeadId: outcome.repeatOfLeadId }, null),
				})
			}
			// The repeat flag is for staff only: a public answer never depends on other people's leads.
			return { status: 201, body: { id: leadId, token } }
		}
		facts = { repeatOfLeadId: outcome.repeatOfLeadId, officerFits: true }
	} else {
		// Read committed: this read sees what a read inside the transaction would (nothing is locked by it).
		facts = await readBeforeLead(
			db,
			{ emailNormalized: mailboxKey(formData.email!), phoneNormalized: normalizePhone(formData.phone!) },
			routed,
		)
	}
	const { repeatOfLeadId, officerFits } = facts

	const create = async (
		executor: Database | Transaction,
		officer: { id: string; name: string; email: string } | null,
	): Promise<ApiResult> => {
		// The id comes first: with an Idempotency-Key the token is derived from it (docs/decisions/0048).
		const leadId = crypto.randomUUID()
		const token = completionTokenFor(context.leadTokenKey, leadId, context.idempotencyKey)
		const lead = newLead(leadId, token, repeatOfLeadId)
		const mails: LeadMail[] = []
		if (context.settings.enableNotifications && !context.quiet) mails.push(newLeadMail(lead))
		const webhook = wantsWebhook ? { id: newWebhookEventId(), body: JSON.stringify(leadCreatedBody(lead, officer)) } : undefined
		const outcome = await writeLead(executor, {
			when: 'always',
			lead: officer ? { ...lead, assignedTo: officer.id, assignedAt: sql`now()` } : lead,
			consent,
			mails,
			routing: officer ?? undefined,
			webhook,
			quiet: context.quiet,
			confirmation: !context.quiet,
		})
		// docs/decisions/0035, 0111: the routing rules pick an officer, who hears of it as they chose, in this transaction.
		if (officer)
			await notifyAssignee(executor, officer, leadId, {
				kind: 'notify-assigned-lead',
				draft: assignedLeadEmail(officer, leadSummary(lead), formData, context.baseUrl, context.settings.timeZone, staffMail),
			})
		// An endpoint this process did not know of yet: queued in the same transaction (docs/decisions/0068).
		if (outcome.wantsWebhook && !webhook && !context.quiet) {
			forgetSubscriptions(db)
			await enqueueWebhookEvent(executor, { type: 'lead.created', leadId, body: leadCreatedBody(lead, officer) })
		}
		// The repeat flag is for staff only: a public answer never depends on other people's leads.
		return { status: 201, body: { id: leadId, token } }
	}

	// With a key to claim, or an officer to route to: a transaction around the one write.
	return withIdempotency(
		db,
		{
			scope: 'create-lead',
			key: context.idempotencyKey,
			requestHash: hashRequest(input),
			// decision 0011: the database never holds a usable token, so the stored answer leaves it out.
			storedBody: ({ token: _token, ...rest }) => rest,
		},
		async (tx) => create(tx, officerFits && !context.quiet ? await takeRoutingTurn(tx, routed) : null),
		// docs/decisions/0048: a retry (same key, same body) gets the same answer, byte for byte; nothing is revoked.
		async (_tx, first) => {
			if (first.status !== 201) return first
			const leadId = String(first.body.id)
			return { status: 201, body: { id: leadId, token: completionTokenFor(context.leadTokenKey, leadId, context.idempotencyKey) } }
		},
	)
}

/**
 * spec 1 §7 calls 5-6: applies the long form to the lead the token belongs to, marks it long_form
 * and queues the staff notification (once). Any other caller is refused.
 */
export async function completeLongForm(
	db: Database,
	leadId: string,
	token: string,
	input: LongFormSubmission,
	context: Pick<LeadRequestContext, 'settings' | 'baseUrl' | 'idempotencyKey' | 'leadTokenKey'>,
): Promise<ApiResult> {
	const formData = input.formData as LoanFormData
	return withIdempotency(
		db,
		{ scope: `long-form:${leadId}:${sha256(token).slice(0, 16)}`, key: context.idempotencyKey, requestHash: hashRequest(input) },
		async (tx) => {
			const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for('update')
			if (!lead || !leadCredentialOpens(context.leadTokenKey, token, lead)) {
				return { status: 403, body: WRONG_CREDENTIALS }
			}
			const firstCompletion = lead.formCompletionStatus !== 'long_form'
			const previous = parseApplication(lead.message) ?? {}
			const now = new Date()
			const payload = longFormPayload(formData)
			const { leadId: _ignored, ...answers } = formData
			const application = {
				...previous,
				...answers,
				submitted_at: previous.submitted_at ?? lead.createdAt.toISOString(),
				long_form_submitted_at: now.toISOString(),
			}
			const [updated] = await tx
				.update(leads)
				.set({
					ficoScoreDetailed: payload.ficoScoreDetailed,
					propertyDetails: payload.propertyDetails,
					loanCustomization: payload.loanCustomization,
					message: JSON.stringify(application),
					formCompletionStatus: 'long_form',
					longFormCompletedAt: firstCompletion ? now : lead.longFormCompletedAt,
				})
				.where(eq(leads.id, leadId))
				.returning()
			if (firstCompletion && context.settings.enableNotifications) {
				await enqueueMail(
					tx,
					'notify-long-form',
					{
						to: [context.settings.adminEmail],
						...borrowerReplyTo(updated!.email, context.settings.staffMail.detail),
						...longFormEmail(updated!, application, context.baseUrl, context.settings.timeZone, context.settings.staffMail.detail),
					},
					{ leadId },
				)
			}
			// docs/decisions/0053: the officer who owns the lead hears of its long form too, whatever the staff setting.
			const owner = firstCompletion && updated!.assignedTo ? await findActiveOfficer(tx, updated!.assignedTo) : null
			if (owner)
				await enqueueMail(
					tx,
					'notify-long-form-officer',
					ownLeadLongFormEmail(owner, updated!, application, context.baseUrl, context.settings.timeZone, context.settings.staffMail.detail),
					{ leadId },
				)
			// docs/decisions/0097: the borrower's second confirmation, with the terms the long form's thank-you shows them.
			if (firstCompletion) await tx.insert(outbox).values(confirmationRow(leadId, 'long'))
			// docs/decisions/0068: every save of the long form (the first and any correction), in this transaction.
			await enqueueLeadEvent(tx, 'lead.updated', leadId, { firstCompletion }, { baseUrl: context.baseUrl })
			return { status: 200, body: { id: leadId, formCompletionStatus: 'long_form' } }
		},
	)
}
