import { describe, expect, test } from 'vitest'
import { ESTIMATE_PANEL, calculateDscr, dscrRating, formatDscr, monthlyPayment } from './mortgage.ts'
import { formatDollarText, formatDollars, parseNumberText } from '#app/features/money/money.ts'

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

	test('the rating agrees with the DSCR shown to 2 decimals, not with the raw ratio', () => {
		const payment = monthlyPayment(400_000, 7, 360)
		// Raw 1.2497 is shown as 1.25, so it is Excellent; raw 0.9997 is shown as 1.00, so it is Good.
		const nearExcellent = calculateDscr({ ...valid, monthlyRent: 3325.7, monthlyExpenses: 0 })!
		expect(nearExcellent.dscr).toBeCloseTo(1.2497, 4)
		expect(formatDscr(nearExcellent.dscr)).toBe('1.25')
		expect(nearExcellent.rating).toBe('Excellent')
		const nearGood = calculateDscr({ ...valid, monthlyRent: 2660.41, monthlyExpenses: 0 })!
		expect(nearGood.dscr).toBeCloseTo(0.9997, 4)
		expect(formatDscr(nearGood.dscr)).toBe('1.00')
		expect(nearGood.rating).toBe('Good')
		// Just below a boundary once rounded stays below it.
		const below = calculateDscr({ ...valid, monthlyRent: payment * 1.2449, monthlyExpenses: 0 })!
		expect([formatDscr(below.dscr), below.rating]).toEqual(['1.24', 'Good'])
		const belowOne = calculateDscr({ ...valid, monthlyRent: payment * 0.9949, monthlyExpenses: 0 })!
		expect([formatDscr(belowOne.dscr), belowOne.rating]).toEqual(['0.99', 'Needs Improvement'])
	})

	test('a ratio that rounds to zero is shown as 0.00, never -0.00', () => {
		expect(formatDscr(-0.001)).toBe('0.00')
		expect(formatDscr(-0.5)).toBe('-0.50')
	})

	test('amounts in cents are used as typed', () => {
		const result = calculateDscr({ ...valid, monthlyRent: parseNumberText('3410.50'), monthlyExpenses: parseNumberText('$250.25') })!
		expect(result.dscr).toBeCloseTo((3410.5 - 250.25) / monthlyPayment(400_000, 7, 360), 10)
	})

	test('expenses of zero are allowed', () => {
		expect(calculateDscr({ ...valid, monthlyExpenses: 0 })).not.toBeNull()
	})

	test.each(['monthlyRent', 'loanAmount', 'interestRate', 'loanTermYears'] as const)(
		'nothing happens when %s is zero or not a number',
		(field) => {
			expect(calculateDscr({ ...valid, [field]: 0 })).toBeNull()
			expect(calculateDscr({ ...valid, [field]: Number.NaN })).toBeNull()
		},
	)

	test('nothing happens when expenses are negative or missing', () => {
		expect(calculateDscr({ ...valid, monthlyExpenses: -1 })).toBeNull()
		expect(calculateDscr({ ...valid, monthlyExpenses: Number.NaN })).toBeNull()
	})
})

describe('parseNumberText', () => {
	test('reads cents, dollar signs, commas and percent signs; empty or non-numeric text is NaN', () => {
		expect(parseNumberText('3410.50')).toBe(3410.5)
		expect(parseNumberText('$3,410.50')).toBe(3410.5)
		expect(parseNumberText(' 7.25% ')).toBe(7.25)
		expect(parseNumberText('')).toBeNaN()
		expect(parseNumberText('abc')).toBeNaN()
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
		expect(formatDollars(500_000)).toBe('$500,000')
		expect(ESTIMATE_PANEL).toEqual({
			termMonths: 360,
			sliderMin: 100_000,
			sliderMax: 2_000_000,
			sliderStep: 25_000,
			defaultLoanAmount: 500_000,
		})
	})
})
