import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { whatCouldIBorrow } from '#app/features/calculator/borrow.ts'
import {
	heaviestRateSheet,
	heaviestRequests,
	LARGEST_RATE_SHEET,
	type SheetListLengths,
} from '../../../tests/fixtures/largest-rate-sheet.ts'
import { MARKET_RATE_SHEET } from '../../../tests/fixtures/market-rate-sheet.ts'
import { pricingWork } from './dscr-pricing.ts'
import { priceRequest } from './pricing-request.ts'
import {
	DSCR_PRODUCTS,
	FICO_BANDS,
	PREPAYMENT_OPTIONS,
	type RateSheet,
	rateSheetProblems,
	rateSheetSchema,
	SHEET_LIMITS,
} from './rate-sheet.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'

/**
 * docs/decisions/0075: one pricing request's work is bounded by the sheet's limits, whatever the sheet says. The work is
 * counted (rates worked out, short-term quotes priced), never timed: `npm run bench -- pricing` times the same sheet.
 */

/** The most rates one DSCR quote works out: its lines once, each DSCR tier's rate in the search, the final build, True No Ratio's. */
const RATES_PER_QUOTE = 1 + SHEET_LIMITS.dscrTiers + 1 + 1
/**
 * The most DSCR quotes one request prices: the quote asked for, every prepayment option × every point choice, and every
 * other loan on the sheet (each product with and without interest-only, docs/decisions/0103).
 */
const QUOTES_PER_REQUEST = 1 + PREPAYMENT_OPTIONS.length * (SHEET_LIMITS.pointSteps + 1) + DSCR_PRODUCTS.length * 2

function workOf(run: () => unknown) {
	const before = { ...pricingWork }
	run()
	return { rates: pricingWork.rates - before.rates, shortTermQuotes: pricingWork.shortTermQuotes - before.shortTermQuotes }
}

const copy = (sheet: RateSheet) => structuredClone(sheet)
/** Each list of a sheet at its limit. */
const LONGEST: SheetListLengths = {
	ltvBuckets: SHEET_LIMITS.ltvBuckets,
	dscrTiers: SHEET_LIMITS.dscrTiers,
	loanAmountTiers: SHEET_LIMITS.loanAmountTiers,
	experienceTiers: SHEET_LIMITS.experienceTiers,
	creditBands: SHEET_LIMITS.creditBands,
}

/** Worked out once: finding the heaviest rent prices a few dozen requests. */
let heaviest: ReturnType<typeof heaviestRequests> | undefined
const requests = () => {
	heaviest ??= heaviestRequests(LARGEST_RATE_SHEET)
	return heaviest
}

