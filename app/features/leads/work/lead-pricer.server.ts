import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadQuotes, leads } from '#db/schema.ts'
import type { ActingStaff } from '#app/features/activity/activity-log.server.ts'
import type { Company } from '#app/features/content/content-schemas.ts'
import type { ContentStore } from '#app/features/content/content.server.ts'
import type { ApiResult } from '#app/features/http/idempotency.server.ts'
import { termsSummary } from '#app/features/pricing/borrower-terms.ts'
import type { PricingRequest, PricingResponse } from '#app/features/pricing/pricing-request.ts'
import { waitInMinutes } from '#app/features/http/too-many-requests.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'
import { type AttachTermsInput, type LeadPricerInput, PRICER_MESSAGES, pricerRefinements, pricerScenarioOf } from '../model/lead-pricer.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { NO_FIGURES_MESSAGE, priceLeadTerms } from '../terms/lead-terms.server.ts'
import { parseApplication } from '../model/lead-application.ts'

/**
 * docs/decisions/0112: the staff quick-pricer. The officer's inputs are priced by the public terms panel's own server
 * function (`priceLeadTerms`, docs/decisions/0066, 0095) on the current rate sheet; attaching stores a frozen `chosen`
 * copy that names who attached it.
 */

export type StaffPricing =
	| { ok: true; request: PricingRequest; terms: PricingResponse; summary: string; quoteId?: number }
	| { ok: false; status: number; error: string }

/**
 * docs/decisions/0112: the public pricing API's limit (600 an hour, so a script cannot mine the sheet), counted per staff
 * member: one officer's day of calls is far below it.
 */
export const STAFF_PRICING_RATE_LIMIT = { perUser: 600, windowSeconds: 3600 } as const
export const staffPricingLimitKey = (userId: string) => rateLimitKey('staff-pricing', userId)

/** Counts one pricing (`price` or `attach`) of this staff member; past the limit, the refusal to answer. */
export async function limitStaffPricing(db: Database, userId: string): Promise<StaffPricing | null> {
	const { perUser, windowSeconds } = STAFF_PRICING_RATE_LIMIT
	const result = await hitRateLimit(db, staffPricingLimitKey(userId), perUser, windowSeconds)
	if (result.allowed) return null
	return { ok: false, status: 429, error: PRICER_MESSAGES.tooMany(waitInMinutes(result.retryAfterSeconds)) }
}

/**
 * The first message of a refusal of `priceLeadTerms` (its `error`, else its first field's). A DSCR lead without the
 * figures (Add Lead asks no down payment) is told which ones the officer can type.
 */
function refusal(result: ApiResult, dscr: boolean): StaffPricing {
	const body = result.body as { error?: string; errors?: Record<string, string> }
	const error = body.error ?? Object.values(body.errors ?? {})[0] ?? PRICER_MESSAGES.priceFailed
	return { ok: false, status: result.status, error: dscr && error === NO_FIGURES_MESSAGE ? PRICER_MESSAGES.noFigures : error }
}

async function priceForStaff(db: Database, content: ContentStore, leadId: string, input: LeadPricerInput, company: Company) {
	const [lead] = await db.select().from(leads).where(eq(leads.id, leadId))
	if (!lead) return null
	const priced = await priceLeadTerms(db, content, lead, pricerRefinements(input), company, pricerScenarioOf(input))
	return { dscr: parseApplication(lead.message)?.loanProgram === 'dscr', priced }
}

/** The `price` intent: the scenario's terms on the current sheet; nothing is stored. Null: no such lead. */
export async function priceScenarioForStaff(
	db: Database,
	content: ContentStore,
	input: LeadPricerInput,
	company: Company,
): Promise<StaffPricing | null> {
	const found = await priceForStaff(db, content, input.leadId, input, company)
	if (!found) return null
	if (!found.priced.ok) return refusal(found.priced.result, found.dscr)
	const { request, response } = found.priced.priced
	return { ok: true, request, terms: response, summary: termsSummary(request, response) }
}

/**
 * The `attach` intent: prices the scenario again on the current sheet and keeps it as the lead's chosen terms (a
 * `chosen` row with who attached it), its history entry and the activity log's, in one transaction. Refused when the
 * terms are not offered, or when the sheet is no longer the one they were shown from. Null: no such lead.
 */
export async function attachTermsForStaff(
	db: Database,
	content: ContentStore,
	actor: ActingStaff,
	input: AttachTermsInput,
	options: { company: Company; baseUrl?: string },
): Promise<StaffPricing | null> {
	const found = await priceForStaff(db, content, input.leadId, input, options.company)
	if (!found) return null
	if (!found.priced.ok) return refusal(found.priced.result, found.dscr)
	const { request, response, version, terms } = found.priced.priced
	if (version !== input.sheetVersion) return { ok: false, status: 409, error: PRICER_MESSAGES.sheetChanged }
	if (!response.quotes[0]?.quote.eligible) return { ok: false, status: 422, error: PRICER_MESSAGES.notOffered }
	const summary = termsSummary(request, response)
	// Kept as the verbal consent keeps who took it (docs/decisions/0109): the name and address as they were then.
	const chosenByName = `${actor.name} <${actor.email}>`
	const quoteId = await db.transaction(async (tx) => {
		const [row] = await tx
			.insert(leadQuotes)
			.values({ leadId: input.leadId, event: 'chosen', sheetVersion: version, request, response, chosenById: actor.id, chosenByName })
			.returning({ id: leadQuotes.id, createdAt: leadQuotes.createdAt })
		await recordLeadActivity(tx, actor, [
			{
				leadId: input.leadId,
				action: 'terms_attached',
				detail: { quoteId: String(row!.id), sheetVersion: version, summary, byName: actor.name },
			},
		])
		// docs/decisions/0068: the lead's chosen terms, as a borrower's choice is sent, naming who attached them.
		await enqueueLeadEvent(
			tx,
			'quote.chosen',
			input.leadId,
			{
				quote: {
					id: row!.id,
					at: row!.createdAt.toISOString(),
					sheetVersion: version,
					summary,
					request,
					terms: response.quotes.slice(0, 3),
					assumed: terms.assumed,
					attachedBy: actor.name,
				},
			},
			{ baseUrl: options.baseUrl },
		)
		return row!.id
	})
	return { ok: true, request, terms: response, summary, quoteId }
}
