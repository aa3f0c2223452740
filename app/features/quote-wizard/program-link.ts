import { parseDollars } from '#app/features/money/money.ts'
import { usStateCode } from '#app/features/places/us-address.ts'
import type { LoanFormData } from './form-data.ts'
import { MONTHLY_AMOUNT_MAX, PROPERTY_VALUE_BOUNDS } from './money-rules.ts'
import { ENABLED_LOAN_PROGRAMS } from './options.ts'

/** docs/decisions/0028: a product page's Start Quote names its program; the wizard preselects it. */
export const PROGRAM_PARAM = 'program'
/** docs/decisions/0051: a landing page about one state names it; the wizard prefills the property's state. */
export const STATE_PARAM = 'state'

/**
 * docs/decisions/0075: the DSCR calculator's Complete Quote Form carries the figures already typed there: the monthly
 * rent, the property value and the purpose ("purchase", "rate-term", "cash-out"), which the wizard prefills.
 */
export const RENT_PARAM = 'rent'
export const VALUE_PARAM = 'value'
export const PURPOSE_PARAM = 'purpose'
export const PREFILL_PARAMS = [RENT_PARAM, VALUE_PARAM, PURPOSE_PARAM] as const

/** Figures a link hands the wizard, as typed (a rent of "3,500", a value of "$450,000"). */
export type QuotePrefill = { rent?: string; value?: string; purpose?: string }

export function quoteHref(loanProgram?: string, state?: string, prefill: QuotePrefill = {}) {
	const params = new URLSearchParams()
	if (loanProgram) params.set(PROGRAM_PARAM, loanProgram)
	if (state) params.set(STATE_PARAM, state)
	const rent = parseDollars(prefill.rent ?? '')
	const value = parseDollars(prefill.value ?? '')
	if (rent !== null && rent > 0) params.set(RENT_PARAM, String(rent))
	if (value !== null && value > 0) {
		params.set(VALUE_PARAM, String(value))
		if (prefill.purpose && prefill.purpose in PURPOSE_TRANSACTIONS) params.set(PURPOSE_PARAM, prefill.purpose)
	}
	const query = params.toString()
	return query ? `/fast-quote?${query}` : '/fast-quote'
}

/** The wizard's transaction type for a calculator's purpose. */
const PURPOSE_TRANSACTIONS: Readonly<Record<string, string>> = {
	purchase: 'purchase',
	'rate-term': 'refinance',
	'cash-out': 'cash-out-refinance',
}

/**
 * The answers a link's figures prefill: the rent as the estimated monthly rent (the wizard moves it to the rent of a
 * rented property when that is the answer), the value as the purchase price of a purchase or the estimated value of a
 * refinance, with its transaction type. A figure out of the wizard's ranges, or not a number, is left out.
 */
export function prefillFromSearch(search: URLSearchParams): Partial<LoanFormData> {
	const answers: Partial<LoanFormData> = {}
	const rent = parseDollars(search.get(RENT_PARAM) ?? '')
	if (rent !== null && rent > 0 && rent <= MONTHLY_AMOUNT_MAX) answers.estimatedMonthlyRent = String(rent)
	const value = parseDollars(search.get(VALUE_PARAM) ?? '')
	const transactionType = PURPOSE_TRANSACTIONS[search.get(PURPOSE_PARAM) ?? '']
	if (value !== null && value >= PROPERTY_VALUE_BOUNDS.min && value <= PROPERTY_VALUE_BOUNDS.max && transactionType) {
		answers.transactionType = transactionType
		if (transactionType === 'purchase') answers.purchasePrice = String(value)
		else answers.estimatedPropertyValue = String(value)
	}
	return answers
}

/** The offered program a link asks for, or null for none or an unknown one. */
export function programFromSearch(search: URLSearchParams) {
	const program = search.get(PROGRAM_PARAM)
	return program && ENABLED_LOAN_PROGRAMS.has(program) ? program : null
}

/** The state a link names ("FL", "fl", "Florida"), as its code; null for none or one we do not lend in (docs/decisions/0032). */
export function stateFromSearch(search: URLSearchParams) {
	const state = search.get(STATE_PARAM)
	return state ? usStateCode(state) : null
}
