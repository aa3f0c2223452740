import crypto from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { contentVersions, leadConsents, leadQuotes, leads } from '#db/schema.ts'
import type { Company, Settings } from '#app/features/content/content-schemas.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import type { ContentStore } from '#app/features/content/content.server.ts'
import type { ApiResult } from '#app/features/http/idempotency.server.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import {
	type LeadQuoteRequest,
	PURPOSE_STATEMENT_VERSION,
	type PurposeStatement,
	type PurposeStatementInput,
	ownerOccupantMessage,
	purposeStatementText,
	scenarioNotes,
	termsRequest,
	termsSummary,
} from '#app/features/pricing/borrower-terms.ts'
import { type PricingRequest, type PricingResponse, priceRequest, pricingRequestSchema } from '#app/features/pricing/pricing-request.ts'
import { type RateSheet, rateSheetSchema } from '#app/features/pricing/rate-sheet.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import type { AnswersScenario } from '#app/features/pricing/scenario-from-answers.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { parseApplication } from '../model/lead-application.ts'
import { type PricerScenario, answersForPricer } from '../model/lead-pricer.ts'
import { leadCredentialOpens } from '../intake/leads.server.ts'
import { sendConfirmationNow } from '../intake/borrower-confirmation.server.ts'
import { findActiveOfficer } from '../routing/lead-routing.server.ts'
import { borrowerTermsEmail, staffChosenTermsEmail } from './terms-mail.ts'
import { stateForStaff } from '../display/lead-notifications.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'

/**
 * docs/decisions/0066: what a borrower states and is quoted after the short form, recorded against the lead. The
 * browser sends only its statement, its refinements (credit band, rent, taxes, insurance, HOA) and its choice; the
 * server prices the lead's stored answers with the current rate sheet and keeps a frozen copy of every answer.
 */

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')
/** Terms a borrower may choose (each e-mailed to them and to the team) in an hour. */
export const CHOICES_PER_HOUR = 5

export type Evidence = { clientIp: string; socketIp: string; userAgent: string | null; baseUrl: string }

export type Lead = typeof leads.$inferSelect

/** The lead whose completion token this is, or null (a wrong token and a missing lead answer alike). */
export async function leadWithToken(db: Database, leadTokenKey: Buffer, leadId: string, token: string): Promise<Lead | null> {
	const [lead] = await db.select().from(leads).where(eq(leads.id, leadId))
	return lead && leadCredentialOpens(leadTokenKey, token, lead) ? lead : null
}

/** The answer to a statement: an owner-occupant's carries the message to show. */
function statementBody(leadId: string, statement: PurposeStatement, company: Company) {
	return { id: leadId, statement, ...(statement === 'owner-occupant' ? { message: ownerOccupantMessage(company) } : {}) }
}

/** The latest purpose statement of a lead, or null when it made none. */
export async function purposeOf(db: Database, leadId: string) {
	const [row] = await db
		.select({ kind: leadConsents.kind })
		.from(leadConsents)
		.where(and(eq(leadConsents.leadId, leadId), inArray(leadConsents.kind, ['business-purpose', 'owner-occupant'])))
		.orderBy(desc(leadConsents.consentedAt), desc(leadConsents.id))
		.limit(1)
	return (row?.kind ?? null) as 'business-purpose' | 'owner-occupant' | null
}

/** POST /api/leads/:id/purpose: records the statement with its evidence, like the consent to be contacted. */
export async function recordPurposeStatement(
	db: Database,
	lead: Lead,
	input: PurposeStatementInput,
	context: { company: Company; evidence: Evidence },
): Promise<ApiResult> {
	if (input.statementVersion !== PURPOSE_STATEMENT_VERSION) {
		return { status: 409, body: { error: 'The statement has changed since this page was loaded. Please reload the page.' } }
	}
	const leadId = lead.id
	// The first statement stands (an owner-occupant cannot take it back in another tab to see terms): the same
	// answer again changes nothing, another one is refused with what was stated. A mistake is for a loan officer.
	const stated = await purposeOf(db, leadId)
	if (stated) {
		const body = statementBody(leadId, stated, context.company)
		if (stated === input.statement) return { status: 200, body }
		return {
			status: 409,
			body: {
				...body,
				error: `You already told us how the property will be used. To change your answer, call us at ${context.company.phone}.`,
			},
		}
	}
	const text = purposeStatementText(input.statement, context.company)
	await db.insert(leadConsents).values({
		leadId,
		kind: input.statement,
		consentText: text,
		consentVersion: PURPOSE_STATEMENT_VERSION,
		consentHash: sha256(text),
		ipAddress: context.evidence.clientIp,
		socketIpAddress: context.evidence.socketIp,
		userAgent: context.evidence.userAgent,
		// The statement is made on the wizard's last screen, at the page the lead came from.
		pageUrl: `${context.evidence.baseUrl}${lead.sourcePage ?? '/fast-quote'}`,
	})
	// docs/decisions/0097: an owner-occupant sees no terms, so their confirmation waits for none.
	if (input.statement === 'owner-occupant') await sendConfirmationNow(db, leadId)
	return { status: 200, body: statementBody(leadId, input.statement, context.company) }
}

