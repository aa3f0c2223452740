import { describe, expect, test } from 'vitest'
import { applyFormChange } from './form-data.ts'
import { prefillFromSearch, programFromSearch, quoteHref, stateFromSearch } from './program-link.ts'

describe('the DSCR calculator’s figures carried into the wizard (docs/decisions/0075)', () => {
	test('the link carries the rent, the value and its purpose, as numbers', () => {
		expect(quoteHref('dscr', undefined, { rent: '3,500', value: '$450,000', purpose: 'cash-out' })).toBe(
			'/fast-quote?program=dscr&rent=3500&value=450000&purpose=cash-out',
		)
		// A purpose goes with a value only; what is not a positive amount is left out.
		expect(quoteHref('dscr', undefined, { rent: 'lots', purpose: 'purchase' })).toBe('/fast-quote?program=dscr')
		expect(quoteHref('dscr')).toBe('/fast-quote?program=dscr')
	})

	test('the wizard reads them as its answers: the estimated rent, and the price of a purchase or the value of a refinance', () => {
		const read = (query: string) => prefillFromSearch(new URLSearchParams(query))
		expect(read('program=dscr&rent=3500&value=450000&purpose=purchase')).toEqual({
			estimatedMonthlyRent: '3500',
			transactionType: 'purchase',
			purchasePrice: '450000',
		})
		expect(read('rent=2800.50&value=600000&purpose=rate-term')).toEqual({
			estimatedMonthlyRent: '2800.5',
			transactionType: 'refinance',
			estimatedPropertyValue: '600000',
		})
		expect(read('value=600000&purpose=cash-out')).toEqual({ transactionType: 'cash-out-refinance', estimatedPropertyValue: '600000' })
		// Out of the wizard's ranges, not a number, or a purpose it does not know: nothing.
		expect(read('rent=5000000&value=5000&purpose=purchase')).toEqual({})
		expect(read('rent=abc&value=450000&purpose=flip')).toEqual({})
	})

	test('answering whether the property is rented keeps the rent already there, in the field that answer asks for', () => {
		const prefilled = { formMode: 'short' as const, estimatedMonthlyRent: '3500' }
		expect(applyFormChange(prefilled, { currentlyRented: 'yes' })).toEqual({
			formMode: 'short',
			currentlyRented: 'yes',
			monthlyRent: '3500',
		})
		expect(applyFormChange(prefilled, { currentlyRented: 'no' })).toEqual({
			formMode: 'short',
			currentlyRented: 'no',
			estimatedMonthlyRent: '3500',
		})
		// A rent typed in the asked field wins; the other is dropped, so a lead carries one rent.
		expect(applyFormChange({ ...prefilled, monthlyRent: '3200' }, { currentlyRented: 'yes' })).toEqual({
			formMode: 'short',
			currentlyRented: 'yes',
			monthlyRent: '3200',
		})
	})
})

describe('each parameter of a link, at its edges (docs/decisions/0028, 0051, 0075)', () => {
	const read = (query: string) => prefillFromSearch(new URLSearchParams(query))

	test('the value: $10,000 and $100,000,000 are prefilled, a dollar outside is not', () => {
		expect(read('value=10000&purpose=purchase')).toEqual({ transactionType: 'purchase', purchasePrice: '10000' })
		expect(read('value=100000000&purpose=rate-term')).toEqual({ transactionType: 'refinance', estimatedPropertyValue: '100000000' })
		expect(read('value=9999&purpose=purchase')).toEqual({})
		expect(read('value=100000001&purpose=purchase')).toEqual({})
	})

	test('the rent: $1,000,000 is prefilled; $1,000,001 and $0 are not', () => {
		expect(read('rent=1000000')).toEqual({ estimatedMonthlyRent: '1000000' })
		expect(read('rent=1000001')).toEqual({})
		expect(read('rent=0')).toEqual({})
	})

	test('a link carries a value above $0 only, and only a purpose the wizard knows', () => {
		expect(quoteHref('dscr', undefined, { value: '0', purpose: 'purchase' })).toBe('/fast-quote?program=dscr')
		expect(quoteHref('dscr', undefined, { value: '450000', purpose: 'flip' })).toBe('/fast-quote?program=dscr&value=450000')
		expect(quoteHref(undefined, 'FL')).toBe('/fast-quote?state=FL')
	})

	test.each(['dscr', 'short-term-bridge', 'fix-flip', 'construction'])('the offered program %s is preselected', (program) => {
		expect(programFromSearch(new URLSearchParams({ program }))).toBe(program)
	})

	test('a program not offered, or none, is not', () => {
		expect(programFromSearch(new URLSearchParams('program=commercial'))).toBeNull()
		expect(programFromSearch(new URLSearchParams(''))).toBeNull()
	})

	test('a state however the page names it becomes its code; a name that is not a state is left out', () => {
		expect(stateFromSearch(new URLSearchParams('state=FL'))).toBe('FL')
		expect(stateFromSearch(new URLSearchParams('state=fl'))).toBe('FL')
		expect(stateFromSearch(new URLSearchParams('state=Florida'))).toBe('FL')
		expect(stateFromSearch(new URLSearchParams('state=Atlantis'))).toBeNull()
		expect(stateFromSearch(new URLSearchParams(''))).toBeNull()
	})
})
