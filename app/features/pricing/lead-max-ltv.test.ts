import { describe, expect, test } from 'vitest'
import { maxLtvForLead } from './advertised-terms.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'

/** A sheet whose caps differ by purpose and program, so each one stored can be told apart (docs/decisions/0074). */
const sheet = (() => {
	const clone = structuredClone(SEED_RATE_SHEET)
	clone.dscr.eligibility.maxLtv = { purchase: 80, 'rate-term': 75, 'cash-out': 70 }
	clone.shortTerm['short-term-bridge'].caps = { maxLoanToCost: 85, maxLoanToArv: 78, maxAsIsLtv: 72, maxBudgetFinanced: 100 }
	clone.shortTerm['fix-flip'].caps = { maxLoanToCost: 90, maxLoanToArv: 75, maxAsIsLtv: 92.5, maxBudgetFinanced: 100 }
	clone.shortTerm.construction.caps = { maxLoanToCost: 81, maxLoanToArv: 70, maxAsIsLtv: 60, maxBudgetFinanced: 100 }
	return clone
})()

describe("a lead's stored maximum LTV is the cap of its own purpose (docs/decisions/0051, 0074)", () => {
	test.each([
		['purchase', 80],
		['refinance', 75],
		['cash-out-refinance', 70],
	])('DSCR %s: %i %%', (transactionType, cap) => {
		expect(maxLtvForLead(sheet, 'dscr', transactionType)).toBe(cap)
	})

	test('short-term programs: the maximum LTV their page prints, whatever the transaction', () => {
		expect(maxLtvForLead(sheet, 'short-term-bridge', 'purchase')).toBe(78)
		expect(maxLtvForLead(sheet, 'short-term-bridge', 'cash-out-refinance')).toBe(78)
		expect(maxLtvForLead(sheet, 'fix-flip', undefined)).toBe(92.5)
		expect(maxLtvForLead(sheet, 'construction', undefined)).toBe(81)
	})

	test('nothing for an unknown program or a DSCR lead without a purpose', () => {
		expect(maxLtvForLead(sheet, 'dscr', undefined)).toBeUndefined()
		expect(maxLtvForLead(sheet, 'hard-money', 'purchase')).toBeUndefined()
		expect(maxLtvForLead(sheet, undefined, 'purchase')).toBeUndefined()
	})
})