/** The rate sheet as it was at a stored version (version 0: the default document, before any was saved). */
export async function rateSheetAt(db: Database, version: number): Promise<RateSheet | null> {
	if (version === 0) return defaultContent().rateSheet
	const [row] = await db
		.select({ data: contentVersions.data })
		.from(contentVersions)
		.where(and(eq(contentVersions.key, 'rateSheet'), eq(contentVersions.version, version)))
		.limit(1)
	if (!row) return null
	const parsed = rateSheetSchema.safeParse(row.data)
	return parsed.success ? parsed.data : null
}

/** Prices a stored snapshot's request again on its own sheet version: the same answer, to the cent, or null. */
export async function repriceSnapshot(db: Database, snapshot: { sheetVersion: number; request: unknown }) {
	const sheet = await rateSheetAt(db, snapshot.sheetVersion)
	const request = pricingRequestSchema.safeParse(snapshot.request)
	if (!sheet || !request.success) return null
	return priceRequest(sheet, snapshot.sheetVersion, request.data)
}

/** The refusal of answers that do not name the figures a price needs (a short-term loan's missing budget, say). */
export const NO_FIGURES_MESSAGE = 'These answers do not give the figures a price needs.'

/** The lead's answers priced with the borrower's refinements and choice (the quotes API's and the term sheet's pricing). */
export type PricedLeadTerms = {
	answers: LoanFormData
	terms: AnswersScenario
	request: PricingRequest
	response: PricingResponse
	version: number
}

/**
 * Prices a lead's stored answers with the borrower's refinements and choice on the current rate sheet, after the
 * business-purpose statement (docs/decisions/0066): the one pricing of POST /api/leads/:id/quotes and of the term
 * sheet (docs/decisions/0095). The refusal to answer when the lead cannot be priced.
 */
export async function priceLeadTerms(
	db: Database,
	content: ContentStore,
	lead: Lead,
	input: Pick<LeadQuoteRequest, 'refinements' | 'choice'>,
	company: Company,
	/**
	 * docs/decisions/0112: the staff quick-pricer's scenario. A staff member prices without the borrower's statement
	 * (they ask the caller; an owner-occupant's statement still refuses), and may set a DSCR loan's property and amounts.
	 */
	staff?: PricerScenario,
): Promise<{ ok: true; priced: PricedLeadTerms } | { ok: false; result: ApiResult }> {
	const purpose = await purposeOf(db, lead.id)
	if (purpose === 'owner-occupant' || (purpose !== 'business-purpose' && !staff)) {
		return {
			ok: false,
			result: {
				status: 409,
				body: {
					error:
						purpose === 'owner-occupant'
							? ownerOccupantMessage(company)
							: 'Confirm that the loan is for business or investment purposes before terms are shown.',
				},
			},
		}
	}
	const answers = (parseApplication(lead.message) ?? {}) as LoanFormData
	if (input.choice && answers.loanProgram !== 'dscr') {
		return { ok: false, result: { status: 422, body: { errors: { choice: 'Only a DSCR loan has prepayment and points choices' } } } }
	}
	if ((input.refinements.product !== undefined || input.refinements.interestOnly !== undefined) && answers.loanProgram !== 'dscr') {
		const field = input.refinements.product !== undefined ? 'product' : 'interestOnly'
		return {
			ok: false,
			result: { status: 422, body: { errors: { [`refinements.${field}`]: 'Only a DSCR loan has a choice of product and payments' } } },
		}
	}
	const set = staff ? (['propertyType', 'propertyValue', 'loanAmount'] as const).find((field) => staff[field] !== undefined) : undefined
	if (set && answers.loanProgram !== 'dscr') {
		return {
			ok: false,
			result: { status: 422, body: { errors: { [set]: 'Only a DSCR loan’s property, value and loan amount are set here' } } },
		}
	}
	const terms = termsRequest(staff ? answersForPricer(answers, staff) : answers, input.refinements, input.choice)
	if (!terms) return { ok: false, result: { status: 422, body: { error: NO_FIGURES_MESSAGE } } }
	if (staff && terms.request.program === 'dscr') {
		const { propertyType, propertyValue, loanAmount } = staff
		terms.request = {
			...terms.request,
			...(propertyType ? { propertyType } : {}),
			...(propertyValue === undefined ? {} : { propertyValue }),
			...(loanAmount === undefined ? {} : { loanAmount }),
		}
	}
	const parsed = pricingRequestSchema.safeParse(terms.request)
	if (!parsed.success) return { ok: false, result: { status: 422, body: { errors: fieldErrors(parsed.error) } } }
	const { data: sheet, version } = await content.getWithVersion('rateSheet')
	const response = priceRequest(sheet, version, parsed.data)
	return { ok: true, priced: { answers, terms, request: parsed.data, response, version } }
}

/**
 * POST /api/leads/:id/quotes: prices the lead's answers with the borrower's refinements (and choice), stores the
 * frozen copy and answers the terms. A chosen quote also e-mails the borrower and the team (through the outbox,
 * in the same transaction as its copy).
 */
