import { describe, expect, test } from 'vitest'
import { MARKET_RATE_SHEET } from '../../../tests/fixtures/market-rate-sheet.ts'
import { readBorrowForm, whatCouldIBorrow } from './borrow.ts'

const form = (values: Record<string, string>) => readBorrowForm(new URLSearchParams(values))

describe('what could I borrow: the bounds of the form (docs/decisions/0065)', () => {
	test('a value of $100,000,000 is taken; a dollar more is refused with the bound in words', () => {
		expect(form({ borrowRent: '3,500', borrowValue: '100,000,000' })).toMatchObject({
			state: 'valid',
			inputs: { propertyValue: 100_000_000 },
		})
		expect(form({ borrowRent: '3,500', borrowValue: '100,000,001' })).toMatchObject({
			state: 'invalid',
			errors: { value: 'Enter a value of at most $100,000,000' },
		})
	})

	test('a rent of $1,000,000 is taken; a dollar more is refused with the bound in words', () => {
		expect(form({ borrowRent: '1,000,000', borrowValue: '450,000' })).toMatchObject({
			state: 'valid',
			inputs: { monthlyRent: 1_000_000 },
		})
		expect(form({ borrowRent: '1,000,001', borrowValue: '450,000' })).toMatchObject({
			state: 'invalid',
			errors: { rent: 'Enter a monthly rent of at most $1,000,000' },
		})
	})

	test('a rent or a value of $0 is refused; a cent above is taken, and cents of the value are dropped', () => {
		expect(form({ borrowRent: '0', borrowValue: '0' })).toMatchObject({
			state: 'invalid',
			errors: { rent: 'Enter the monthly rent, such as 3,500', value: 'Enter the property value, such as 450,000' },
		})
		expect(form({ borrowRent: '0.01', borrowValue: '450,000.99' })).toMatchObject({
			state: 'valid',
			inputs: { monthlyRent: 0, propertyValue: 450_000 },
		})
	})

	test('without a credit band the best band is priced and said to be assumed; a band chosen is not', () => {
		expect(form({ borrowRent: '3,500', borrowValue: '450,000' })).toMatchObject({
			state: 'valid',
			inputs: { ficoBand: '800+', ficoAssumed: true },
		})
		expect(form({ borrowRent: '3,500', borrowValue: '450,000', borrowFico: '720-739' })).toMatchObject({
			state: 'valid',
			inputs: { ficoBand: '720-739', ficoAssumed: false },
		})
	})
})

describe('what could I borrow: the smallest loan against the LTV cap', () => {
	// The market sheet: $100,000 the smallest loan, 75 % the rate/term refinance's LTV cap.
	const inputs = { monthlyRent: 5_000, purpose: 'rate-term', ficoBand: '800+', ficoAssumed: false, propertyType: 'single-family' } as const

	test('a cap of exactly the smallest loan is priced: it qualifies, or fails for the rent, not for the value', () => {
		// 75 % of $133,334 is $100,000.50: $100,000 to the $1,000 below.
		expect(whatCouldIBorrow(MARKET_RATE_SHEET.dscr, { ...inputs, propertyValue: 133_334 })).toMatchObject({
			qualifies: true,
			maxLoan: 100_000,
		})
		const lowRent = whatCouldIBorrow(MARKET_RATE_SHEET.dscr, { ...inputs, monthlyRent: 300, propertyValue: 133_334 })
		expect(lowRent.qualifies ? [] : lowRent.failures.map((failure) => failure.rule)).toEqual(['min-dscr', 'ltv-below-dscr-one'])
	})

	test('below it, the value that would qualify is rounded up to the dollar', () => {
		// $100,000 ÷ 75 % is $133,333.33: a property worth $133,333 would not allow it.
		expect(whatCouldIBorrow(MARKET_RATE_SHEET.dscr, { ...inputs, propertyValue: 133_000 })).toMatchObject({
			qualifies: false,
			failures: [{ rule: 'loan-range', qualifiesWith: 'A property worth at least $133,334' }],
		})
	})
})
