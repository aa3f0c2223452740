import { describe, expect, test } from 'vitest'
import {
	ESTIMATE_PANEL,
	calculateDscr,
	dscrRating,
	formatDollarText,
	formatDscr,
	formatWholeDollars,
	monthlyPayment,
} from './mortgage.ts'

describe('monthlyPayment (annuity formula)', () => {
	test('matches the textbook payment for $500,000 at 5.875% over 360 months', () => {
		expect(monthlyPayment(500_000, 5.875, 360)).toBeCloseTo(2957.69, 2)
	})

	test('uses a monthly rate of rate/100/12 (0.4895833% for 5.875%)', () => {
		const r = 5.875 / 100 / 12
		expect(r).toBeCloseTo(0.004895833, 9)
		const growth = (1 + r) ** 360
		expect(monthlyPayment(100_000, 5.875, 360)).toBeCloseTo((100_000 * r * growth) / (growth - 1), 10)
	})

	test('a zero rate divides the principal evenly', () => {
		expect(monthlyPayment(120_000, 0, 120)).toBe(1000)
	})
})

describe('dscrRating (spec 1 §5)', () => {
	test.each([
		[1.25, 'Excellent'],
		[2, 'Excellent'],
		[1.2499, 'Good'],
		[1.0, 'Good'],
		[0.9999, 'Needs Improvement'],
		[0, 'Needs Improvement'],
		[-0.5, 'Needs Improvement'],
	] as const)('%s is %s', (dscr, rating) => {
		expect(dscrRating(dscr)).toBe(rating)
	})
})

describe('calculateDscr', () => {
	const valid = { monthlyRent: 4000, loanAmount: 400_000, interestRate: 7, loanTermYears: 30, monthlyExpenses: 500 }

	test('DSCR is (rent - expenses) / payment', () => {
		const result = calculateDscr(valid)!
		const payment = monthlyPayment(400_000, 7, 360)
		expect(result.monthlyPayment).toBeCloseTo(payment, 10)
		expect(result.dscr).toBeCloseTo(3500 / payment, 10)
		expect(formatDscr(result.dscr)).toBe((3500 / payment).toFixed(2))
		expect(result.rating).toBe('Excellent')
	})

	test('a ratio of exactly 1.0 rates Good and exactly 1.25 rates Excellent', () => {
		const payment = monthlyPayment(400_000, 7, 360)
		expect(calculateDscr({ ...valid, monthlyRent: payment, monthlyExpenses: 0 })!.rating).toBe('Good')
		expect(calculateDscr({ ...valid, monthlyRent: payment * 1.25, monthlyExpenses: 0 })!.rating).toBe('Excellent')
		expect(calculateDscr({ ...valid, monthlyRent: payment * 0.99, monthlyExpenses: 0 })!.rating).toBe('Needs Improvement')
	})

	test('expenses of zero are allowed', () => {
		expect(calculateDscr({ ...valid, monthlyExpenses: 0 })).not.toBeNull()
	})

	test.each(['monthlyRent', 'loanAmount', 'interestRate', 'loanTermYears'] as const)('nothing happens when %s is zero or not a number', (field) => {
		expect(calculateDscr({ ...valid, [field]: 0 })).toBeNull()
		expect(calculateDscr({ ...valid, [field]: Number.NaN })).toBeNull()
	})

	test('nothing happens when expenses are negative or missing', () => {
		expect(calculateDscr({ ...valid, monthlyExpenses: -1 })).toBeNull()
		expect(calculateDscr({ ...valid, monthlyExpenses: Number.NaN })).toBeNull()
	})
})

describe('dollar formatting (spec 1 §5)', () => {
	test('numeric text becomes whole US dollars', () => {
		expect(formatDollarText('750000')).toBe('$750,000')
		expect(formatDollarText('$1,250,000')).toBe('$1,250,000')
		expect(formatDollarText('200000.75')).toBe('$200,000')
	})

	test('empty or non-numeric text becomes empty text', () => {
		expect(formatDollarText('')).toBe('')
		expect(formatDollarText('abc')).toBe('')
		expect(formatDollarText('$')).toBe('')
	})

	test('the estimate panel shows whole dollars and uses spec 1 §9 limits', () => {
		expect(formatWholeDollars(500_000)).toBe('$500,000')
		expect(ESTIMATE_PANEL).toEqual({ termMonths: 360, sliderMin: 100_000, sliderMax: 2_000_000, sliderStep: 25_000, defaultLoanAmount: 500_000 })
	})
})
