import { describe, expect, test } from 'vitest'
import { defaultContent } from './content-defaults.ts'
import { loanProductsSchema } from './content-schemas.ts'

/** The loan products as seeded before the term became a figure (docs/decisions/0033). */
function savedBeforeTheUpgrade() {
	const products = structuredClone(defaultContent().loanProducts) as Record<string, Record<string, unknown>>
	for (const product of Object.values(products)) {
		delete product.minTermMonths
		delete product.maxTermMonths
	}
	products.bridge!.features = ['Close in 3-7 days', 'Up to 80% LTV', '6-18 month terms', 'Interest-only payments', 'Our own words: 80%']
	products.bridge!.terms = [
		{ label: 'Rates from', value: '8%' },
		{ label: 'Max LTV', value: '80%' },
		{ label: 'Terms', value: '6-18 months' },
		{ label: 'Credit score', value: '600+' },
		{ label: 'Max LTV', value: '85% (edited by staff)' },
	]
	return products
}

describe('loan products saved before the term became a figure', () => {
	test('get the seeded terms, and their seeded texts with a figure become tokens; staff texts are kept', () => {
		const { bridge, dscr } = loanProductsSchema.parse(savedBeforeTheUpgrade())
		expect([bridge.minTermMonths, bridge.maxTermMonths, dscr.maxTermMonths]).toEqual([6, 18, 360])
		expect(bridge.features).toEqual([
			'Close in 3-7 days',
			'Up to {maxLTV} LTV',
			'Terms of {termRange}',
			'Interest-only payments',
			'Our own words: 80%',
		])
		expect(bridge.terms).toEqual([
			{ label: 'Credit score', value: '600+' },
			{ label: 'Max LTV', value: '85% (edited by staff)' },
		])
	})

	test('a current document is read as it is', () => {
		const current = defaultContent().loanProducts
		expect(loanProductsSchema.parse(current)).toEqual(current)
	})
})

describe('the DSCR down payment became a figure (docs/decisions/0050)', () => {
	test('the seeded "Down payment 20-25%" row goes from documents of any age; a staff-written one stays', () => {
		const current = structuredClone(defaultContent().loanProducts)
		current.dscr.terms = [
			{ label: 'Minimum DSCR', value: '1.0' },
			{ label: 'Down payment', value: '20-25%' },
			{ label: 'Down payment', value: '30% for condos' },
		]
		expect(loanProductsSchema.parse(current).dscr.terms).toEqual([
			{ label: 'Minimum DSCR', value: '1.0' },
			{ label: 'Down payment', value: '30% for condos' },
		])
		const old = savedBeforeTheUpgrade()
		old.dscr!.terms = [{ label: 'Down payment', value: '20-25%' }]
		expect(loanProductsSchema.parse(old).dscr.terms).toEqual([])
	})
})
