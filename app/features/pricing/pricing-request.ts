import { z } from 'zod'
import { type DscrQuote, PREPAYMENT_LABELS, PRODUCT_LABELS, bandsFrom, pointChoices, priceDscr } from './dscr-pricing.ts'
import {
	DSCR_PRODUCTS,
	DSCR_PURPOSES,
	type DscrProduct,
	FICO_BANDS,
	type FicoBand,
	PREPAYMENT_OPTIONS,
	type PrepaymentOption,
	PROPERTY_TYPE_VALUES,
	type RateSheet,
	SHORT_TERM_PROGRAMS,
} from './rate-sheet.ts'
import { type ShortTermQuote, priceShortTerm } from './short-term-pricing.ts'

/**
 * POST /api/pricing (README): a scenario in, indicative terms out. Only figures and choices are taken;
 * no name, contact or address, and nothing is stored.
 */
const dollars = (label: string) =>
	z
		.number({ message: `${label} must be a number of dollars` })
		.int(`${label} must be whole dollars`)
		.min(0, `${label} must be $0 or more`)
		.max(100_000_000, `${label} must be at most $100,000,000`)
const positiveDollars = (label: string) => dollars(label).min(1, `${label} must be above $0`)
/** Unknown fields are refused by name: this API takes the figures of a scenario, never a name, contact or address. */
const onlyFigures = {
	error: (issue: { code?: string; keys?: string[] }) =>
		issue.code === 'unrecognized_keys'
			? `Unknown field${issue.keys!.length === 1 ? '' : 's'}: ${issue.keys!.join(', ')}. Send only the figures of a scenario, never personal data.`
			: undefined,
}
const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
	z.enum(values, { message: `Choose ${label}: ${values.join(', ')}` })

export const dscrRequestSchema = z.strictObject(
	{
		program: z.literal('dscr'),
		purpose: choice(DSCR_PURPOSES, 'a purpose'),
		propertyValue: positiveDollars('The property value'),
		loanAmount: positiveDollars('The loan amount'),
		propertyType: choice(PROPERTY_TYPE_VALUES, 'a property type'),
		product: choice(DSCR_PRODUCTS, 'a product').default('30-year-fixed'),
		/** Unset, the sheet's default option (docs/decisions/0072). */
		prepayment: choice(PREPAYMENT_OPTIONS, 'a prepayment option').optional(),
		interestOnly: z.boolean({ message: 'interestOnly must be true or false' }).default(false),
		points: z
			.number({ message: 'Points must be a number' })
			.min(0, 'Points must be 0 or more')
			.max(5, 'Points must be at most 5')
			.default(0),
		ficoBand: choice(FICO_BANDS, 'a FICO band').optional(),
		monthlyRent: dollars('The monthly rent').optional(),
		annualTaxes: dollars('The yearly taxes').optional(),
		annualInsurance: dollars('The yearly insurance').optional(),
		monthlyHoa: dollars('The monthly HOA dues').optional(),
	},
	onlyFigures,
)

const shortTermRequestSchema = z.strictObject(
	{
		program: z.enum(SHORT_TERM_PROGRAMS),
		/** The purchase price, or the land's price or value (construction). */
		acquisition: positiveDollars('The purchase price'),
		budget: dollars('The budget').default(0),
		finishedValue: positiveDollars('The value after the work'),
		experience: z.number({ message: 'Experience must be a number of projects' }).int('Experience must be whole projects').min(0).max(1000),
		/** A refinance's loan (balance, or value × cash-out share); unset, the largest the caps allow. */
		loanAmount: positiveDollars('The loan amount').optional(),
		refinance: z.boolean({ message: 'refinance must be true or false' }).optional(),
		ficoBand: choice(FICO_BANDS, 'a FICO band').optional(),
	},
	onlyFigures,
)

export const pricingRequestSchema = z.discriminatedUnion('program', [dscrRequestSchema, shortTermRequestSchema], {
	message: `Choose a program: dscr, ${SHORT_TERM_PROGRAMS.join(', ')}`,
})
export type PricingRequest = z.infer<typeof pricingRequestSchema>

/** One cell of the grid a borrower chooses from: a prepayment option × points. */
export type TermsChoice = {
	prepayment: string
	label: string
	points: number
	rate: string | null
	payment: string | null
	dscr: string | null
	cashToClose: string
}

/**
 * docs/decisions/0103: one loan the sheet offers (a product, with principal and interest or interest-only payments),
 * priced for the same scenario, band, prepayment option and points as the quote; why not, when the scenario does not
 * qualify for it.
 */
export type LoanOption = {
	product: DscrProduct
	interestOnly: boolean
	label: string
	rate: string | null
	payment: string | null
	dscr: string | null
	/** What the scenario fails with this loan, in the borrower's words; empty when it qualifies. */
	reasons: string[]
}

