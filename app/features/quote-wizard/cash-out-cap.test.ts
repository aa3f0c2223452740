import { describe, expect, test } from 'vitest'
import { cashOutAboveCap, cashOutCapFlag, cashOutCapNotice, cashOutPercent, programMaxLtv } from './cash-out-cap.ts'

/** docs/decisions/0033, 0051: each program's maximum LTV, and a cash-out above it said to the visitor and the officer. */

const caps = { dscr: 80, bridge: 75, fixFlip: 85, construction: 70 }

describe('the maximum LTV of each program (its loan-products record, docs/decisions/0033)', () => {
	test.each([
		['dscr', 80],
		['short-term-bridge', 75],
		['fix-flip', 85],
		['construction', 70],
	])('%s: %d%', (program, maxLtv) => {
		expect(programMaxLtv(program, caps)).toBe(maxLtv)
	})

	test('none for an unknown or missing program', () => {
		expect(programMaxLtv('commercial', caps)).toBeUndefined()
		expect(programMaxLtv(undefined, caps)).toBeUndefined()
	})
})

describe('a cash-out above the maximum (docs/decisions/0051)', () => {
	test('the maximum itself is not above it; a hundredth more is', () => {
		expect(cashOutAboveCap({ cashOutPercentage: 'other', cashOutPercentageOther: '75' }, 75)).toBeNull()
		expect(cashOutAboveCap({ cashOutPercentage: 'other', cashOutPercentageOther: '75.01' }, 75)).toEqual({ percent: 75.01, maxLtv: 75 })
	})

	test('the listed choice counts unless “Other” is chosen, then the custom one', () => {
		expect(cashOutPercent({ cashOutPercentage: '70', cashOutPercentageOther: '90' })).toBe(70)
		expect(cashOutPercent({ cashOutPercentage: 'other', cashOutPercentageOther: '90%' })).toBe(90)
		expect(cashOutPercent({ cashOutPercentage: 'other', cashOutPercentageOther: 'ninety' })).toBeNull()
		expect(cashOutPercent({})).toBeNull()
	})

	test('the visitor and the officer read the figures with up to two decimals', () => {
		expect(cashOutCapNotice({ percent: 72.25, maxLtv: 70 })).toBe(
			"72.25% is above this program's 70% maximum loan-to-value; a loan officer will tell you what is possible.",
		)
		expect(cashOutCapFlag({ percent: 80, maxLtv: 72.5 })).toBe("above the program's 72.5% maximum LTV")
	})
})
