import { z } from 'zod'
import { singleLineText } from '#app/features/validation/safe-text.ts'
import { cashOutTermsLine } from '#app/features/quote-wizard/cash-out-amounts.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { PREPAYMENT_LABELS, PRODUCT_LABELS } from './dscr-pricing.ts'
import { type PricingRequest, type PricingResponse, dscrRequestSchema } from './pricing-request.ts'
import { FICO_BANDS, type FicoBand, PREPAYMENT_OPTIONS, type PrepaymentOption } from './rate-sheet.ts'
import { formatRate } from './rate-format.ts'
import { type AnswersScenario, scenarioFromAnswers } from './scenario-from-answers.ts'

/**
 * The borrower's side of indicative terms (docs/decisions/0066): the business-purpose statement made
 * before any terms are shown, the refinements a borrower types on the thank-you screen (credit band, rent, taxes,
 * insurance, HOA) and the choice of a prepayment option × points. Shared by the wizard's terms panel and the
 * server, which prices the lead's stored answers itself and only takes these refinements from the browser.
 */

/** Bump whenever the statement's wording changes: a stored statement names the version the borrower saw. */
export const PURPOSE_STATEMENT_VERSION = '2026-11-26'

export const PURPOSE_STATEMENTS = ['business-purpose', 'owner-occupant'] as const
export type PurposeStatement = (typeof PURPOSE_STATEMENTS)[number]

/** The words of each answer, stored with the evidence (text, version, hash, time, IP, user agent, page). */
export function purposeStatementText(statement: PurposeStatement, company: { name: string }) {
	return statement === 'business-purpose'
		? `I confirm that the loan I am requesting from ${company.name} is for business or investment purposes only, ` +
				'and that neither I nor any member of my family will live in the property.'
		: 'I or a member of my family plan to live in the property.'
}

/** How staff read a statement (lead details, CSV). */
export const PURPOSE_STATEMENT_LABELS: Record<PurposeStatement, string> = {
	'business-purpose': 'Business or investment purpose',
	'owner-occupant': 'Owner-occupant: told our loans are for investors, no terms shown',
}

/** What an owner-occupant reads instead of terms: the lead still reaches the team. */
export function ownerOccupantMessage(company: { name: string; phone: string }) {
	return (
		`${company.name} lends to real estate investors only: our loans are for properties that neither the borrower ` +
		'nor their family will live in, so we cannot show terms for a home you will live in. ' +
		`Your request is with our team, and a loan officer can talk through your plans; or call us at ${company.phone}.`
	)
}

export const purposeStatementSchema = z.strictObject({
	statement: z.enum(PURPOSE_STATEMENTS, { message: 'Choose how the property will be used' }),
	statementVersion: singleLineText({ message: 'Send the version of the statement shown' }).min(1).max(40),
})
export type PurposeStatementInput = z.infer<typeof purposeStatementSchema>

const dscrFields = dscrRequestSchema.shape

/** What a borrower may change on the thank-you screen; everything else comes from the lead's stored answers. */
export const termsRefinementsSchema = z.strictObject({
	ficoBand: z.enum(FICO_BANDS, { message: 'Choose a credit score band' }).optional(),
	monthlyRent: dscrFields.monthlyRent,
	annualTaxes: dscrFields.annualTaxes,
	annualInsurance: dscrFields.annualInsurance,
	monthlyHoa: dscrFields.monthlyHoa,
	/** docs/decisions/0103: the loan chosen beside the band and the grid (DSCR only); unset, the answers'. */
	product: dscrFields.product.unwrap().optional(),
	interestOnly: dscrFields.interestOnly.unwrap().optional(),
})
export type TermsRefinements = z.infer<typeof termsRefinementsSchema>

export const termsChoiceSchema = z.strictObject({
	prepayment: z.enum(PREPAYMENT_OPTIONS, { message: `Choose a prepayment option: ${PREPAYMENT_OPTIONS.join(', ')}` }),
	points: dscrFields.points.unwrap(),
})
export type TermsChoiceInput = z.infer<typeof termsChoiceSchema>

/** POST /api/leads/:id/quotes: a quote shown (presented) or taken (chosen), priced by the server from the lead. */
export const leadQuoteRequestSchema = z
	.strictObject({
		event: z.enum(['presented', 'chosen'], { message: 'event must be presented or chosen' }),
		refinements: termsRefinementsSchema.default({}),
		choice: termsChoiceSchema.optional(),
	})
	.superRefine((value, context) => {
		if (value.event === 'chosen' && !value.refinements.ficoBand)
			context.addIssue({ code: 'custom', path: ['refinements', 'ficoBand'], message: 'Choose your credit score band to choose terms' })
	})
