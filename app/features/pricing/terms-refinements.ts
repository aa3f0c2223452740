import { parseDollars } from '#app/features/money/money.ts'
import { type TermsRefinements, termsRefinementsSchema } from '#app/features/pricing/borrower-terms.ts'
import type { DscrQuote } from '#app/features/pricing/dscr-pricing.ts'
import { FICO_BANDS } from '#app/features/pricing/rate-sheet.ts'
import type { ShortTermQuote } from '#app/features/pricing/short-term-pricing.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { isDscr, wholeDollars } from './terms-text.ts'

/**
 * docs/decisions/0066: what the borrower can change on the indicative terms (credit band, rent, taxes, insurance, HOA),
 * as typed, and the refinements priced from it.
 */
export type TermsInputs = {
	ficoBand: string
	monthlyRent: string
	annualTaxes: string
	annualInsurance: string
	monthlyHoa: string
	/** docs/decisions/0103: the loan chosen (a DSCR product, and 'yes' or 'no' for interest-only); '' until one is. */
	product: string
	interestOnly: string
}
const EMPTY_INPUTS: TermsInputs = {
	ficoBand: '',
	monthlyRent: '',
	annualTaxes: '',
	annualInsurance: '',
	monthlyHoa: '',
	product: '',
	interestOnly: '',
}
/** The amounts a DSCR borrower can type, with their labels. */
export const MONEY_INPUTS = [
	['monthlyRent', 'Monthly rent'],
	['annualTaxes', 'Property taxes a year'],
	['annualInsurance', 'Insurance a year'],
	['monthlyHoa', 'HOA dues a month'],
] as const
export type MoneyInput = (typeof MONEY_INPUTS)[number][0]

/** An amount as people type it: digits with optional $, commas and cents. */
const AMOUNT = /^\$?\s*\d[\d,]*(\.\d{1,2})?$/
export const AMOUNT_MESSAGE = 'Enter an amount in dollars, like $2,500'

/** The long form's answers that the fields show: its credit band, rent and HOA (typed as they were). */
export function inputsFromAnswers(data: LoanFormData): TermsInputs {
	// Not asked yet (the short form): the rent the DSCR calculator carried in, if any (docs/decisions/0075).
	const rent = data.currentlyRented === 'yes' ? data.monthlyRent : data.estimatedMonthlyRent
	const hoa = data.hasMonthlyHOA === 'yes' ? data.monthlyHOAAmount : data.hasMonthlyHOA === 'no' ? '0' : ''
	// The long form's interest-only answer, else the short form's (scenario-from-answers.ts prices either).
	const interestOnly = [data.interestOnlyPreference, data.interestOnlyOption].find((answer) => answer === 'yes' || answer === 'no')
	return {
		...EMPTY_INPUTS,
		interestOnly: interestOnly ?? '',
		ficoBand: (FICO_BANDS as readonly string[]).includes(data.ficoScoreDetailed ?? '') ? data.ficoScoreDetailed! : '',
		monthlyRent: rent ?? '',
		monthlyHoa: hoa ?? '',
	}
}

/** The typed refinements, checked with the schema the server uses; field messages for what does not pass. */
export function refinementsOf(inputs: TermsInputs): { value: TermsRefinements; errors: Partial<Record<keyof TermsInputs, string>> } {
	const raw: Record<string, unknown> = {}
	const typing: Partial<Record<keyof TermsInputs, string>> = {}
	if (inputs.ficoBand) raw.ficoBand = inputs.ficoBand
	if (inputs.product) raw.product = inputs.product
	if (inputs.interestOnly === 'yes' || inputs.interestOnly === 'no') raw.interestOnly = inputs.interestOnly === 'yes'
	for (const [field] of MONEY_INPUTS) {
		const text = inputs[field].trim()
		if (text === '') continue
		const amount = AMOUNT.test(text) ? parseDollars(text) : null
		if (amount === null) typing[field] = AMOUNT_MESSAGE
		else raw[field] = Math.round(amount)
	}
	const parsed = termsRefinementsSchema.safeParse(raw)
	if (parsed.success && Object.keys(typing).length === 0) return { value: parsed.data, errors: {} }
	if (parsed.success) return { value: parsed.data, errors: typing }
	const errors = { ...fieldErrors<keyof TermsInputs>(parsed.error), ...typing }
	const valid = Object.fromEntries(Object.entries(raw).filter(([field]) => !(field in errors)))
	return { value: valid as TermsRefinements, errors }
}

/** A money field's placeholder: what is assumed for it when the quote says, else an example rent. */
export function placeholderFor(field: MoneyInput, quote: DscrQuote | ShortTermQuote | null) {
	if (!quote || !isDscr(quote) || !quote.monthly) return field === 'monthlyRent' ? 'e.g. $2,500' : ''
	if (field === 'annualTaxes') return `${wholeDollars(Number(quote.monthly.taxes) * 12)} assumed`
	if (field === 'annualInsurance') return `${wholeDollars(Number(quote.monthly.insurance) * 12)} assumed`
	if (field === 'monthlyHoa') return '$0 assumed'
	return 'e.g. $2,500'
}
