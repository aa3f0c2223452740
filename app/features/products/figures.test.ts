import { describe, expect, test } from 'vitest'
import { fillFigures, formatAmount, formatTerm, formatTermRange } from './figures.ts'

const bridge = { minRate: 8, maxLTV: 80, minLoanAmount: 100_000, maxLoanAmount: 3_000_000, minTermMonths: 6, maxTermMonths: 18 }

describe('figures as the copy prints them', () => {
	test('amounts, terms and ranges', () => {
		expect([formatAmount(5_000_000), formatAmount(50_000), formatAmount(61_500), formatAmount(4_370_000), formatAmount(900)]).toEqual([
			'$5M',
			'$50K',
			'$61.5K',
			'$4.37M',
			'$900',
		])
		// Exactly a million is "$1M", never "$1,000K"; just under it stays in thousands.
		expect([formatAmount(1_000_000), formatAmount(999_000), formatAmount(1_000)]).toEqual(['$1M', '$999K', '$1K'])
		expect([formatTerm(18), formatTerm(1), formatTerm(360), formatTerm(12), formatTerm(24)]).toEqual([
			'18 months',
			'1 month',
			'30 years',
			'12 months',
			'24 months',
		])
		expect([formatTermRange(6, 18), formatTermRange(360, 360), formatTermRange(36, 60)]).toEqual(['6-18 months', '30 years', '3-5 years'])
	})

	test('tokens name a product, or the product the text belongs to', () => {
		expect(fillFigures('Up to {bridge.maxLTV} LTV, {bridge.termRange}, from {bridge.minRate}', { bridge })).toBe(
			'Up to 80% LTV, 6-18 months, from 8%',
		)
		expect(fillFigures('Loans {minLoan}-{maxLoan}; at least {minDown} down', { bridge }, 'bridge')).toBe(
			'Loans $100K-$3M; at least 20% down',
		)
	})

	test('a token that names no figure, or a product that is not given, is left as written', () => {
		expect(fillFigures('{bridge.colour} {dscr.minRate} {minRate}', { bridge })).toBe('{bridge.colour} {dscr.minRate} {minRate}')
	})
})
