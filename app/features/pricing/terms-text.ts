import type { termsRequest } from '#app/features/pricing/borrower-terms.ts'
import { type DscrQuote, PRODUCT_LABELS } from '#app/features/pricing/dscr-pricing.ts'
import type { TermsChoice } from '#app/features/pricing/pricing-request.ts'
import type { ShortTermQuote } from '#app/features/pricing/short-term-pricing.ts'
import { FICO_SCORES_DETAILED } from '#app/features/quote-wizard/options.ts'
import { formatRate } from './rate-format.ts'

/** docs/decisions/0066: how the indicative terms read: amounts, credit bands and the scenario in one line. */

/** Dollars and cents, or a dash where there is no amount. */
export const money = (amount: string | number | null | undefined) =>
	amount === null || amount === undefined
		? '—'
		: `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
export const wholeDollars = (amount: number) => `$${Math.round(amount).toLocaleString('en-US')}`
/** A credit band as the wizard's question names it. */
export const bandLabel = (band: string) => FICO_SCORES_DETAILED.find((option) => option.value === band)?.label ?? band
export const isDscr = (quote: DscrQuote | ShortTermQuote): quote is DscrQuote => 'dscrAssumed' in quote

/** A prepayment option in the choice grid's narrow first column. */
export const SHORT_PREPAYMENT: Record<string, string> = { '5-4-3-2-1': '5-4-3-2-1', '3-2-1': '3-2-1', '1-year': '1 year', none: 'None' }

/** Points buy the rate down only to the sheet's floor: true where buying more points leaves a rate the same. */
export function choicesAtFloor(choices: TermsChoice[]) {
	return choices.some((choice) =>
		choices.some((other) => other.prepayment === choice.prepayment && other.points > choice.points && other.rate === choice.rate),
	)
}

/** The scenario priced, in one line: program and purpose, loan and property, LTV and term. */
export function scenarioLine(request: NonNullable<ReturnType<typeof termsRequest>>['request']) {
	if (request.program === 'dscr') {
		const purpose = { purchase: 'DSCR purchase', 'rate-term': 'DSCR rate/term refinance', 'cash-out': 'DSCR cash-out refinance' }[
			request.purpose
		]
		const ltv = ((request.loanAmount / request.propertyValue) * 100).toFixed(2)
		// The 30-year fixed is the term itself; an ARM is named (docs/decisions/0103).
		const product = request.product === '30-year-fixed' ? '' : `, ${PRODUCT_LABELS[request.product]}`
		return `${purpose}: a ${wholeDollars(request.loanAmount)} loan on a ${wholeDollars(request.propertyValue)} property (${ltv} % LTV), 30-year term${product}${request.interestOnly ? ', interest-only' : ''}`
	}
	const label = { 'short-term-bridge': 'Bridge loan', 'fix-flip': 'Fix & flip loan', construction: 'Construction loan' }[request.program]
	if (request.refinance && request.loanAmount !== undefined)
		return `${label}: a ${wholeDollars(request.loanAmount)} refinance of a ${wholeDollars(request.acquisition)} property`
	return `${label}: ${wholeDollars(request.acquisition)} to buy${request.budget > 0 ? `, ${wholeDollars(request.budget)} of work` : ''}, worth ${wholeDollars(request.finishedValue)} when done`
}

/**
 * An eligible quote's figures as label and value, in the order the terms panel lists them; the downloaded term sheet
 * (docs/decisions/0095) prints the same rows, so the two never differ.
 */
export function quoteRows(quote: DscrQuote | ShortTermQuote, interestOnly: boolean): Array<[string, string]> {
	if (quote.rate === null) return []
	return isDscr(quote)
		? [
				['Rate', formatRate(quote.rate)],
				[interestOnly ? 'Payment (interest only)' : 'Payment (principal and interest)', money(quote.monthly?.payment)],
				[
					'Taxes, insurance and HOA a month',
					money(Number(quote.monthly!.taxes) + Number(quote.monthly!.insurance) + Number(quote.monthly!.hoa)),
				],
				['Total a month (PITIA)', money(quote.monthly?.pitia)],
				['DSCR', `${quote.dscr}${quote.dscrAssumed ? ' (assumed)' : ''}`],
				['Loan amount', money(quote.loanAmount)],
				['Points', money(quote.pointsCost)],
				['Cash to close (before closing costs)', money(quote.cashToClose)],
			]
		: [
				['Rate', `${formatRate(quote.rate)} interest-only`],
				['Loan amount', money(quote.loanAmount)],
				['Origination points', `${quote.points} % (${money(quote.pointsCost)})`],
				['Interest a month', money(quote.monthlyInterest)],
				['Term', `${quote.termMonths} months`],
				['Total cost over the term', money(quote.totalCost)],
				['Cash to close (before closing costs)', money(quote.cashToClose)],
				...quote.leverage.map((item): [string, string] => [item.label, `${item.percent} % (up to ${item.cap} %)`]),
			]
}

/** docs/decisions/0113: what the leads table reads of the latest chosen terms (lead_quotes' request and first quote). */
export type ChosenTermsBrief = {
	program: string | null
	product: string | null
	interestOnly: boolean | null
	rate: string | null
	loanAmount: string | null
	termMonths: number | null
}

/**
 * docs/decisions/0113: chosen terms in one short line for the leads table and cards: the rate (decision 0072's one
 * format) and the product: "6.125% · 30-year fixed", "7.25% · 7/6 ARM, interest-only", "10.5% · 12-month interest-only".
 */
export function chosenTermsLine(brief: ChosenTermsBrief): string | null {
	if (brief.rate === null || brief.rate === undefined) return null
	const rate = formatRate(brief.rate)
	if (brief.program === 'dscr') {
		const product = PRODUCT_LABELS[brief.product as keyof typeof PRODUCT_LABELS] ?? PRODUCT_LABELS['30-year-fixed']
		return `${rate} · ${product}${brief.interestOnly ? ', interest-only' : ''}`
	}
	return brief.termMonths ? `${rate} · ${brief.termMonths}-month interest-only` : `${rate} interest-only`
}
