import { describe, expect, test } from 'vitest'
import { pricingRequestSchema } from './pricing-request.ts'

/**
 * The pricing API's request (README, POST /api/pricing): the limits of each figure on both sides, and the defaults a
 * request left unset is priced with.
 */
const dscr = { program: 'dscr', purpose: 'purchase', propertyValue: 400_000, loanAmount: 300_000, propertyType: 'single-family' }
const flip = { program: 'fix-flip', acquisition: 200_000, budget: 50_000, finishedValue: 350_000, experience: 3 }

const messages = (body: unknown) => {
	const parsed = pricingRequestSchema.safeParse(body)
	return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe('the limits of a request, on both sides', () => {
	test('an amount is at most $100,000,000', () => {
		expect(messages({ ...dscr, propertyValue: 100_000_000 })).toEqual([])
		expect(messages({ ...dscr, propertyValue: 100_000_001 })).toEqual(['The property value must be at most $100,000,000'])
		expect(messages({ ...flip, acquisition: 100_000_001 })).toEqual(['The purchase price must be at most $100,000,000'])
	})

	test('a property value, a loan and a purchase price are above $0; a budget and a rent may be $0', () => {
		expect(messages({ ...dscr, propertyValue: 1 })).toEqual([])
		expect(messages({ ...dscr, propertyValue: 0 })).toEqual(['The property value must be above $0'])
		expect(messages({ ...dscr, loanAmount: 0 })).toEqual(['The loan amount must be above $0'])
		expect(messages({ ...flip, acquisition: 0 })).toEqual(['The purchase price must be above $0'])
		expect(messages({ ...flip, budget: 0 })).toEqual([])
		expect(messages({ ...dscr, monthlyRent: 0 })).toEqual([])
	})

	test('points are 0 to 5', () => {
		expect(messages({ ...dscr, points: 5 })).toEqual([])
		expect(messages({ ...dscr, points: 5.5 })).toEqual(['Points must be at most 5'])
		expect(messages({ ...dscr, points: -0.5 })).toEqual(['Points must be 0 or more'])
	})

	test('experience is 0 to 1000 whole projects', () => {
		expect(messages({ ...flip, experience: 1000 })).toEqual([])
		expect(messages({ ...flip, experience: 1001 })).not.toEqual([])
		expect(messages({ ...flip, experience: -1 })).not.toEqual([])
	})

	test('one unknown field is named as one, two as two', () => {
		expect(messages({ ...dscr, email: 'a@example.com' })).toEqual([
			'Unknown field: email. Send only the figures of a scenario, never personal data.',
		])
		expect(messages({ ...dscr, email: 'a@example.com', phone: '5555550100' })).toEqual([
			'Unknown fields: email, phone. Send only the figures of a scenario, never personal data.',
		])
	})
})

describe('what a request left unset is priced with', () => {
	test('a DSCR loan: a 30-year fixed with principal and interest, no points, the sheet’s prepayment option', () => {
		const parsed = pricingRequestSchema.parse(dscr)
		expect(parsed).toMatchObject({ product: '30-year-fixed', interestOnly: false, points: 0 })
		expect(parsed).not.toHaveProperty('prepayment')
	})

	test('a short-term loan: no budget', () => {
		expect(pricingRequestSchema.parse({ ...flip, budget: undefined })).toMatchObject({ budget: 0 })
	})
})
