import { describe, expect, test } from 'vitest'
import { floridaCalculatorDefaults, floridaMonthlyPayment, parseNumberText } from './florida-calculator.ts'

describe('floridaMonthlyPayment', () => {
	test("the defaults are the DSCR record's starting rate and longest term, and give a result", () => {
		const defaults = floridaCalculatorDefaults({ minRate: 6.375, maxTermMonths: 360 })
		expect(defaults).toEqual({ loanAmount: '400,000', interestRate: '6.375', termYears: '30' })
		expect(floridaMonthlyPayment(defaults)).toBeCloseTo(2495.48, 1)
		expect(floridaCalculatorDefaults({ minRate: 6.437, maxTermMonths: 348 }).termYears).toBe('29')
	})

	test('a default term that is not whole years keeps its two decimals', () => {
		expect(floridaCalculatorDefaults({ minRate: 6.375, maxTermMonths: 354 }).termYears).toBe('29.5')
	})

	test('a term of up to 50 years gives a result, a longer one none; a term’s months round to the nearest', () => {
		expect(floridaMonthlyPayment({ loanAmount: '400000', interestRate: '7', termYears: '50' })).not.toBeNull()
		expect(floridaMonthlyPayment({ loanAmount: '400000', interestRate: '7', termYears: '50.01' })).toBeNull()
		// 29.96 years are 359.52 months: 360 payments.
		expect(floridaMonthlyPayment({ loanAmount: '400000', interestRate: '7', termYears: '29.96' })).toBe(
			floridaMonthlyPayment({ loanAmount: '400000', interestRate: '7', termYears: '30' }),
		)
	})

	test('reads formatted amounts', () => {
		expect(parseNumberText('$400,000')).toBe(400_000)
		expect(parseNumberText('7.5%')).toBe(7.5)
		expect(parseNumberText('')).toBeNaN()
	})

	test('a 0% rate divides the loan evenly', () => {
		expect(floridaMonthlyPayment({ loanAmount: '360000', interestRate: '0', termYears: '30' })).toBe(1000)
	})

	test.each([
		{ loanAmount: '', interestRate: '7', termYears: '30' },
		{ loanAmount: 'abc', interestRate: '7', termYears: '30' },
		{ loanAmount: '0', interestRate: '7', termYears: '30' },
		{ loanAmount: '-5', interestRate: '7', termYears: '30' },
		{ loanAmount: '400000', interestRate: '', termYears: '30' },
		{ loanAmount: '400000', interestRate: '-1', termYears: '30' },
		{ loanAmount: '400000', interestRate: '7', termYears: '0' },
		{ loanAmount: '400000', interestRate: '7', termYears: '0.01' },
		{ loanAmount: '400000', interestRate: '7', termYears: '' },
	])('invalid input $loanAmount / $interestRate / $termYears gives no result', (inputs) => {
		expect(floridaMonthlyPayment(inputs)).toBeNull()
	})
})
