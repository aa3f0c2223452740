import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { advertisedTerms, bestDscrTerms, bestShortTermTerms } from './advertised-terms.ts'
import { priceDscr } from './dscr-pricing.ts'
import { DSCR_PRODUCTS, DSCR_PURPOSES, FICO_BANDS, PREPAYMENT_OPTIONS, PROPERTY_TYPE_VALUES, type RateSheet } from './rate-sheet.ts'
import { MARKET_RATE_SHEET } from '../../../tests/fixtures/market-rate-sheet.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'

// The rules of the best case, worked on the tests' market sheet (the seeded sheet's figures are spec-figures.test.ts's).
const sheetWith = (change: (sheet: RateSheet) => void) => {
	const sheet = structuredClone(MARKET_RATE_SHEET)
	change(sheet)
	return sheet
}

describe('the DSCR best case (docs/decisions/0067)', () => {
	test('market sheet: every adjustment of the 30-year fixed at its best is below the floor, so the floor is the "from" rate, with no points', () => {
		// 6.250 − 0.250 (800+ below 55 % LTV) − 0.250 (5-year prepayment) = 5.750, below the 6.000 floor; the 5/6 ARM's
		// −0.375 is not the advertised product's. No fees: the APR is the rate.
		expect(bestDscrTerms(MARKET_RATE_SHEET.dscr)).toEqual({
			minRate: '6.000',
			points: 0,
			product: '30-year-fixed',
			apr: '6.000',
			maxLtv: { purchase: 80, 'rate-term': 75, 'cash-out': 75 },
		})
	})

	test('points lower it down to the floor and no further; the fewest points that reach the best rate are kept', () => {
		const noFloor = sheetWith((sheet) => {
			sheet.dscr.rateFloor = '3.000'
		})
		// 5.750 − 2 points × 0.250 = 5.250.
		expect(bestDscrTerms(noFloor.dscr)).toMatchObject({ minRate: '5.250', points: 2 })
		const floorAtFiveAndAHalf = sheetWith((sheet) => {
			sheet.dscr.rateFloor = '5.500'
		})
		// 5.750 − 1 × 0.250 = 5.500: a further half point buys nothing below the floor.
		expect(bestDscrTerms(floorAtFiveAndAHalf.dscr)).toMatchObject({ minRate: '5.500', points: 1 })
	})

	test('a base rate published higher moves the "from" rate with it; the sum is rounded up to 0.125 %', () => {
		const higher = sheetWith((sheet) => {
			sheet.dscr.baseRate = '7.410'
		})
		// 7.410 − 0.500 − 2 points × 0.250 = 6.410, rounded up to 6.500 (above the floor now).
		expect(bestDscrTerms(higher.dscr)).toMatchObject({ minRate: '6.500', points: 2 })
	})

	test('only what is offered counts: a product, a prepayment option, a band below the minimum FICO, a cell', () => {
		const limited = sheetWith((sheet) => {
			sheet.dscr.rateFloor = '3.000'
			// Without the 30-year fixed the cheapest offered product is advertised.
			sheet.dscr.products['30-year-fixed'].offered = false
			sheet.dscr.products['5-6-arm'].offered = false
			sheet.dscr.prepayment['5-4-3-2-1'].offered = false
			// The best cells belong to bands below the minimum now.
			sheet.dscr.eligibility.minFico = '660-679'
			sheet.dscr.creditLtv['640-659'] = ['-2.000', '-2.000', '-2.000', '-2.000', '-2.000', '-2.000']
			sheet.dscr.points.maxPoints = 0
		})
		// 6.250 − 0.250 (7/6 ARM) − 0.250 (800+) + 0 (3-2-1) = 5.750.
		expect(bestDscrTerms(limited.dscr)).toMatchObject({ minRate: '5.750', points: 0, product: '7-6-arm' })
	})

	test('the DSCR tier below 1.00 counts only up to its LTV cap, and only when the minimum DSCR lets it in', () => {
		const cheapBelowOne = sheetWith((sheet) => {
			sheet.dscr.rateFloor = '3.000'
			sheet.dscr.points.maxPoints = 0
			sheet.dscr.dscrTiers[0]!.adjustment = '-1.000'
			// Below 65 % LTV nothing is offered: the cheap tier is left at exactly 65 % (the bucket's inclusive bound, within the cap).
			for (const band of FICO_BANDS) sheet.dscr.creditLtv[band] = sheet.dscr.creditLtv[band].map((cell, index) => (index < 3 ? null : cell))
		})
		// 65 % bucket at 800+: 0.000. 6.250 − 1.000 − 0.250 = 5.000.
		expect(bestDscrTerms(cheapBelowOne.dscr)?.minRate).toBe('5.000')
		const aboveItsCap = sheetWith((sheet) => {
			sheet.dscr.rateFloor = '3.000'
			sheet.dscr.points.maxPoints = 0
			sheet.dscr.dscrTiers[0]!.adjustment = '-1.000'
			for (const band of FICO_BANDS) sheet.dscr.creditLtv[band] = sheet.dscr.creditLtv[band].map((cell, index) => (index < 4 ? null : cell))
		})
		// Only 70 % and above: the tier below 1.00 is out. 70 % bucket at 800+: +0.125. 6.250 + 0.125 − 0.250 = 6.125.
		expect(bestDscrTerms(aboveItsCap.dscr)?.minRate).toBe('6.125')
		const allowed = sheetWith((sheet) => {
			sheet.dscr.rateFloor = '3.000'
			sheet.dscr.points.maxPoints = 0
			sheet.dscr.dscrTiers[0]!.adjustment = '-1.000'
		})
		// 6.250 − 0.250 (800+, below 55 %) − 1.000 (DSCR below 1.00 at 65 % LTV or less) − 0.250 = 4.750.
		expect(bestDscrTerms(allowed.dscr)?.minRate).toBe('4.750')
		const minimumOne = sheetWith((sheet) => {
			sheet.dscr.rateFloor = '3.000'
			sheet.dscr.points.maxPoints = 0
			sheet.dscr.dscrTiers[0]!.adjustment = '-1.000'
			sheet.dscr.eligibility.minDscr = '1.00'
		})
		expect(bestDscrTerms(minimumOne.dscr)?.minRate).toBe('5.750')
		// True No Ratio prices below the minimum DSCR with its own adjustment, up to its own LTV.
		const noRatio = sheetWith((sheet) => {
			sheet.dscr.rateFloor = '3.000'
			sheet.dscr.points.maxPoints = 0
			sheet.dscr.eligibility.minDscr = '1.00'
			sheet.dscr.noRatio = { offered: true, adjustment: '-1.000', maxLtv: 60 }
		})
		// 6.250 − 0.250 (800+, below 55 %) − 1.000 − 0.250 = 4.750.
		expect(bestDscrTerms(noRatio.dscr)?.minRate).toBe('4.750')
	})

	test("interest-only payments priced lower are not advertised: the rate is the amortizing 30-year fixed's", () => {
		const cheapInterestOnly = sheetWith((sheet) => {
			sheet.dscr.rateFloor = '3.000'
			sheet.dscr.points.maxPoints = 0
			sheet.dscr.interestOnly.adjustment = '-0.500'
		})
		expect(bestDscrTerms(cheapInterestOnly.dscr)?.minRate).toBe('5.750')
	})

	test('the max LTV per purpose is the cap, or below the first LTV bucket no band is offered in', () => {
		const noTopBucket = sheetWith((sheet) => {
			for (const band of FICO_BANDS) sheet.dscr.creditLtv[band][5] = null
		})
		expect(bestDscrTerms(noTopBucket.dscr)?.maxLtv).toEqual({ purchase: 74, 'rate-term': 74, 'cash-out': 74 })
		const nothing = sheetWith((sheet) => {
			for (const band of FICO_BANDS) sheet.dscr.creditLtv[band] = sheet.dscr.creditLtv[band].map(() => null)
		})
		expect(bestDscrTerms(nothing.dscr)).toBeNull()
	})

	test('a scenario prices at exactly the advertised rate', () => {
		for (const floor of ['6.000', '3.000']) {
			const sheet = sheetWith((s) => {
				s.dscr.rateFloor = floor
			})
			const best = bestDscrTerms(sheet.dscr)!
			const quote = priceDscr(sheet.dscr, {
				purpose: 'purchase',
				propertyValue: 1_000_000,
				loanAmount: 500_000,
				ficoBand: '800+',
				propertyType: 'single-family',
				product: best.product,
				prepayment: '5-4-3-2-1',
				interestOnly: false,
				points: best.points,
				monthlyRent: 20_000,
			})
			expect(quote.rate).toBe(best.minRate)
		}
	})

	test('no eligible scenario of the advertised product prices below the advertised rate, and none goes above the advertised LTV of its purpose', () => {
		const sheets = [SEED_RATE_SHEET, MARKET_RATE_SHEET, sheetWith((s) => (s.dscr.rateFloor = '3.000'))]
		fc.assert(
			fc.property(
				fc.constantFrom(...sheets),
				fc.record({
					purpose: fc.constantFrom(...DSCR_PURPOSES),
					propertyValue: fc.integer({ min: 100_000, max: 5_000_000 }),
					ltv: fc.integer({ min: 10, max: 85 }),
					ficoBand: fc.constantFrom(...FICO_BANDS),
					propertyType: fc.constantFrom(...PROPERTY_TYPE_VALUES),
					product: fc.constantFrom(...DSCR_PRODUCTS),
					prepayment: fc.constantFrom(...PREPAYMENT_OPTIONS),
					interestOnly: fc.boolean(),
					points: fc.constantFrom(0, 0.5, 1, 1.5, 2),
					rentRatio: fc.integer({ min: 3, max: 30 }),
				}),
				(sheet, { ltv, rentRatio, ...rest }) => {
					const best = bestDscrTerms(sheet.dscr)!
					const loanAmount = Math.floor((rest.propertyValue * ltv) / 100)
					const quote = priceDscr(sheet.dscr, { ...rest, loanAmount, monthlyRent: Math.floor((rest.propertyValue * rentRatio) / 1000) })
					if (!quote.eligible) return
					// The advertised rate is the amortizing 30-year fixed's (the panel's product): an ARM or interest-only
					// payments may price lower on a sheet that discounts them; the LTV cap holds for every product.
					if (rest.product === best.product && !rest.interestOnly) expect(new Decimal(quote.rate!).gte(best.minRate)).toBe(true)
					expect(Number(quote.ltv)).toBeLessThanOrEqual(best.maxLtv[rest.purpose]!)
				},
			),
			{ numRuns: 400 },
		)
	})
})