export type PricingResponse = {
	sheetVersion: number
	program: PricingRequest['program']
	notice: string
	/** One quote for the FICO band given, or one per band (the rate per credit band) when none was. */
	quotes: Array<{ ficoBand: FicoBand; quote: DscrQuote | ShortTermQuote }>
	/** DSCR with a FICO band: every offered prepayment option × points. */
	choices?: TermsChoice[]
	/** DSCR: the prepayment option the quotes are priced with (the request's, or the sheet's default). */
	prepayment?: PrepaymentOption
	/**
	 * DSCR: every loan the sheet offers, each product with principal and interest and (when offered) interest-only
	 * payments; priced for the request's band when it names one, names only when it does not (the band table then
	 * prices the loan chosen).
	 */
	loans?: LoanOption[]
}

/** The loans a DSCR sheet offers: each offered product, with and (when the sheet offers it) without amortization. */
export function offeredLoans(sheet: RateSheet): Array<{ product: DscrProduct; interestOnly: boolean }> {
	const payments = sheet.dscr.interestOnly.offered ? [false, true] : [false]
	return DSCR_PRODUCTS.filter((product) => sheet.dscr.products[product].offered).flatMap((product) =>
		payments.map((interestOnly) => ({ product, interestOnly })),
	)
}

export const loanLabel = (product: DscrProduct, interestOnly: boolean) =>
	`${PRODUCT_LABELS[product]}${interestOnly ? ', interest-only' : ''}`

export const INDICATIVE_NOTICE =
	'Indicative terms, not a commitment to lend. Final terms depend on underwriting, the appraisal and the lender’s review.'

/** Prices a validated request against a sheet (the stored version `sheetVersion`). */
export function priceRequest(sheet: RateSheet, sheetVersion: number, request: PricingRequest): PricingResponse {
	const base = { sheetVersion, program: request.program, notice: INDICATIVE_NOTICE }
	if (request.program === 'dscr') {
		const { program: _program, ficoBand, ...asked } = request
		const scenario = { ...asked, prepayment: asked.prepayment ?? sheet.dscr.defaultPrepayment }
		if (!ficoBand) {
			return {
				...base,
				prepayment: scenario.prepayment,
				quotes: bandsFrom(sheet.dscr.eligibility.minFico).map((band) => ({
					ficoBand: band,
					quote: priceDscr(sheet.dscr, { ...scenario, ficoBand: band }),
				})),
				loans: offeredLoans(sheet).map(({ product, interestOnly }) => ({
					product,
					interestOnly,
					label: loanLabel(product, interestOnly),
					rate: null,
					payment: null,
					dscr: null,
					reasons: [],
				})),
			}
		}
		const choices: TermsChoice[] = []
		for (const prepayment of PREPAYMENT_OPTIONS) {
			if (!sheet.dscr.prepayment[prepayment].offered) continue
			for (const points of pointChoices(sheet.dscr)) {
				const quote = priceDscr(sheet.dscr, { ...scenario, ficoBand, prepayment, points })
				choices.push({
					prepayment,
					label: PREPAYMENT_LABELS[prepayment],
					points,
					rate: quote.rate,
					payment: quote.monthly?.payment ?? null,
					dscr: quote.dscr,
					cashToClose: quote.cashToClose,
				})
			}
		}
		// docs/decisions/0103: every loan on the sheet, priced by the same function for the same cell; the one asked for
		// among them even when the sheet no longer offers it, so the screen says why.
		const offered = offeredLoans(sheet)
		const listed = offered.some((loan) => loan.product === scenario.product && loan.interestOnly === scenario.interestOnly)
			? offered
			: [{ product: scenario.product, interestOnly: scenario.interestOnly }, ...offered]
		const chosen = priceDscr(sheet.dscr, { ...scenario, ficoBand })
		const loans = listed.map(({ product, interestOnly }): LoanOption => {
			const quote =
				product === scenario.product && interestOnly === scenario.interestOnly
					? chosen
					: priceDscr(sheet.dscr, { ...scenario, ficoBand, product, interestOnly })
			return {
				product,
				interestOnly,
				label: loanLabel(product, interestOnly),
				rate: quote.rate,
				payment: quote.monthly?.payment ?? null,
				dscr: quote.dscr,
				reasons: quote.eligible ? [] : quote.failures.map((failure) => failure.message),
			}
		})
		return {
			...base,
			prepayment: scenario.prepayment,
			quotes: [{ ficoBand, quote: chosen }],
			choices,
			loans,
		}
	}
	const terms = sheet.shortTerm[request.program]
	const { ficoBand, ...scenario } = request
	const bands = ficoBand ? [ficoBand] : bandsFrom(terms.creditBands[0]!.from)
	return { ...base, quotes: bands.map((band) => ({ ficoBand: band, quote: priceShortTerm(terms, { ...scenario, ficoBand: band }) })) }
}
