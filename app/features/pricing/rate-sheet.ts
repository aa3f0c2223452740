import { z } from 'zod'
import { FICO_SCORES_DETAILED, PROPERTY_TYPES, optionValues } from '#app/features/quote-wizard/options.ts'
import { singleLineText } from '#app/features/validation/safe-text.ts'

/**
 * The lender's rate sheet (docs/pricing-rate-sheet.md): every figure the pricing reads, as one
 * JSON document that staff edit, export and import. Rates and adjustments are percentages written as
 * decimal strings ("6.250", "-0.125") so no figure ever passes through a float; amounts are whole dollars.
 */

/**
 * What a sheet may hold (docs/decisions/0075). Every loop of a quote runs over the sheet's lists (LTV buckets, tiers,
 * bands, point choices), so their lengths bound the work one pricing request can cause, whatever the sheet says; and a
 * figure no lender would publish (a 999 % rate floor, an LTV above 90 %, a $1 billion loan) is a typing error the
 * editor names, not a price.
 */
export const SHEET_LIMITS = {
	ltvBuckets: 20,
	dscrTiers: 10,
	loanAmountTiers: 10,
	experienceTiers: 10,
	/** One credit band per FICO band at most (they rise strictly). */
	creditBands: FICO_SCORES_DETAILED.length,
	/** The points a borrower can choose: 0 and at most 40 steps, each at least 0.125 (0 to 5 points by 0.125). */
	pointSteps: 40,
	minPointStep: 0.125,
	maxPoints: 5,
	/** A rate, before or after adjustments: the base, the floor, a short-term grid's rate. */
	maxRate: 25,
	/** An adjustment, either way. */
	maxAdjustment: 5,
	/** Origination points charged, and what one point bought lowers the rate. */
	maxOriginationPoints: 10,
	maxRateReductionPerPoint: 1,
	/** A DSCR figure (a tier's lower bound, the minimum, the one assumed). */
	maxDscr: 5,
	/** A DSCR loan's LTV, and a short-term loan's to the value after the work. */
	maxLtv: 90,
	/** Yearly taxes or insurance, in percent of the value. */
	maxPercentOfValue: 5,
	/** A loan amount (and a loan-amount tier's lower bound). */
	maxLoan: 50_000_000,
	maxLenderFees: 50_000,
	/** Completed projects an experience tier starts from. */
	maxExperience: 100,
} as const

/** A decimal figure as text within a range: its format first, then the range (one message, the one that applies). */
const decimalText = (pattern: RegExp, format: string, inRange: (value: number) => boolean, range: string) =>
	z
		.string()
		.regex(pattern, { message: format, abort: true })
		.refine((value) => inRange(Number(value)), range)

/** An adjustment in percentage points as text: up to 3 decimals, optionally negative ("0.375", "-0.250"). */
const percent = decimalText(
	/^-?\d{1,2}(\.\d{1,3})?$/,
	'Write a percentage with at most 3 decimals, such as 0.375 or -0.125',
	(value) => Math.abs(value) <= SHEET_LIMITS.maxAdjustment,
	`An adjustment must be from -${SHEET_LIMITS.maxAdjustment}.000 to ${SHEET_LIMITS.maxAdjustment}.000`,
)
/** A percentage that cannot be negative, as text, at most `max` (a rate, points, a share of the value). */
const positivePercent = (max: number, what: string) =>
	decimalText(
		/^\d{1,3}(\.\d{1,3})?$/,
		'Write a percentage from 0 with at most 3 decimals, such as 6.250',
		(value) => value <= max,
		`${what} must be at most ${max.toFixed(3)} %`,
	)
const rate = positivePercent(SHEET_LIMITS.maxRate, 'A rate')
const originationPoints = positivePercent(SHEET_LIMITS.maxOriginationPoints, 'Origination points')
const money = (max: number, what: string) =>
	z
		.number({ message: 'Write a number of dollars' })
		.int('Write whole dollars')
		.min(0, 'Must be $0 or more')
		.max(max, `${what} must be at most $${max.toLocaleString('en-US')}`)
