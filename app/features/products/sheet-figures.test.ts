import { describe, expect, test } from 'vitest'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { fillFigures } from './figures.ts'
import { publicClaimProblems } from '#app/features/pricing/advertised-claims.ts'
import { advertisedProducts, pageTermRanges } from './sheet-figures.ts'

describe('the products as advertised: the record with the sheet’s rates and LTVs (docs/decisions/0067)', () => {
	test('the seeded sheet gives the specification’s figures (spec 1 §9, decision 0072); the copy and terms are the record’s', () => {
		const record = defaultContent().loanProducts
		const products = advertisedProducts(record, SEED_RATE_SHEET)
		expect(products.dscr).toMatchObject({ minRate: 5.875, apr: 6.133, maxLTV: 80, minLoanAmount: 75_000, maxLoanAmount: 5_000_000 })
		expect(products.bridge).toMatchObject({
			minRate: 8,
			maxLTV: 80,
			minLoanAmount: 100_000,
			maxLoanAmount: 3_000_000,
			title: record.bridge.title,
		})
		expect(products.fixFlip).toMatchObject({ minRate: 8.75, maxLTV: 92.5, minLoanAmount: 50_000, maxLoanAmount: 2_000_000 })
		expect(products.construction).toMatchObject({ minRate: 10, maxLTV: 80, minLoanAmount: 50_000, maxLoanAmount: 5_000_000 })
		expect(products.dscr.maxTermMonths).toBe(record.dscr.maxTermMonths)
	})

	test('tokens print the LTV of each purpose, the short-term caps and the down payment left by the purchase LTV', () => {
		const products = advertisedProducts(defaultContent().loanProducts, SEED_RATE_SHEET)
		expect(
			fillFigures(
				'{dscr.maxLTV} {dscr.maxPurchaseLTV} {dscr.maxRefinanceLTV} {dscr.maxCashOutLTV} {dscr.minDown} {dscr.minRate}',
				products,
			),
		).toBe('80% 80% 80% 80% 20% 5.875%')
		expect(fillFigures('{fixFlip.maxLTC} {fixFlip.maxARV} {fixFlip.maxAsIsLTV} {fixFlip.minRate} {fixFlip.maxRehab}', products)).toBe(
			'100% 75% 92.5% 8.75% 100%',
		)
		expect(
			fillFigures(
				'{dscr.apr} {dscr.minCredit} {dscr.bestCredit} {dscr.minDscr} {dscr.betterDscr} {dscr.rentCounted} {dscr.rentAllowance} {dscr.prepaymentYears}',
				products,
			),
		).toBe('6.133% 620 700 1.0 1.20 75% 25% 1-3')
		expect(
			fillFigures('{bridge.minCredit} {bridge.minRate}-{bridge.maxRate} {construction.minRate}-{construction.maxRate}', products),
		).toBe('600 8%-12% 10%-13%')
		// A record without the sheet has no such figure: the token is left as written.
		expect(fillFigures('{fixFlip.maxARV}', defaultContent().loanProducts)).toBe('{fixFlip.maxARV}')
	})

	test('the minimum down payment is what the purchase LTV leaves, not the highest LTV of any purpose', () => {
		const sheet = structuredClone(SEED_RATE_SHEET)
		sheet.dscr.eligibility.maxLtv = { purchase: 70, 'rate-term': 75, 'cash-out': 75 }
		const products = advertisedProducts(defaultContent().loanProducts, sheet)
		expect(fillFigures('{dscr.maxLTV} {dscr.maxPurchaseLTV} {dscr.minDown}', products)).toBe('75% 70% 30%')
		sheet.dscr.eligibility.maxLtv = { purchase: 75, 'rate-term': 70, 'cash-out': 65 }
		expect(fillFigures('{dscr.maxLTV} {dscr.minDown}', advertisedProducts(defaultContent().loanProducts, sheet))).toBe('75% 25%')
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

describe('the seeded sheet quotes terms within the ranges the pages print (docs/decisions/0072)', () => {
	test('no claim of the seeded pages is broken by the seeded sheet, terms included', () => {
		expect(publicClaimProblems(SEED_RATE_SHEET, pageTermRanges(defaultContent().loanProducts))).toEqual([])
		const short = structuredClone(defaultContent().loanProducts)
		short.fixFlip.maxTermMonths = 9
		expect(publicClaimProblems(SEED_RATE_SHEET, pageTermRanges(short))).toEqual([
			'Fix & flip: quotes a 12-month term, outside the 6-9 months its page advertises',
		])
	})
})
