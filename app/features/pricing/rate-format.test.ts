import { describe, expect, test } from 'vitest'
import { formatRate, formatRateAdjustment, formatRatio } from './rate-format.ts'

describe('formatRate (docs/decisions/0072)', () => {
	test('prints a rate as the specification does: up to three decimals, no trailing zeros, no space', () => {
		expect(formatRate('5.875')).toBe('5.875%')
		expect(formatRate('6.133')).toBe('6.133%')
		expect(formatRate('8.000')).toBe('8%')
		expect(formatRate('6.500')).toBe('6.5%')
		expect(formatRate(10.5)).toBe('10.5%')
		expect(formatRate('6.125')).toBe('6.125%')
	})
	test('rounds a fourth decimal half up', () => {
		expect(formatRate('6.1325')).toBe('6.133%')
		expect(formatRate('6.1324')).toBe('6.132%')
	})
	test('signs an adjustment', () => {
		expect(formatRateAdjustment('0.250')).toBe('+0.25%')
		expect(formatRateAdjustment('-0.125')).toBe('-0.125%')
		expect(formatRateAdjustment('0.000')).toBe('0%')
	})
})

describe('formatRatio', () => {
	test('prints a DSCR as the specification does: "1.0" for a whole ratio, two decimals otherwise', () => {
		expect(formatRatio('1.00')).toBe('1.0')
		expect(formatRatio('1.20')).toBe('1.20')
		expect(formatRatio('1.25')).toBe('1.25')
		expect(formatRatio('0.75')).toBe('0.75')
	})
})