const dollars = money(SHEET_LIMITS.maxLoan, 'A loan amount')
/** A DSCR as text: 2 decimals ("1.25"). */
const ratio = decimalText(
	/^\d{1,2}(\.\d{1,2})?$/,
	'Write a ratio with at most 2 decimals, such as 1.25',
	(value) => value <= SHEET_LIMITS.maxDscr,
	`A DSCR must be at most ${SHEET_LIMITS.maxDscr.toFixed(2)}`,
)
/** A share in percent from 0 to `max`. */
const share = (max: number, what: string) =>
	z.number({ message: 'Write a percentage' }).min(0, `${what} must be 0 % or more`).max(max, `${what} must be at most ${max} %`)
const dscrLtv = share(SHEET_LIMITS.maxLtv, 'An LTV')
/** A list of at most `max` entries, with a message that names the limit. */
const atMost = <T extends z.ZodType>(item: T, max: number, what: string) =>
	z.array(item).min(1, `Give at least one ${what}`).max(max, `Give at most ${max} ${what}s`)

export const DSCR_PRODUCTS = ['30-year-fixed', '7-6-arm', '5-6-arm'] as const
export const DSCR_PURPOSES = ['purchase', 'rate-term', 'cash-out'] as const
export const PREPAYMENT_OPTIONS = ['5-4-3-2-1', '3-2-1', '1-year', 'none'] as const
export const FICO_BANDS = optionValues(FICO_SCORES_DETAILED)
export const PROPERTY_TYPE_VALUES = optionValues(PROPERTY_TYPES)
export const SHORT_TERM_PROGRAMS = ['short-term-bridge', 'fix-flip', 'construction'] as const

export type DscrProduct = (typeof DSCR_PRODUCTS)[number]
export type DscrPurpose = (typeof DSCR_PURPOSES)[number]
export type PrepaymentOption = (typeof PREPAYMENT_OPTIONS)[number]
export type FicoBand = (typeof FICO_BANDS)[number]
export type PropertyTypeValue = (typeof PROPERTY_TYPE_VALUES)[number]
export type ShortTermProgram = (typeof SHORT_TERM_PROGRAMS)[number]

/** A tier with a lower bound (inclusive) and the adjustment that applies from there up to the next tier's bound. */
const tier = <T extends z.ZodType>(bound: T) => z.object({ from: bound, adjustment: percent })

/** Tiers start at the lowest bound and rise strictly, so every value belongs to exactly one. */
function ascending(bounds: number[]) {
	return bounds.every((bound, index) => index === 0 || bound > bounds[index - 1]!)
}

