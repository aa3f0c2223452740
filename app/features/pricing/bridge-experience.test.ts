import { describe, expect, test } from 'vitest'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { bestShortTermTerms } from './advertised-terms.ts'
import { termsRequest } from './borrower-terms.ts'
import { priceRequest } from './pricing-request.ts'
import type { RateSheet } from './rate-sheet.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'
import type { ShortTermQuote } from './short-term-pricing.ts'

/** A sheet whose bridge grid rewards experience clearly: new investors, 1-4 projects, 5+ (docs/decisions/0074). */
function bridgeSheet(): RateSheet {
	const sheet = structuredClone(SEED_RATE_SHEET)
	const bridge = sheet.shortTerm['short-term-bridge']
	bridge.experienceTiers = [
		{ from: 0, label: 'New investor' },
		{ from: 1, label: '1-4 projects' },
		{ from: 5, label: '5+ projects' },
	]
	bridge.creditBands = [
		{ from: '600-619', label: '600-679' },
		{ from: '680-699', label: '680-739' },
		{ from: '740-759', label: '740+' },
	]
	bridge.grid = [
		[
			{ rate: '11.000', points: '2.000' },
			{ rate: '10.500', points: '2.000' },
			{ rate: '10.000', points: '1.750' },
		],
		[
			{ rate: '10.500', points: '2.000' },
			{ rate: '9.750', points: '1.750' },
			{ rate: '9.000', points: '1.500' },
		],
		[
			{ rate: '10.000', points: '1.750' },
			{ rate: '9.000', points: '1.500' },
			{ rate: '8.000', points: '1.000' },
		],
	]
	bridge.caps = { maxLoanToCost: 80, maxLoanToArv: 80, maxAsIsLtv: 80, maxBudgetFinanced: 100 }
	bridge.termMonths = 12
	return sheet
}

const bridgePurchase = (projectExperience?: string): LoanFormData => ({
	formMode: 'short',
	loanProgram: 'short-term-bridge',
	propertyType: 'single-family',
	transactionType: 'purchase',
	hasFoundProperty: 'yes',
	purchasePrice: '$500,000',
	downPayment: '$100,000',
	...(projectExperience === undefined ? {} : { projectExperience }),
})

const rateAt = (sheet: RateSheet, answers: LoanFormData) => {
	const terms = termsRequest(answers, { ficoBand: '760-779' })!
	const quote = priceRequest(sheet, 1, terms.request).quotes[0]!.quote as ShortTermQuote
	return quote
}

describe('a bridge borrower reaches the rate the bridge page advertises (docs/decisions/0074)', () => {
	test('an experienced borrower with top credit is priced at the grid’s best rate, the one advertised', () => {
		const sheet = bridgeSheet()
		const advertised = bestShortTermTerms('short-term-bridge', sheet.shortTerm['short-term-bridge'])!.minRate
		expect(advertised).toBe('8.000')
		expect(rateAt(sheet, bridgePurchase('7')).rate).toBe(advertised)
		expect(rateAt(sheet, bridgePurchase('2')).rate).toBe('9.000')
		expect(rateAt(sheet, bridgePurchase('0')).rate).toBe('10.000')
	})

	test('the quote states its term in months, from the sheet', () => {
		const sheet = bridgeSheet()
		sheet.shortTerm['short-term-bridge'].termMonths = 9
		expect(rateAt(sheet, bridgePurchase('7')).termMonths).toBe(9)
	})

	test('the seeded sheet’s bridge term lies within the term range the bridge page advertises (the loan-products record)', () => {
		const { bridge } = defaultContent().loanProducts
		const { termMonths } = SEED_RATE_SHEET.shortTerm['short-term-bridge']
		expect(termMonths).toBeGreaterThanOrEqual(bridge.minTermMonths)
		expect(termMonths).toBeLessThanOrEqual(bridge.maxTermMonths)
	})
})