describe('the heaviest sheet the schema accepts', () => {
	test('is valid: every list at its longest, the smallest step of points, every option offered', () => {
		expect(rateSheetProblems(LARGEST_RATE_SHEET)).toEqual([])
		const { dscr } = LARGEST_RATE_SHEET
		expect(dscr.ltvBuckets).toHaveLength(SHEET_LIMITS.ltvBuckets)
		expect(dscr.dscrTiers).toHaveLength(SHEET_LIMITS.dscrTiers)
		expect(dscr.loanAmountTiers).toHaveLength(SHEET_LIMITS.loanAmountTiers)
		expect(dscr.points.maxPoints / dscr.points.step).toBe(SHEET_LIMITS.pointSteps)
		for (const program of Object.values(LARGEST_RATE_SHEET.shortTerm)) {
			expect(program.experienceTiers).toHaveLength(SHEET_LIMITS.experienceTiers)
			expect(program.creditBands).toHaveLength(FICO_BANDS.length)
		}
	})

	test('one DSCR request with a FICO band prices every choice, within the bound the limits set', () => {
		const { dscrWithBand } = requests()
		let response: ReturnType<typeof priceRequest> | undefined
		const work = workOf(() => {
			response = priceRequest(LARGEST_RATE_SHEET, 1, dscrWithBand)
		})
		// Every prepayment option × every point choice: the most a request can ask for.
		expect(response!.choices).toHaveLength(PREPAYMENT_OPTIONS.length * (SHEET_LIMITS.pointSteps + 1))
		// The tier search walks down several tiers here: the bound is not met by a request that does little.
		expect(work.rates).toBeGreaterThan(QUOTES_PER_REQUEST * 4)
		expect(work.rates).toBeLessThanOrEqual(QUOTES_PER_REQUEST * RATES_PER_QUOTE)
	})

	test('every other kind of request stays within its bound too', () => {
		const withoutBand = workOf(() => priceRequest(LARGEST_RATE_SHEET, 1, requests().dscrWithoutBand))
		expect(withoutBand.rates).toBeLessThanOrEqual(FICO_BANDS.length * RATES_PER_QUOTE)
		for (const program of ['short-term-bridge', 'fix-flip', 'construction'] as const) {
			const work = workOf(() => priceRequest(LARGEST_RATE_SHEET, 1, requests()[program]))
			expect(work.shortTermQuotes).toBe(FICO_BANDS.length)
		}
	})

	test('"What could I borrow?" searches the largest loan within its bound: each stretch once, then halving', () => {
		// Stretches start at each LTV bucket, each loan-amount tier, the smallest loan and the cap below a DSCR of 1.00; the
		// halving runs in one stretch of at most $50,000,000 in $1,000 steps; two more quotes explain a refusal.
		const quotes = SHEET_LIMITS.ltvBuckets + SHEET_LIMITS.loanAmountTiers + 2 + Math.ceil(Math.log2(SHEET_LIMITS.maxLoan / 1000)) + 1 + 2
		for (const monthlyRent of [0, 2_000, 40_000, 400_000]) {
			const work = workOf(() =>
				whatCouldIBorrow(LARGEST_RATE_SHEET.dscr, {
					purpose: 'purchase',
					propertyValue: 50_000_000,
					ficoBand: '800+',
					ficoAssumed: false,
					propertyType: 'single-family',
					monthlyRent,
				}),
			)
			expect(work.rates).toBeGreaterThan(0)
			expect(work.rates).toBeLessThanOrEqual(quotes * RATES_PER_QUOTE)
		}
	})
})

