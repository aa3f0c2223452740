import { formatDollars, parseDollars } from '#app/features/money/money.ts'
import type { LoanFormData } from './form-data.ts'

/**
 * docs/decisions/0074: a cash-out in dollars. The wizard's "How much cash out?" step shows each percentage's loan and
 * the cash that leaves, and the terms say the cash out; both read these figures, so they agree with the loan priced.
 */

/** Whole dollars of a typed amount, or null when it is missing or not an amount. */
function amount(text: string | undefined) {
	const parsed = text === undefined || text.trim() === '' ? null : parseDollars(text)
	return parsed === null || parsed < 0 ? null : Math.floor(parsed)
}

/** The loan of a cash-out: the value × the percentage, in whole dollars (what the terms are priced for). */
export const cashOutLoan = (value: number, percent: number) => Math.floor((value * percent) / 100)

/** The cash the borrower receives: the loan less what it pays off; 0 when the loan does not cover the balance. */
export const cashToBorrower = (loan: number, payoff: number) => Math.max(0, loan - payoff)

/**
 * What a percentage of the cash-out step comes to, given the value and balance already answered: "$400,000 loan ·
 * $200,000 cash out"; the loan alone when the balance is not known; undefined without a value.
 */
export function cashOutChoiceText(percent: number, data: Pick<LoanFormData, 'estimatedPropertyValue' | 'currentBalance'>) {
	const value = amount(data.estimatedPropertyValue)
	if (value === null || value <= 0 || !Number.isFinite(percent) || percent <= 0 || percent > 100) return undefined
	const loan = cashOutLoan(value, percent)
	const payoff = amount(data.currentBalance)
	if (payoff === null) return `${formatDollars(loan)} loan`
	if (loan <= payoff) return `${formatDollars(loan)} loan · less than your ${formatDollars(payoff)} balance`
	return `${formatDollars(loan)} loan · ${formatDollars(cashToBorrower(loan, payoff))} cash out`
}

/**
 * The cash out of a cash-out refinance as the terms state it: the loan less the payoff when the payoff is known,
 * else the loan amount, labelled as such.
 */
export function cashOutTermsLine(loan: number, payoff: number | null) {
	if (payoff === null) return `Cash out: up to the ${formatDollars(loan)} loan amount, less any mortgage it pays off`
	if (loan <= payoff)
		return `Cash out: none (the ${formatDollars(loan)} loan is less than the ${formatDollars(payoff)} balance it pays off)`
	return `Cash out: ${formatDollars(cashToBorrower(loan, payoff))} (the ${formatDollars(loan)} loan less the ${formatDollars(payoff)} balance it pays off)`
}
