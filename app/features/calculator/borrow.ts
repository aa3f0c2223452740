import { formatDollars, parseNumberText } from '#app/features/money/money.ts'
import {
	type DscrQuote,
	type Failure,
	PREPAYMENT_LABELS,
	maxDscrLoan,
	priceDscr,
	withoutNoRatio,
} from '#app/features/pricing/dscr-pricing.ts'
import {
	DSCR_PURPOSES,
	type DscrPurpose,
	type DscrSheet,
	FICO_BANDS,
	type FicoBand,
	PROPERTY_TYPE_VALUES,
	type PropertyTypeValue,
} from '#app/features/pricing/rate-sheet.ts'
import { FICO_SCORES_DETAILED, PROPERTY_TYPES } from '#app/features/quote-wizard/options.ts'

/**
 * "What could I borrow" on the DSCR calculator (docs/decisions/0065): the largest DSCR loan for a rent and a value at the current
 * rate sheet's rates (`maxDscrLoan`). A GET form the server answers (no JavaScript needed); its query parameters are
 * declared for the render cache in `publicPages.calculator.query`.
 */

/** The form's fields, named apart from the DSCR calculator's own. */
export const BORROW_FIELDS = {
	rent: 'borrowRent',
	value: 'borrowValue',
	purpose: 'borrowPurpose',
	fico: 'borrowFico',
	propertyType: 'borrowPropertyType',
} as const
export const BORROW_QUERY = Object.values(BORROW_FIELDS)

export const PURPOSE_OPTIONS: { value: DscrPurpose; label: string }[] = [
	{ value: 'purchase', label: 'Purchase' },
	{ value: 'rate-term', label: 'Rate/term refinance' },
	{ value: 'cash-out', label: 'Cash-out refinance' },
]
export const FICO_OPTIONS = FICO_SCORES_DETAILED
export const PROPERTY_TYPE_OPTIONS = PROPERTY_TYPES
/** Without a credit band the largest loan is shown at the best one, and the result says so. */
export const DEFAULT_FICO: FicoBand = FICO_BANDS[0]

export type BorrowInputs = {
	monthlyRent: number
	propertyValue: number
	purpose: DscrPurpose
	ficoBand: FicoBand
	/** Whether the band was assumed (not chosen). */
	ficoAssumed: boolean
	propertyType: PropertyTypeValue
}

/** What the form echoes back into its fields. */
export type BorrowValues = Partial<Record<keyof typeof BORROW_FIELDS, string>>

export type BorrowForm =
	| { state: 'empty'; values: BorrowValues }
	| { state: 'invalid'; values: BorrowValues; errors: Partial<Record<'rent' | 'value', string>> }
	| { state: 'valid'; values: BorrowValues; inputs: BorrowInputs }

const MAX_RENT = 1_000_000
const MAX_VALUE = 100_000_000
const oneOf = <T extends string>(allowed: readonly T[], value: string | undefined, fallback: T) =>
	value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : fallback

/** Reads the form from a query string: nothing entered is `empty`; a missing or impossible amount is `invalid` with its message. */
export function readBorrowForm(params: URLSearchParams): BorrowForm {
	const values: BorrowValues = {}
	for (const [key, name] of Object.entries(BORROW_FIELDS) as [keyof typeof BORROW_FIELDS, string][]) {
		const value = params.get(name)
		if (value !== null) values[key] = value
	}
	if (!values.rent?.trim() && !values.value?.trim()) return { state: 'empty', values }
	const errors: Partial<Record<'rent' | 'value', string>> = {}
	const rent = parseNumberText(values.rent ?? '')
	const value = parseNumberText(values.value ?? '')
	if (!Number.isFinite(rent) || rent <= 0) errors.rent = 'Enter the monthly rent, such as 3,500'
	else if (rent > MAX_RENT) errors.rent = 'Enter a monthly rent of at most $1,000,000'
	if (!Number.isFinite(value) || value <= 0) errors.value = 'Enter the property value, such as 450,000'
	else if (value > MAX_VALUE) errors.value = 'Enter a value of at most $100,000,000'
	if (errors.rent || errors.value) return { state: 'invalid', values, errors }
	const ficoChosen = values.fico !== undefined && (FICO_BANDS as readonly string[]).includes(values.fico)
	return {
		state: 'valid',
		values,
		inputs: {
			// The pricing works in whole dollars: cents of rent are dropped, never rounded up.
			monthlyRent: Math.floor(rent),
			propertyValue: Math.floor(value),
			purpose: oneOf(DSCR_PURPOSES, values.purpose, 'purchase'),
			ficoBand: ficoChosen ? (values.fico as FicoBand) : DEFAULT_FICO,
			ficoAssumed: !ficoChosen,
			propertyType: oneOf(PROPERTY_TYPE_VALUES, values.propertyType, 'single-family'),
		},
	}
}

