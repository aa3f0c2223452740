import { describe, expect, test } from 'vitest'
import { DSCR_ELIGIBLE_1 } from '../../../tests/fixtures/hand-priced/dscr-eligible-1.ts'
import { DSCR_ELIGIBLE_2 } from '../../../tests/fixtures/hand-priced/dscr-eligible-2.ts'
import { base, DSCR_INELIGIBLE, dscrScenario, dscrSheet, type Line } from '../../../tests/fixtures/hand-priced/dscr.ts'
import { priceDscr } from './dscr-pricing.ts'

/** DSCR scenarios priced by hand: every figure a literal worked out from the market sheet (tests/fixtures/hand-priced/dscr.ts). */

const DSCR_ELIGIBLE = [...DSCR_ELIGIBLE_1, ...DSCR_ELIGIBLE_2]

describe('DSCR scenarios priced by hand (eligible)', () => {
	test.each(DSCR_ELIGIBLE)('$name', (row) => {
		const quote = priceDscr(dscrSheet, dscrScenario(row.given))
		expect(quote.failures).toEqual([])
		expect(quote.eligible).toBe(true)
		expect(quote.rate).toBe(row.rate)
		expect(quote.lines.map((line): Line => [line.label, line.percent])).toEqual(row.lines)
		expect(quote.ltv).toBe(row.ltv)
		expect(quote.monthly).toEqual(row.monthly)
		expect(quote.dscr).toBe(row.dscr)
		expect(quote.dscrAssumed).toBe(false)
		expect(quote.pointsCost).toBe(row.pointsCost)
		expect(quote.cashToClose).toBe(row.cashToClose)
	})

	test('no rent: a 2-4 unit at 80 % priced at the assumed DSCR, with each assumption in dollars', () => {
		const quote = priceDscr(
			dscrSheet,
			dscrScenario({
				ficoBand: '760-779',
				propertyType: 'multi-family',
				prepayment: '5-4-3-2-1',
				propertyValue: 350_000,
				loanAmount: 280_000,
			}),
		)
		// 6.250 + 0.375 (760-779 × 75+) + 0 (loan 250k+) + 0 (assumed DSCR 1.25) + 0.250 (2-4) - 0.250 (5-4-3-2-1) = 6.625
		// P&I 280,000 @ 6.625 = 1,792.87; taxes 1.2 % × 350,000 = 4,200 a year, 350.00 a month;
		// insurance 0.5 % × 350,000 = 1,750 a year, 145.83 a month; PITIA 2,288.70
		expect(quote.eligible).toBe(true)
		expect(quote.rate).toBe('6.625')
		expect(quote.lines.map((line): Line => [line.label, line.percent])).toEqual([
			base,
			['Credit and LTV', '+0.375'],
			['Property type', '+0.250'],
			['Prepayment', '-0.250'],
		])
		expect(quote.monthly).toEqual({ payment: '1792.87', taxes: '350.00', insurance: '145.83', hoa: '0.00', pitia: '2288.70' })
		expect(quote.dscr).toBe('1.25')
		expect(quote.dscrAssumed).toBe(true)
		expect(quote.cashToClose).toBe('70000.00')
		expect(quote.assumptions).toEqual([
			'Property taxes of 1.200 % of the value a year ($4,200)',
			'Insurance of 0.500 % of the value a year ($1,750)',
			'No HOA dues',
			'A DSCR of 1.25 (the rent is not known yet)',
		])
	})
})

describe('DSCR scenarios priced by hand (not eligible)', () => {
	test.each(DSCR_INELIGIBLE)('$name', (row) => {
		const quote = priceDscr(dscrSheet, dscrScenario(row.given))
		expect(quote.eligible).toBe(false)
		expect(quote.rate).toBeNull()
		expect(quote.monthly).toBeNull()
		expect(quote.lines).toEqual([])
		expect(quote.failures).toEqual(row.failures)
		expect(quote.dscr).toBe(row.dscr)
	})
})
