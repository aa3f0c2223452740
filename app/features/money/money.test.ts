import { describe, expect, test } from 'vitest'
import { formatDollarAnswer, formatDollarText, formatDollars, parseDollars, parseNumberText } from './money.ts'

describe('money: one parser of money answers, one formatter', () => {
	test('parseDollars reads what the wizard formats and what an integration sends, and nothing else', () => {
		expect(['$1,250,000', '1250000', '1250000.5', '1250000.50', ' $ 300 000 ', '0', '-5'].map(parseDollars)).toEqual([
			1_250_000, 1_250_000, 1_250_000.5, 1_250_000.5, 300_000, 0, -5,
		])
		for (const text of ['', '$', 'abc', '1e5', '1.2.3', '12.345', '1'.repeat(16), '--5', '5-', 'Infinity', '0x10'])
			expect(parseDollars(text)).toBeNull()
	})

	test('formatDollars: whole dollars by default (rounded), cents always, or cents only when there are some', () => {
		expect(formatDollars(500_000)).toBe('$500,000')
		expect(formatDollars(2_660.5)).toBe('$2,661')
		expect(formatDollars(2_661.05, { cents: 'always' })).toBe('$2,661.05')
		expect(formatDollars(2_661, { cents: 'always' })).toBe('$2,661.00')
		expect(formatDollars(1_250, { cents: 'auto' })).toBe('$1,250')
		expect(formatDollars(1_250.75, { cents: 'auto' })).toBe('$1,250.75')
		expect(formatDollars(0.1 + 0.2, { cents: 'auto' })).toBe('$0.30')
	})

	test('a stored answer keeps its cents for staff; text that is no amount is shown as written', () => {
		expect(formatDollarAnswer('200000.75')).toBe('$200,000.75')
		expect(formatDollarAnswer('$750,000')).toBe('$750,000')
		expect(formatDollarAnswer('Under $100K')).toBe('Under $100K')
	})

	test('as the visitor types a whole-dollar field, digits before a point are kept', () => {
		expect(formatDollarText('1250.7')).toBe('$1,250')
		expect(formatDollarText('x')).toBe('')
	})

	test('the calculators read percentages and symbols, NaN when there is no number', () => {
		expect(parseNumberText(' 7.25% ')).toBe(7.25)
		expect(parseNumberText('$3,410.50')).toBe(3410.5)
		expect(parseNumberText('')).toBeNaN()
	})
})