describe('a sheet past any limit is refused, each problem named for the editor', () => {
	const withLists = (lengths: Partial<SheetListLengths>) => heaviestRateSheet({ ...LONGEST, ...lengths })
	test.each<[string, () => unknown, string]>([
		['21 LTV buckets', () => withLists({ ltvBuckets: 21 }), 'dscr.ltvBuckets: Give at most 20 LTV buckets'],
		['11 DSCR tiers', () => withLists({ dscrTiers: 11 }), 'dscr.dscrTiers: Give at most 10 DSCR tiers'],
		['11 loan-amount tiers', () => withLists({ loanAmountTiers: 11 }), 'dscr.loanAmountTiers: Give at most 10 loan-amount tiers'],
		[
			'11 experience tiers',
			() => withLists({ experienceTiers: 11 }),
			'shortTerm.fix-flip.experienceTiers: Give at most 10 experience tiers',
		],
		['13 credit bands', () => withLists({ creditBands: 13 }), 'shortTerm.construction.creditBands: Give at most 12 credit bands'],
		[
			'points in steps of 0.001',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.dscr.points.step = 0.001
				return sheet
			},
			'dscr.points.step: Points go in steps of at least 0.125',
		],
		[
			'6 points',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.dscr.points.maxPoints = 6
				return sheet
			},
			'dscr.points.maxPoints: Offer at most 5 points',
		],
		[
			'a rate floor of 999.999 %',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.dscr.rateFloor = '999.999'
				return sheet
			},
			'dscr.rateFloor: A rate must be at most 25.000 %',
		],
		[
			'a bridge rate of 30 %',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.shortTerm['short-term-bridge'].grid[0]![0] = { rate: '30.000', points: '2.000' }
				return sheet
			},
			'shortTerm.short-term-bridge.grid.0.0.rate: A rate must be at most 25.000 %',
		],
		[
			'an adjustment of 9 %',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.dscr.creditLtv['800+'][0] = '9.000'
				return sheet
			},
			'dscr.creditLtv.800+.0: An adjustment must be from -5.000 to 5.000',
		],
		[
			// The bound holds below zero too (docs/decisions/0086): a credit of 9 % would price a loan below any rate.
			'an adjustment of -9 %',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.dscr.creditLtv['800+'][0] = '-9.000'
				return sheet
			},
			'dscr.creditLtv.800+.0: An adjustment must be from -5.000 to 5.000',
		],
		[
			'a cash-out LTV of 1,000 % (a loan ten times the value)',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.dscr.eligibility.maxLtv['cash-out'] = 1000
				return sheet
			},
			'dscr.eligibility.maxLtv.cash-out: An LTV must be at most 90 %',
		],
		[
			'a bridge loan of 150 % of the value',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.shortTerm['short-term-bridge'].caps.maxLoanToArv = 150
				return sheet
			},
			'shortTerm.short-term-bridge.caps.maxLoanToArv: Loan to the value after the work must be at most 90 %',
		],
		[
			'a largest loan of $1 billion',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.dscr.eligibility.maxLoan = 1_000_000_000
				return sheet
			},
			'dscr.eligibility.maxLoan: A loan amount must be at most $50,000,000',
		],
		[
			'taxes of 40 % of the value a year',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.dscr.assumptions.taxesPercentOfValue = '40.000'
				return sheet
			},
			'dscr.assumptions.taxesPercentOfValue: Taxes must be at most 5.000 %',
		],
		[
			'15 origination points',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.dscr.fees.originationPoints = '15.000'
				return sheet
			},
			'dscr.fees.originationPoints: Origination points must be at most 10.000 %',
		],
		[
			'a minimum DSCR of 50',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.dscr.eligibility.minDscr = '50.00'
				return sheet
			},
			'dscr.eligibility.minDscr: A DSCR must be at most 5.00',
		],
		[
			'a bridge whose smallest loan is above its largest',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.shortTerm['short-term-bridge'].minLoan = 4_000_000
				return sheet
			},
			'shortTerm.short-term-bridge.minLoan: The smallest loan must not exceed the largest',
		],
		[
			'experience tiers out of order',
			() => {
				const sheet = copy(SEED_RATE_SHEET)
				sheet.shortTerm['fix-flip'].experienceTiers = [...sheet.shortTerm['fix-flip'].experienceTiers].reverse()
				return sheet
			},
			'shortTerm.fix-flip.experienceTiers: List the experience tiers from the fewest projects, each above the last',
		],
	])('%s', (_, sheet, problem) => {
		expect(rateSheetProblems(sheet())).toContain(problem)
	})

	test('the seeded sheet and the market sheet stay valid as they are', () => {
		expect(rateSheetProblems(SEED_RATE_SHEET)).toEqual([])
		expect(rateSheetProblems(MARKET_RATE_SHEET)).toEqual([])
	})
})

test('whatever lists a sheet holds, the schema accepts it only within the limits, and then one request stays within the bound', () => {
	const request = requests().dscrWithBand
	const length = (limit: number) => fc.integer({ min: 1, max: limit * 3 })
	fc.assert(
		fc.property(
			fc.record({
				ltvBuckets: length(SHEET_LIMITS.ltvBuckets),
				dscrTiers: length(SHEET_LIMITS.dscrTiers),
				loanAmountTiers: length(SHEET_LIMITS.loanAmountTiers),
				experienceTiers: length(SHEET_LIMITS.experienceTiers),
				creditBands: fc.integer({ min: 1, max: FICO_BANDS.length }),
			}),
			(lengths) => {
				const parsed = rateSheetSchema.safeParse(heaviestRateSheet(lengths))
				const withinLimits = (Object.keys(LONGEST) as Array<keyof SheetListLengths>).every((list) => lengths[list] <= LONGEST[list])
				expect(parsed.success).toBe(withinLimits)
				if (parsed.success) {
					const work = workOf(() => priceRequest(parsed.data, 1, request))
					expect(work.rates).toBeLessThanOrEqual(QUOTES_PER_REQUEST * RATES_PER_QUOTE)
				}
			},
		),
		{ numRuns: 40, seed: 75, examples: [[LONGEST], [{ ...LONGEST, dscrTiers: 30, ltvBuckets: 60 }]] },
	)
})