export type LeadQuoteRequest = z.infer<typeof leadQuoteRequestSchema>

/**
 * The pricing request of a lead's answers with the borrower's refinements and choice, or null when the answers do
 * not name the figures a price needs. Rent, taxes, insurance, HOA and the choice apply to DSCR loans only.
 */
export function termsRequest(answers: LoanFormData, refinements: TermsRefinements = {}, choice?: TermsChoiceInput): AnswersScenario | null {
	const scenario = scenarioFromAnswers(answers)
	if (!scenario) return null
	const band = refinements.ficoBand ?? scenario.request.ficoBand
	const assumed = band ? scenario.assumed.filter((line) => !line.startsWith('Your credit score')) : scenario.assumed
	if (scenario.request.program !== 'dscr') {
		return { ...scenario, request: { ...scenario.request, ...(band ? { ficoBand: band } : {}) }, assumed }
	}
	const { ficoBand: _band, ...refined } = refinements
	const defined = Object.fromEntries(Object.entries(refined).filter(([, value]) => value !== undefined))
	return {
		...scenario,
		request: { ...scenario.request, ...defined, ...(band ? { ficoBand: band } : {}), ...(choice ?? {}) },
		assumed,
	}
}

/**
 * What the terms were priced for beyond the request's figures, in words a borrower reads (docs/decisions/0074): the
 * middle of the ranges a purchase without a property chose, and a cash-out's cash in dollars.
 */
export function scenarioNotes(scenario: Pick<AnswersScenario, 'request' | 'cashOut' | 'pricedFor'>): string[] {
	const notes: string[] = []
	if (scenario.pricedFor) notes.push(scenario.pricedFor)
	const loan = scenario.request.loanAmount
	if (scenario.cashOut && loan !== undefined) notes.push(cashOutTermsLine(loan, scenario.cashOut.payoff))
	return notes
}

const percentText = (rate: string) => formatRate(rate)
const dollars = (amount: string | number) =>
	`$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const FICO_LABEL = (band: FicoBand) => (band === 'below-600' ? 'below 600' : band)

/**
 * The chosen terms in one line for staff (e-mail, CSV, lead details) and the borrower's e-mail, e.g.
 * "6.875%, 30-year fixed, 5-year prepayment (5-4-3-2-1), 1 point; $2,345.67 a month; DSCR 1.25; cash to close $101,234.00 (FICO 720-739, rate sheet v3)".
 */
export function termsSummary(request: PricingRequest, response: PricingResponse): string {
	const entry = response.quotes[0]
	if (!entry || response.quotes.length !== 1) return 'Rates per credit band (no band chosen)'
	const quote = entry.quote
	const context = `FICO ${FICO_LABEL(entry.ficoBand)}, rate sheet v${response.sheetVersion}`
	if (quote.rate === null) return `Not eligible: ${quote.failures.map((failure) => failure.message).join('; ')} (${context})`
	if (request.program === 'dscr' && 'dscr' in quote) {
		const product = PRODUCT_LABELS[request.product]
		const points = `${request.points} point${request.points === 1 ? '' : 's'}`
		const io = request.interestOnly ? ', interest-only' : ''
		return (
			`${percentText(quote.rate)}, ${product}${io}, ${PREPAYMENT_LABELS[(request.prepayment ?? response.prepayment) as PrepaymentOption]}, ${points}; ` +
			`${dollars(quote.monthly!.payment)} a month (PITIA ${dollars(quote.monthly!.pitia)}); DSCR ${quote.dscr}${quote.dscrAssumed ? ' assumed' : ''}; ` +
			`loan ${dollars(quote.loanAmount)} at ${quote.ltv} % LTV; cash to close ${dollars(quote.cashToClose)} (${context})`
		)
	}
	if ('termMonths' in quote) {
		return (
			`${percentText(quote.rate)} interest-only, ${quote.points} points (${dollars(quote.pointsCost ?? '0')}), ${quote.termMonths} months; ` +
			`${dollars(quote.monthlyInterest ?? '0')} a month; loan ${dollars(quote.loanAmount)}; total cost ${dollars(quote.totalCost ?? '0')} (${context})`
		)
	}
	return context
}