const dscrSheetSchema = z
	.object({
		/** The 30-year fixed rate before any adjustment. */
		baseRate: rate,
		/** No price is ever below this rate. */
		rateFloor: rate,
		products: z.record(z.enum(DSCR_PRODUCTS), z.object({ offered: z.boolean(), adjustment: percent })),
		/** LTV buckets by their lower bound in percent (inclusive); the last runs up to the highest cap. */
		ltvBuckets: atMost(dscrLtv, SHEET_LIMITS.ltvBuckets, 'LTV bucket').refine(
			ascending,
			'List the LTV buckets from the lowest, each above the last',
		),
		/** One row per FICO band, one cell per LTV bucket: the adjustment, or null where that pair is not offered. */
		creditLtv: z.record(z.enum(FICO_BANDS), z.array(percent.nullable())),
		dscrTiers: atMost(tier(ratio), SHEET_LIMITS.dscrTiers, 'DSCR tier').refine(
			(tiers) => ascending(tiers.map((t) => Number(t.from))),
			'List the DSCR tiers from the lowest, each above the last',
		),
		loanAmountTiers: atMost(tier(dollars), SHEET_LIMITS.loanAmountTiers, 'loan-amount tier').refine(
			(tiers) => ascending(tiers.map((t) => t.from)),
			'List the loan-amount tiers from the lowest, each above the last',
		),
		propertyTypes: z.record(z.enum(PROPERTY_TYPE_VALUES), percent.nullable()),
		purposes: z.record(z.enum(DSCR_PURPOSES), percent),
		prepayment: z.record(z.enum(PREPAYMENT_OPTIONS), z.object({ offered: z.boolean(), adjustment: percent })),
		/** The option a quote starts from until the borrower picks another (docs/decisions/0072): it must be offered. */
		defaultPrepayment: z.enum(PREPAYMENT_OPTIONS).default('5-4-3-2-1'),
		interestOnly: z.object({ offered: z.boolean(), adjustment: percent }),
		points: z.object({
			/** How much each point bought lowers the rate. */
			rateReductionPerPoint: positivePercent(SHEET_LIMITS.maxRateReductionPerPoint, 'What a point buys'),
			maxPoints: z
				.number({ message: 'Write a number of points' })
				.min(0, 'Must be 0 points or more')
				.max(SHEET_LIMITS.maxPoints, `Offer at most ${SHEET_LIMITS.maxPoints} points`),
			/** The points a borrower can choose, in steps of this size (0.5: 0, 0.5, 1, ...); at most 40 steps above 0. */
			step: z
				.number({ message: 'Write a number of points' })
				.min(SHEET_LIMITS.minPointStep, `Points go in steps of at least ${SHEET_LIMITS.minPointStep}`)
				.max(1, 'Points go in steps of at most 1'),
		}),
		/**
		 * The lender's charges that are finance charges under Regulation Z, so the APR printed beside a rate is derived
		 * from them (docs/decisions/0072): origination points on every loan, and fixed lender fees in dollars.
		 */
		fees: z
			.object({ originationPoints, lenderFees: money(SHEET_LIMITS.maxLenderFees, 'Lender fees') })
			.default({ originationPoints: '0.000', lenderFees: 0 }),
		/**
		 * True No Ratio (spec 1 §1): a scenario whose DSCR is below the minimum (or that has no rent at all) is priced
		 * without the ratio, with this adjustment in place of the DSCR tier's and at most this LTV.
		 */
		noRatio: z
			.object({ offered: z.boolean(), adjustment: percent, maxLtv: dscrLtv })
			.default({ offered: false, adjustment: '0.000', maxLtv: 0 }),
		/** The share of the rent (market rent or lease) that the DSCR counts, in percent (the Florida page's "75% of market rent"). */
		rentCountedPercent: z
			.number({ message: 'Write a percentage' })
			.min(1, 'Count at least 1 % of the rent')
			.max(100, 'Count at most 100 % of the rent')
			.default(100),
		eligibility: z.object({
			minFico: z.enum(FICO_BANDS),
			/** The highest LTV per purpose, in percent. */
			maxLtv: z.record(z.enum(DSCR_PURPOSES), dscrLtv),
			minDscr: ratio,
			/** Below a DSCR of 1.00 the LTV may be at most this (in percent). */
			maxLtvBelowDscrOne: dscrLtv,
			minLoan: dollars,
			maxLoan: dollars,
		}),
		/** What the terms assume when the borrower has not said: yearly taxes and insurance as a percentage of the value. */
		assumptions: z.object({
			taxesPercentOfValue: positivePercent(SHEET_LIMITS.maxPercentOfValue, 'Taxes'),
			insurancePercentOfValue: positivePercent(SHEET_LIMITS.maxPercentOfValue, 'Insurance'),
			/** The DSCR the indicative terms assume when no rent is known (stated beside them). */
			assumedDscr: ratio,
		}),
	})
	.superRefine((sheet, context) => {
		for (const [band, row] of Object.entries(sheet.creditLtv)) {
			if (row.length !== sheet.ltvBuckets.length)
				context.addIssue({
					code: 'custom',
					path: ['creditLtv', band],
					message: `Give one cell per LTV bucket (${sheet.ltvBuckets.length}), not ${row.length}`,
				})
		}
		if (!sheet.prepayment[sheet.defaultPrepayment].offered)
			context.addIssue({
				code: 'custom',
				path: ['defaultPrepayment'],
				message: 'The default prepayment option must be one that is offered',
			})
		if (sheet.points.maxPoints / sheet.points.step > SHEET_LIMITS.pointSteps)
			context.addIssue({
				code: 'custom',
				path: ['points', 'step'],
				message: `Offer at most ${SHEET_LIMITS.pointSteps} steps of points above 0 (raise the step or lower the most points)`,
			})
		if (sheet.eligibility.minLoan > sheet.eligibility.maxLoan)
			context.addIssue({ code: 'custom', path: ['eligibility', 'minLoan'], message: 'The smallest loan must not exceed the largest' })
	})

