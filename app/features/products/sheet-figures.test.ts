import { describe, expect, test } from 'vitest'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { fillFigures } from './figures.ts'
import { advertisedProducts } from './sheet-figures.ts'

describe('the products as advertised: the record with the sheet’s rates and LTVs (docs/decisions/0067)', () => {
	test('the seeded sheet replaces every "from" rate and max LTV; the rest is the record’s', () => {
		const record = defaultContent().loanProducts
		const products = advertisedProducts(record, SEED_RATE_SHEET)
		expect(products.dscr).toMatchObject({ minRate: 6, maxLTV: 80, apr: record.dscr.apr, maxLoanAmount: record.dscr.maxLoanAmount })
		expect(products.bridge).toMatchObject({ minRate: 9.875, maxLTV: 75, title: record.bridge.title })
		expect(products.fixFlip).toMatchObject({ minRate: 10, maxLTV: 85 })
		expect(products.construction).toMatchObject({ minRate: 10.875, maxLTV: 85 })
	})

	test('tokens print the LTV of each purpose, the short-term caps and the down payment left by the purchase LTV', () => {
		const products = advertisedProducts(defaultContent().loanProducts, SEED_RATE_SHEET)
		expect(
			fillFigures(
				'{dscr.maxLTV} {dscr.maxPurchaseLTV} {dscr.maxRefinanceLTV} {dscr.maxCashOutLTV} {dscr.minDown} {dscr.minRate}',
				products,
			),
		).toBe('80% 80% 75% 75% 20% 6%')
		expect(fillFigures('{fixFlip.maxLTC} {fixFlip.maxARV} {fixFlip.maxAsIsLTV} {fixFlip.minRate}', products)).toBe('90% 75% 85% 10%')
		// A record without the sheet has no such figure: the token is left as written.
		expect(fillFigures('{fixFlip.maxARV}', defaultContent().loanProducts)).toBe('{fixFlip.maxARV}')
	})

	test('a program the sheet does not offer keeps the record’s figures', () => {
		const sheet = structuredClone(SEED_RATE_SHEET)
		sheet.shortTerm.construction.offered = false
		const record = defaultContent().loanProducts
		const products = advertisedProducts(record, sheet)
		expect(products.construction).toMatchObject({ minRate: record.construction.minRate, maxLTV: record.construction.maxLTV })
		expect(products.construction.leverageCaps).toBeUndefined()
	})
})
