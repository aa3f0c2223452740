import { describe, expect, test } from 'vitest'
import type { PricingRequest } from '#app/features/pricing/pricing-request.ts'
import { termsOfRequest } from './return-visit.server.ts'

/**
 * docs/decisions/0103: a return link brings back the band, loan, amounts and cell of the terms last seen, read from the
 * lead's latest frozen request, so the other device prices the same request.
 */

const dscr = {
	program: 'dscr',
	purpose: 'purchase',
	propertyValue: 500_000,
	loanAmount: 375_000,
	propertyType: 'single-family',
	product: '30-year-fixed',
	interestOnly: false,
	points: 0,
} as const

describe('the terms a return link brings back', () => {
	test('a DSCR request’s every refinement: product, interest-only, band, rent, taxes, insurance and HOA, and the cell', () => {
		const request = {
			...dscr,
			product: '5-6-arm',
			interestOnly: true,
			ficoBand: '740-759',
			monthlyRent: 4200,
			annualTaxes: 6100,
			annualInsurance: 1800,
			monthlyHoa: 250,
			prepayment: '3-2-1',
			points: 1.5,
		} as PricingRequest
		expect(termsOfRequest(request)).toEqual({
			refinements: {
				product: '5-6-arm',
				interestOnly: true,
				ficoBand: '740-759',
				monthlyRent: 4200,
				annualTaxes: 6100,
				annualInsurance: 1800,
				monthlyHoa: 250,
			},
			choice: { prepayment: '3-2-1', points: 1.5 },
		})
	})

	test('a DSCR request without amounts or band brings back its product alone, and no cell without a band', () => {
		expect(termsOfRequest({ ...dscr, prepayment: '3-2-1' } as PricingRequest)).toStrictEqual({
			refinements: { product: '30-year-fixed', interestOnly: false },
		})
	})

	test('every short-term program brings back its credit band, and nothing without one', () => {
		for (const program of ['short-term-bridge', 'fix-flip', 'construction'] as const) {
			const request = { program, acquisition: 300_000, budget: 50_000, finishedValue: 450_000, experience: 2 }
			expect(termsOfRequest({ ...request, ficoBand: '700-719' } as PricingRequest), program).toStrictEqual({
				refinements: { ficoBand: '700-719' },
			})
			expect(termsOfRequest(request as PricingRequest), program).toStrictEqual({ refinements: {} })
		}
	})
})