export type BorrowResult =
	| {
			qualifies: true
			maxLoan: number
			rate: string
			/** Principal and interest, and with taxes, insurance and HOA. */
			payment: string
			pitia: string
			dscr: string
			ltv: string
			assumptions: string[]
	  }
	| { qualifies: false; failures: Failure[]; assumptions: string[] }

const labelOf = (options: ReadonlyArray<{ value: string; label: string }>, value: string) =>
	options.find((option) => option.value === value)?.label ?? value

/**
 * The largest loan for these inputs at the sheet's rates: a 30-year fixed loan with no points bought, amortising, with
 * the sheet's prepayment option of choice; taxes and insurance at the sheet's percentages of the value. When nothing
 * qualifies, the reasons are the smallest loan's (what fails even there fails for every loan).
 */
export function whatCouldIBorrow(sheet: DscrSheet, inputs: BorrowInputs): BorrowResult {
	// Shown with the sheet's default prepayment option (docs/decisions/0072).
	const prepayment = sheet.defaultPrepayment
	const scenario = {
		purpose: inputs.purpose,
		propertyValue: inputs.propertyValue,
		ficoBand: inputs.ficoBand,
		propertyType: inputs.propertyType,
		product: '30-year-fixed' as const,
		prepayment,
		interestOnly: false,
		points: 0,
		monthlyRent: inputs.monthlyRent,
	}
	const stated = [
		`${labelOf(PURPOSE_OPTIONS, inputs.purpose)} of a ${labelOf(PROPERTY_TYPE_OPTIONS, inputs.propertyType).toLowerCase()} property`,
		inputs.ficoAssumed
			? `A FICO score of ${labelOf(FICO_OPTIONS, inputs.ficoBand)} (the best credit band; choose yours to see your own figures)`
			: `A FICO score of ${labelOf(FICO_OPTIONS, inputs.ficoBand)}`,
		`A 30-year fixed rate, principal and interest, no points bought, ${PREPAYMENT_LABELS[prepayment].replace(/^./, (first) => first.toLowerCase())}`,
	]
	const best: DscrQuote | null = maxDscrLoan(sheet, scenario)
	if (best?.eligible && best.rate && best.monthly && best.dscr) {
		return {
			qualifies: true,
			maxLoan: best.loanAmount,
			rate: best.rate,
			payment: best.monthly.payment,
			pitia: best.monthly.pitia,
			dscr: best.dscr,
			ltv: best.ltv,
			assumptions: [...stated, ...best.assumptions],
		}
	}
	const { minLoan, maxLtv } = sheet.eligibility
	const cap = Math.floor((inputs.propertyValue * maxLtv[inputs.purpose]) / 100 / 1000) * 1000
	if (cap < minLoan) {
		const failure: Failure = {
			rule: 'loan-range',
			message: `At ${maxLtv[inputs.purpose]} % LTV a value of ${formatDollars(inputs.propertyValue)} allows ${formatDollars(cap)}, below our smallest loan of ${formatDollars(minLoan)}`,
			qualifiesWith:
				maxLtv[inputs.purpose] > 0
					? `A property worth at least ${formatDollars(Math.ceil((minLoan * 100) / maxLtv[inputs.purpose]))}`
					: undefined,
		}
		return { qualifies: false, failures: [failure], assumptions: stated }
	}
	// The rent's own limits, without True No Ratio (which does not read the rent); the option is then named as the way on.
	const smallest = priceDscr(withoutNoRatio(sheet), { ...scenario, loanAmount: minLoan })
	const noRatio = sheet.noRatio.offered ? priceDscr(sheet, { ...scenario, loanAmount: minLoan }).noRatio : false
	const failures =
		smallest.failures.length > 0
			? smallest.failures.map((failure) =>
					noRatio && failure.rule === 'min-dscr'
						? {
								...failure,
								qualifiesWith: `${failure.qualifiesWith}; or our True No Ratio option, which does not use the rent, up to ${sheet.noRatio.maxLtv} % LTV`,
							}
						: failure,
				)
			: [
					{
						rule: 'no-loan',
						message: 'No loan within our range qualifies at these figures',
						qualifiesWith: 'A higher rent raises the DSCR',
					},
				]
	return { qualifies: false, failures, assumptions: [...stated, ...smallest.assumptions] }
}
