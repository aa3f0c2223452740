import { describe, expect, test } from 'vitest'
import { cashOutChoiceText, cashOutTermsLine } from './cash-out-amounts.ts'

describe('a cash-out in dollars (docs/decisions/0074)', () => {
	const answers = { estimatedPropertyValue: '$500,000', currentBalance: '$200,000' }

	test('each percentage of the step shows its loan and the cash that leaves', () => {
		expect(cashOutChoiceText(80, answers)).toBe('$400,000 loan · $200,000 cash out')
		expect(cashOutChoiceText(65, answers)).toBe('$325,000 loan · $125,000 cash out')
		expect(cashOutChoiceText(72.5, { estimatedPropertyValue: '333,333', currentBalance: '0' })).toBe('$241,666 loan · $241,666 cash out')
	})

	test('the loan alone when the balance is not known; nothing without a value or a usable percentage', () => {
		expect(cashOutChoiceText(75, { estimatedPropertyValue: '$500,000' })).toBe('$375,000 loan')
		expect(cashOutChoiceText(75, { currentBalance: '$200,000' })).toBeUndefined()
		expect(cashOutChoiceText(75, { estimatedPropertyValue: 'about 500k' })).toBeUndefined()
		expect(cashOutChoiceText(Number.NaN, answers)).toBeUndefined()
		expect(cashOutChoiceText(150, answers)).toBeUndefined()
	})

	test('a loan that does not cover the balance says so, never a negative cash out', () => {
		expect(cashOutChoiceText(65, { estimatedPropertyValue: '$500,000', currentBalance: '$400,000' })).toBe(
			'$325,000 loan · less than your $400,000 balance',
		)
	})

	test('the terms state the cash out: loan less payoff when known, else the loan amount labelled as such', () => {
		expect(cashOutTermsLine(400_000, 200_000)).toBe('Cash out: $200,000 (the $400,000 loan less the $200,000 balance it pays off)')
		expect(cashOutTermsLine(400_000, 0)).toBe('Cash out: $400,000 (the $400,000 loan less the $0 balance it pays off)')
		expect(cashOutTermsLine(400_000, null)).toBe('Cash out: up to the $400,000 loan amount, less any mortgage it pays off')
		expect(cashOutTermsLine(300_000, 350_000)).toBe('Cash out: none (the $300,000 loan is less than the $350,000 balance it pays off)')
	})
})
