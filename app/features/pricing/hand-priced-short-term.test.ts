import { describe, expect, test } from 'vitest'
import { DSCR_ELIGIBLE_1 } from '../../../tests/fixtures/hand-priced/dscr-eligible-1.ts'
import { DSCR_ELIGIBLE_2 } from '../../../tests/fixtures/hand-priced/dscr-eligible-2.ts'
import { DSCR_INELIGIBLE } from '../../../tests/fixtures/hand-priced/dscr.ts'
import { SHORT_TERM_INELIGIBLE } from '../../../tests/fixtures/hand-priced/short-term.ts'
import { SHORT_TERM_ELIGIBLE } from '../../../tests/fixtures/hand-priced/short-term-eligible.ts'
import { MARKET_RATE_SHEET } from '../../../tests/fixtures/market-rate-sheet.ts'
import { priceShortTerm } from './short-term-pricing.ts'

/** Bridge, fix & flip and construction scenarios priced by hand (tests/fixtures/hand-priced/short-term*.ts), and the tables' reach. */

const DSCR_ELIGIBLE = [...DSCR_ELIGIBLE_1, ...DSCR_ELIGIBLE_2]

describe('bridge, fix & flip and construction scenarios priced by hand (eligible)', () => {
	test.each(SHORT_TERM_ELIGIBLE)('$name', (row) => {
		const terms = MARKET_RATE_SHEET.shortTerm[row.given.program]
		const quote = priceShortTerm(terms, row.given)
		expect(quote.failures).toEqual([])
		expect(quote).toMatchObject({
			eligible: true,
			loanAmount: row.loanAmount,
			rate: row.rate,
			points: row.points,
			pointsCost: row.pointsCost,
			monthlyInterest: row.monthlyInterest,
			termMonths: row.given.program === 'construction' ? 18 : 12,
			totalCost: row.totalCost,
			cashToClose: row.cashToClose,
		})
		expect(quote.lines).toEqual([{ label: 'Base rate', reason: row.cell, percent: row.rate }])
		expect(quote.leverage.map((item) => item.percent)).toEqual(row.leverage)
	})
})

describe('bridge, fix & flip and construction scenarios priced by hand (not eligible)', () => {
	test.each(SHORT_TERM_INELIGIBLE)('$name', (row) => {
		const quote = priceShortTerm(MARKET_RATE_SHEET.shortTerm[row.given.program], row.given)
		expect(quote).toMatchObject({
			eligible: false,
			rate: null,
			points: null,
			pointsCost: null,
			monthlyInterest: null,
			totalCost: null,
			cashToClose: null,
			lines: [],
			loanAmount: row.loanAmount,
		})
		expect(quote.failures).toEqual(row.failures)
		expect(quote.leverage.map((item) => item.percent)).toEqual(row.leverage)
	})
})

test('the table covers the four programs with at least 55 scenarios, 12 of them not eligible', () => {
	const shortTermPrograms = [...SHORT_TERM_ELIGIBLE, ...SHORT_TERM_INELIGIBLE].map((row) => row.given.program)
	const counts = {
		dscr: DSCR_ELIGIBLE.length + 1 + DSCR_INELIGIBLE.length, // + the no-rent scenario
		'short-term-bridge': shortTermPrograms.filter((program) => program === 'short-term-bridge').length,
		'fix-flip': shortTermPrograms.filter((program) => program === 'fix-flip').length,
		construction: shortTermPrograms.filter((program) => program === 'construction').length,
	}
	expect(counts).toEqual({ dscr: 40, 'short-term-bridge': 9, 'fix-flip': 10, construction: 8 })
	expect(DSCR_INELIGIBLE.length + SHORT_TERM_INELIGIBLE.length).toBe(21)
})

describe('a refinance asking for more than the caps allow', () => {
	test('is refused naming the most the caps allow, to the $1,000 below, and the loan that qualifies', () => {
		// The market sheet's bridge: 75 % of a $333,333 value is $249,999.75, so $249,000.
		const quote = priceShortTerm(MARKET_RATE_SHEET.shortTerm['short-term-bridge'], {
			program: 'short-term-bridge',
			acquisition: 333_333,
			budget: 0,
			finishedValue: 333_333,
			experience: 3,
			ficoBand: '740-759',
			loanAmount: 260_000,
			refinance: true,
		})
		expect(quote.failures).toEqual([
			{
				rule: 'max-leverage',
				message: 'A loan of $260,000 is above the $249,000 our caps allow for this bridge loan',
				qualifiesWith: 'A loan of $249,000 or less qualifies',
			},
		])
	})
})