describe('the short-term best case', () => {
	test('market sheet: the grid’s lowest rate with its points, and the cap each program advertises', () => {
		expect(advertisedTerms(MARKET_RATE_SHEET).shortTerm).toMatchObject({
			'short-term-bridge': {
				minRate: '9.875',
				points: '1.250',
				caps: { maxLoanToCost: 80, maxLoanToArv: 75, maxAsIsLtv: 75, maxBudgetFinanced: 100 },
				maxLtv: 75,
			},
			'fix-flip': {
				minRate: '10.000',
				points: '1.500',
				caps: { maxLoanToCost: 90, maxLoanToArv: 75, maxAsIsLtv: 85, maxBudgetFinanced: 100 },
				maxLtv: 85,
			},
			construction: {
				minRate: '10.875',
				points: '2.000',
				caps: { maxLoanToCost: 85, maxLoanToArv: 70, maxAsIsLtv: 60, maxBudgetFinanced: 100 },
				maxLtv: 85,
			},
		})
	})

	test('of cells at the best rate the one with the fewest points is advertised, cells that round to the same step included', () => {
		const sheet = sheetWith((s) => {
			const grid = s.shortTerm['fix-flip'].grid
			// 8.010 % rounds up to 8.125 %, as a quote would price it: the same rate as the cells at 8.125 %.
			grid[0]![0] = { rate: '8.125', points: '2.500' }
			grid[1]![1] = { rate: '8.010', points: '1.250' }
			grid[2]![2] = { rate: '8.125', points: '0.750' }
			grid[2]![1] = { rate: '8.125', points: '3.000' }
		})
		expect(bestShortTermTerms('fix-flip', sheet.shortTerm['fix-flip'])).toMatchObject({ minRate: '8.125', points: '0.750' })
	})

	test('a rate between steps is rounded up as a quote would be; a program not offered, or with an empty grid, has none', () => {
		const sheet = sheetWith((s) => {
			s.shortTerm['fix-flip'].grid[2]![2] = { rate: '9.010', points: '1.000' }
			s.shortTerm['short-term-bridge'].offered = false
			s.shortTerm.construction.grid = s.shortTerm.construction.grid.map((row) => row.map(() => null))
		})
		expect(bestShortTermTerms('fix-flip', sheet.shortTerm['fix-flip'])).toMatchObject({ minRate: '9.125', points: '1.000' })
		expect(bestShortTermTerms('short-term-bridge', sheet.shortTerm['short-term-bridge'])).toBeNull()
		expect(bestShortTermTerms('construction', sheet.shortTerm.construction)).toBeNull()
	})
})
