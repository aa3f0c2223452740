import type { termsRequest } from '#app/features/pricing/borrower-terms.ts'
import type { DscrQuote } from '#app/features/pricing/dscr-pricing.ts'
import type { TermsChoice } from '#app/features/pricing/pricing-request.ts'
import type { ShortTermQuote } from '#app/features/pricing/short-term-pricing.ts'
import { FICO_SCORES_DETAILED } from '#app/features/quote-wizard/options.ts'

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
		return `${purpose}: a ${wholeDollars(request.loanAmount)} loan on a ${wholeDollars(request.propertyValue)} property (${ltv} % LTV), 30-year term${request.interestOnly ? ', interest-only' : ''}`
	}
	const label = { 'short-term-bridge': 'Bridge loan', 'fix-flip': 'Fix & flip loan', construction: 'Construction loan' }[request.program]
	if (request.refinance && request.loanAmount !== undefined)
		return `${label}: a ${wholeDollars(request.loanAmount)} refinance of a ${wholeDollars(request.acquisition)} property`
	return `${label}: ${wholeDollars(request.acquisition)} to buy${request.budget > 0 ? `, ${wholeDollars(request.budget)} of work` : ''}, worth ${wholeDollars(request.finishedValue)} when done`
}
