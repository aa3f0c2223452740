import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { bestDscrTerms } from './advertised-terms.ts'
import { annualPercentageRate, dscrFinanceCharges } from './apr.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'

/** The payments' present value at a yearly rate, summed month by month in floating point: an independent check of the method. */
function presentValue(payment: number, yearly: number, months: number) {
	let total = 0
	for (let month = 1; month <= months; month++) total += payment / (1 + yearly / 1200) ** month
	return total
}

describe('the APR by Regulation Z’s actuarial method (docs/decisions/0072)', () => {
	test('the seeded sheet’s fees give the specification’s APR: 6.133 % at 5.875 % on $500,000 over 360 months', () => {
		// $500,000 at 5.875 % pays $2,957.69 a month; 2 origination points ($10,000) and $3,640 of fees are prepaid finance charges.
		const charges = dscrFinanceCharges(SEED_RATE_SHEET.dscr, 500_000, 0)
		expect(charges.toFixed(2)).toBe('13640.00')
		expect(annualPercentageRate({ loanAmount: 500_000, ratePercent: '5.875', termMonths: 360, financeCharges: charges })).toBe('6.133')
		expect(bestDscrTerms(SEED_RATE_SHEET.dscr)).toMatchObject({ minRate: '5.875', apr: '6.133' })
		// The amount financed, $486,360, is the payments discounted at the APR (to within the 0.0005 % printed).
		expect(presentValue(2957.69, 6.1325, 360)).toBeGreaterThan(486_360)
		expect(presentValue(2957.69, 6.1335, 360)).toBeLessThan(486_360)
	})

	test('with no finance charge the APR is the rate; with charges it is above it', () => {
		expect(annualPercentageRate({ loanAmount: 300_000, ratePercent: '7.125', termMonths: 360, financeCharges: 0 })).toBe('7.125')
		const apr = annualPercentageRate({ loanAmount: 300_000, ratePercent: '7.125', termMonths: 360, financeCharges: 6_000 })
		expect(new Decimal(apr).gt('7.125')).toBe(true)
	})

	test('charges of the whole loan (nothing financed) or more leave the APR at the rate', () => {
		for (const financeCharges of [300_000, 300_001])
			expect(annualPercentageRate({ loanAmount: 300_000, ratePercent: '7.125', termMonths: 360, financeCharges })).toBe('7.125')
	})

	test('an interest-only loan discounts its interest payments and the principal repaid with the last one', () => {
		const apr = annualPercentageRate({
			loanAmount: 400_000,
			ratePercent: '6.000',
			termMonths: 360,
			interestOnly: true,
			financeCharges: 8_000,
		})
		const yearly = Number(apr)
		// $2,000 a month of interest and $400,000 at the end, worth the $392,000 financed at the APR.
		const worth = presentValue(2000, yearly, 360) + 400_000 / (1 + yearly / 1200) ** 360
		expect(Math.abs(worth - 392_000)).toBeLessThan(50)
	})

	test('whatever a published sheet’s floor, base, points and fees, the advertised APR is never below its rate', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 3000, max: 12000 }),
				fc.integer({ min: 3000, max: 12000 }),
				fc.integer({ min: 0, max: 3000 }),
				fc.integer({ min: 0, max: 20_000 }),
				fc.constantFrom(0, 1, 2, 4),
				(base, floor, origination, fees, maxPoints) => {
					const sheet = structuredClone(SEED_RATE_SHEET.dscr)
					sheet.baseRate = new Decimal(base).div(1000).toFixed(3)
					sheet.rateFloor = new Decimal(floor).div(1000).toFixed(3)
					sheet.fees = { originationPoints: new Decimal(origination).div(1000).toFixed(3), lenderFees: fees }
					sheet.points.maxPoints = maxPoints
					const best = bestDscrTerms(sheet)!
					expect(new Decimal(best.apr).gte(best.minRate)).toBe(true)
					// Charges of $500 or more on the $500,000 (0.1 %) show in the third decimal.
					if (origination >= 100 || fees >= 500 || best.points > 0) expect(new Decimal(best.apr).gt(best.minRate)).toBe(true)
				},
			),
			{ numRuns: 200 },
		)
	})
})