export async function quoteLead(
	db: Database,
	content: ContentStore,
	lead: Lead,
	input: LeadQuoteRequest,
	context: { company: Company; settings: Settings; baseUrl: string },
): Promise<ApiResult> {
	const leadId = lead.id
	const pricing = await priceLeadTerms(db, content, lead, input, context.company)
	if (!pricing.ok) return pricing.result
	const { answers, terms, response, version } = pricing.priced
	const parsed = { data: pricing.priced.request }
	const chosen = input.event === 'chosen'
	if (chosen && !response.quotes[0]?.quote.eligible) {
		return { status: 422, body: { error: 'These terms are not offered, so they cannot be chosen.', terms: response } }
	}
	const answer = { status: 200, body: { id: leadId, event: input.event, terms: response, assumed: terms.assumed } }
	return db.transaction(async (tx) => {
		if (chosen) {
			// One choice of a lead at a time (the lead's row is locked): a repeat of the latest choice (a retry, a double
			// tap, a replayed request) is answered without a second copy or e-mail; a borrower changing their mind is
			// e-mailed at most CHOICES_PER_HOUR times an hour.
			await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for('update')
			const earlier = await tx
				.select({ request: leadQuotes.request, sheetVersion: leadQuotes.sheetVersion, createdAt: leadQuotes.createdAt })
				.from(leadQuotes)
				.where(and(eq(leadQuotes.leadId, leadId), eq(leadQuotes.event, 'chosen')))
				.orderBy(desc(leadQuotes.createdAt), desc(leadQuotes.id))
				.limit(CHOICES_PER_HOUR)
			const latest = earlier[0]
			if (latest && latest.sheetVersion === version && isDeepStrictEqual(latest.request, JSON.parse(JSON.stringify(parsed.data))))
				return answer
			const hourAgo = Date.now() - 3_600_000
			if (earlier.length >= CHOICES_PER_HOUR && earlier.every((row) => row.createdAt.getTime() > hourAgo)) {
				return {
					status: 429,
					body: { error: `You chose terms several times in the last hour. Please call us at ${context.company.phone} to go on.` },
				}
			}
		}
		const [snapshot] = await tx
			.insert(leadQuotes)
			.values({ leadId, event: input.event, sheetVersion: version, request: parsed.data, response })
			.returning({ id: leadQuotes.id, createdAt: leadQuotes.createdAt })
		// docs/decisions/0068: quote.presented / quote.chosen with the terms as the borrower saw them, in this transaction.
		await enqueueLeadEvent(
			tx,
			chosen ? 'quote.chosen' : 'quote.presented',
			leadId,
			{
				quote: {
					id: snapshot!.id,
					at: snapshot!.createdAt.toISOString(),
					sheetVersion: version,
					// The terms in one line, as the e-mails say them (a CRM's note, HubSpot's message).
					summary: termsSummary(parsed.data, response),
					request: parsed.data,
					terms: response.quotes.slice(0, 3),
					assumed: terms.assumed,
				},
			},
			{ baseUrl: context.baseUrl },
		)
		// docs/decisions/0097: the terms are on the borrower's screen: their confirmation names them, now.
		await sendConfirmationNow(tx, leadId)
		if (!chosen) return answer
		const notes = scenarioNotes({ ...terms, request: parsed.data })
		const staffMail = { detail: context.settings.staffMail.detail, state: stateForStaff(answers) }
		await enqueueMail(tx, 'borrower-terms', borrowerTermsEmail(lead, parsed.data, response, terms.assumed, context.company, notes), {
			leadId,
		})
		if (context.settings.enableNotifications)
			await enqueueMail(
				tx,
				'notify-chosen-terms',
				staffChosenTermsEmail(lead, parsed.data, response, [context.settings.adminEmail], context.baseUrl, notes, staffMail),
				{ leadId },
			)
		const owner = lead.assignedTo ? await findActiveOfficer(tx, lead.assignedTo) : null
		if (owner)
			await enqueueMail(
				tx,
				'notify-chosen-terms-officer',
				staffChosenTermsEmail(lead, parsed.data, response, [owner.email], context.baseUrl, notes, staffMail),
				{ leadId },
			)
		return answer
	})
}

export type LeadQuoteSnapshot = {
	id: number
	createdAt: Date
	event: 'presented' | 'chosen'
	sheetVersion: number
	request: PricingRequest
	response: PricingResponse
	/** docs/decisions/0112: the staff member who attached a chosen copy; null when the borrower chose it. */
	chosenById: string | null
	chosenByName: string | null
}

/** Every snapshot of a lead, oldest first (lead details). */
export async function leadQuoteSnapshots(db: Database, leadId: string): Promise<LeadQuoteSnapshot[]> {
	const rows = await db
		.select()
		.from(leadQuotes)
		.where(eq(leadQuotes.leadId, leadId))
		.orderBy(asc(leadQuotes.createdAt), asc(leadQuotes.id))
	return rows as LeadQuoteSnapshot[]
}
