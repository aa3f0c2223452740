import { z } from 'zod'
import { FICO_SCORES_DETAILED, PROPERTY_TYPES, optionValues } from '#app/features/quote-wizard/options.ts'
import { singleLineText } from '#app/features/validation/safe-text.ts'

/**
 * The lender's rate sheet (issue 19, docs/pricing-rate-sheet.md): every figure the pricing reads, as one
 * JSON document that staff edit, export and import. Rates and adjustments are percentages written as
 * decimal strings ("6.250", "-0.125") so no figure ever passes through a float; amounts are whole dollars.
 */

/** A percentage as text: up to 3 decimals, optionally negative ("0.375", "-0.250"). */
const percent = z.string().regex(/^-?\d{1,2}(\.\d{1,3})?$/, 'Write a percentage with at most 3 decimals, such as 0.375 or -0.125')
/** A percentage that cannot be negative (a rate, a cap, points). */
const positivePercent = z.string().regex(/^\d{1,3}(\.\d{1,3})?$/, 'Write a percentage from 0 with at most 3 decimals, such as 6.250')
const dollars = z.number().int('Write whole dollars').min(0, 'Must be $0 or more').max(100_000_000, 'Must be at most $100,000,000')
/** A DSCR as text: 2 decimals ("1.25"). */
const ratio = z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'Write a ratio with at most 2 decimals, such as 1.25')

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
		baseRate: positivePercent,
		/** No price is ever below this rate. */
		rateFloor: positivePercent,
		products: z.record(z.enum(DSCR_PRODUCTS), z.object({ offered: z.boolean(), adjustment: percent })),
		/** LTV buckets by their lower bound in percent (inclusive); the last runs up to the highest cap. */
		ltvBuckets: z.array(z.number().min(0).max(100)).min(1).refine(ascending, 'List the LTV buckets from the lowest, each above the last'),
		/** One row per FICO band, one cell per LTV bucket: the adjustment, or null where that pair is not offered. */
		creditLtv: z.record(z.enum(FICO_BANDS), z.array(percent.nullable())),
		dscrTiers: z
			.array(tier(ratio))
			.min(1)
			.refine((tiers) => ascending(tiers.map((t) => Number(t.from))), 'List the DSCR tiers from the lowest, each above the last'),
		loanAmountTiers: z
			.array(tier(dollars))
			.min(1)
			.refine((tiers) => ascending(tiers.map((t) => t.from)), 'List the loan-amount tiers from the lowest, each above the last'),
		propertyTypes: z.record(z.enum(PROPERTY_TYPE_VALUES), percent.nullable()),
		purposes: z.record(z.enum(DSCR_PURPOSES), percent),
		prepayment: z.record(z.enum(PREPAYMENT_OPTIONS), z.object({ offered: z.boolean(), adjustment: percent })),
		/** The option a quote starts from until the borrower picks another (docs/decisions/0072): it must be offered. */
		defaultPrepayment: z.enum(PREPAYMENT_OPTIONS).default('5-4-3-2-1'),
		interestOnly: z.object({ offered: z.boolean(), adjustment: percent }),
		points: z.object({
			/** How much each point bought lowers the rate. */
			rateReductionPerPoint: positivePercent,
			maxPoints: z.number().min(0).max(5),
			/** The points a borrower can choose, in steps of this size (0.5: 0, 0.5, 1, ...); at most 40 choices. */
			step: z.number().min(0.125, 'Points go in steps of at least 0.125').max(1),
		}),
		/**
		 * The lender's charges that are finance charges under Regulation Z, so the APR printed beside a rate is derived
		 * from them (docs/decisions/0072): origination points on every loan, and fixed lender fees in dollars.
		 */
		fees: z.object({ originationPoints: positivePercent, lenderFees: dollars }).default({ originationPoints: '0.000', lenderFees: 0 }),
		/**
		 * True No Ratio (spec 1 §1): a scenario whose DSCR is below the minimum (or that has no rent at all) is priced
		 * without the ratio, with this adjustment in place of the DSCR tier's and at most this LTV.
		 */
		noRatio: z
			.object({ offered: z.boolean(), adjustment: percent, maxLtv: z.number().min(0).max(100) })
			.default({ offered: false, adjustment: '0.000', maxLtv: 0 }),
		/** The share of the rent (market rent or lease) that the DSCR counts, in percent (the Florida page's "75% of market rent"). */
		rentCountedPercent: z.number().min(1).max(100).default(100),
		eligibility: z.object({
			minFico: z.enum(FICO_BANDS),
			/** The highest LTV per purpose, in percent. */
			maxLtv: z.record(z.enum(DSCR_PURPOSES), z.number().min(0).max(100)),
			minDscr: ratio,
			/** Below a DSCR of 1.00 the LTV may be at most this (in percent). */
			maxLtvBelowDscrOne: z.number().min(0).max(100),
			minLoan: dollars,
			maxLoan: dollars,
		}),
		/** What the terms assume when the borrower has not said: yearly taxes and insurance as a percentage of the value. */
		assumptions: z.object({
			taxesPercentOfValue: positivePercent,
			insurancePercentOfValue: positivePercent,
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
		if (sheet.points.maxPoints / sheet.points.step > 40)
			context.addIssue({ code: 'custom', path: ['points', 'step'], message: 'Offer at most 40 point choices (raise the step)' })
		if (sheet.eligibility.minLoan > sheet.eligibility.maxLoan)
			context.addIssue({ code: 'custom', path: ['eligibility', 'minLoan'], message: 'The smallest loan must not exceed the largest' })
	})

/** The short-term programs: rate and origination points by experience tier × credit band, with leverage caps. */
const shortTermProgramSchema = z.object({
	offered: z.boolean(),
	/** Experience tiers by the lowest number of completed projects in the last 3 years (inclusive). */
	experienceTiers: z
		.array(
			z.object({
				from: z.number().int().min(0),
				label: singleLineText().trim().min(1, 'Give the tier a label').max(40, 'Must be at most 40 characters'),
			}),
		)
		.min(1),
	/** Credit bands by the lowest FICO band they take (inclusive); a band below the lowest is not offered. */
	creditBands: z
		.array(
			z.object({
				from: z.enum(FICO_BANDS),
				label: singleLineText().trim().min(1, 'Give the band a label').max(40, 'Must be at most 40 characters'),
			}),
		)
		.min(1),
	/** One row per experience tier, one cell per credit band: rate and points, or null where not offered. */
	grid: z.array(z.array(z.object({ rate: positivePercent, points: positivePercent }).nullable())),
	caps: z.object({
		/** Loan to total cost (price + rehab or construction budget), in percent. */
		maxLoanToCost: z.number().min(0).max(100),
		/** Loan to after-repair (or after-completion) value, in percent. */
		maxLoanToArv: z.number().min(0).max(100),
		/** The part of the loan that buys the property (or land), to its as-is value, in percent. */
		maxAsIsLtv: z.number().min(0).max(100),
		/** The share of the rehab or construction budget the loan finances, in percent ("up to 100% of rehab"). */
		maxBudgetFinanced: z.number().min(0).max(100).default(100),
	}),
	termMonths: z.number().int().min(1).max(60),
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