/** The short-term programs: rate and origination points by experience tier × credit band, with leverage caps. */
const shortTermProgramSchema = z.object({
	offered: z.boolean(),
	/** Experience tiers by the lowest number of completed projects in the last 3 years (inclusive). */
	experienceTiers: atMost(
		z.object({
			from: z
				.number({ message: 'Write a number of projects' })
				.int('Write whole projects')
				.min(0, 'Must be 0 projects or more')
				.max(SHEET_LIMITS.maxExperience, `A tier must start at ${SHEET_LIMITS.maxExperience} projects or fewer`),
			label: singleLineText().trim().min(1, 'Give the tier a label').max(40, 'Must be at most 40 characters'),
		}),
		SHEET_LIMITS.experienceTiers,
		'experience tier',
	).refine((tiers) => ascending(tiers.map((t) => t.from)), 'List the experience tiers from the fewest projects, each above the last'),
	/** Credit bands by the lowest FICO band they take (inclusive); a band below the lowest is not offered. */
	creditBands: atMost(
		z.object({
			from: z.enum(FICO_BANDS),
			label: singleLineText().trim().min(1, 'Give the band a label').max(40, 'Must be at most 40 characters'),
		}),
		SHEET_LIMITS.creditBands,
		'credit band',
	).refine(
		(bands) => ascending(bands.map((band) => FICO_BANDS.length - FICO_BANDS.indexOf(band.from))),
		'List the credit bands from the lowest FICO, each above the last',
	),
	/** One row per experience tier, one cell per credit band: rate and points, or null where not offered. */
	grid: z
		.array(
			z
				.array(z.object({ rate, points: originationPoints }).nullable())
				.max(SHEET_LIMITS.creditBands, `Give at most ${SHEET_LIMITS.creditBands} cells, one per credit band`),
		)
		.max(SHEET_LIMITS.experienceTiers, `Give at most ${SHEET_LIMITS.experienceTiers} rows, one per experience tier`),
	caps: z.object({
		/** Loan to total cost (price + rehab or construction budget), in percent. */
		maxLoanToCost: share(100, 'Loan to cost'),
		/** Loan to after-repair (or after-completion) value, in percent. */
		maxLoanToArv: share(SHEET_LIMITS.maxLtv, 'Loan to the value after the work'),
		/** The part of the loan that buys the property (or land), to its as-is value, in percent. */
		maxAsIsLtv: share(100, 'Loan to as-is value'),
		/** The share of the rehab or construction budget the loan finances, in percent ("up to 100% of rehab"). */
		maxBudgetFinanced: share(100, 'The budget financed').default(100),
	}),
	termMonths: z
		.number({ message: 'Write a number of months' })
		.int('Write whole months')
		.min(1, 'A term is at least 1 month')
		.max(60, 'A term is at most 60 months'),
	minLoan: dollars,
	maxLoan: dollars,
})

export const rateSheetSchema = z
	.object({
		/** The document's own format: a sheet written for another format is refused, not misread. */
		format: z.literal(1),
		dscr: dscrSheetSchema,
		shortTerm: z.record(z.enum(SHORT_TERM_PROGRAMS), shortTermProgramSchema),
	})
	.superRefine((sheet, context) => {
		for (const [program, terms] of Object.entries(sheet.shortTerm)) {
			if (terms.grid.length !== terms.experienceTiers.length)
				context.addIssue({
					code: 'custom',
					path: ['shortTerm', program, 'grid'],
					message: `Give one row per experience tier (${terms.experienceTiers.length}), not ${terms.grid.length}`,
				})
			if (terms.minLoan > terms.maxLoan)
				context.addIssue({
					code: 'custom',
					path: ['shortTerm', program, 'minLoan'],
					message: 'The smallest loan must not exceed the largest',
				})
			terms.grid.forEach((row, index) => {
				if (row.length !== terms.creditBands.length)
					context.addIssue({
						code: 'custom',
						path: ['shortTerm', program, 'grid', index],
						message: `Give one cell per credit band (${terms.creditBands.length}), not ${row.length}`,
					})
			})
		}
	})

export type RateSheet = z.infer<typeof rateSheetSchema>
export type DscrSheet = RateSheet['dscr']
export type ShortTermSheet = RateSheet['shortTerm'][ShortTermProgram]

/** Every problem of a rate sheet as "path: reason", so an import can name them all (nothing is saved when there is one). */
export function rateSheetProblems(document: unknown): string[] {
	const result = rateSheetSchema.safeParse(document)
	if (result.success) return []
	return result.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(document)'}: ${issue.message}`)
}
