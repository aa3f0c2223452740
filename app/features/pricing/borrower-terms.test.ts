import { describe, expect, test } from 'vitest'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { fixFlipAnswers, longFormAnswers, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { leadQuoteRequestSchema, termsRequest, termsSummary } from './borrower-terms.ts'
import { type PricingRequest, priceRequest } from './pricing-request.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'
import { dscrPurchaseRequest, fixFlipRequest } from '../../../tests/fixtures/pricing-requests.ts'

/** docs/decisions/0066: the borrower's side of the terms: what a choice needs, the refinements, the terms in one line. */

const shortForm = refinanceAnswers as LoanFormData
const flip = fixFlipAnswers as LoanFormData

describe('a quote asked for by the borrower', () => {
	test('a choice needs a credit band; terms shown do not', () => {
		const chosen = leadQuoteRequestSchema.safeParse({ event: 'chosen', choice: { prepayment: '3-2-1', points: 0 } })
		expect(chosen.success ? [] : chosen.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
			['refinements.ficoBand', 'Choose your credit score band to choose terms'],
		])
		expect(leadQuoteRequestSchema.safeParse({ event: 'presented' }).success).toBe(true)
		expect(
			leadQuoteRequestSchema.safeParse({
				event: 'chosen',
				refinements: { ficoBand: '740-759' },
				choice: { prepayment: '3-2-1', points: 0 },
			}).success,
		).toBe(true)
	})
})

describe('the answers priced with the borrower’s refinements', () => {
	test('a band chosen replaces the assumed credit score, for a DSCR loan and a short-term one alike', () => {
		expect(termsRequest(shortForm)?.assumed).toEqual(['Your credit score (each band is shown)'])
		const dscr = termsRequest(shortForm, { ficoBand: '700-719' })!
		expect(dscr.request).toMatchObject({ ficoBand: '700-719' })
		expect(dscr.assumed).toEqual([])
		const project = termsRequest(flip, { ficoBand: '700-719' })!
		expect(project.request).toMatchObject({ program: 'fix-flip', ficoBand: '700-719' })
		expect(project.assumed).toEqual([])
	})

	test('a refinement left unset keeps the answers’ figure', () => {
		const answers = { ...shortForm, ...longFormAnswers } as LoanFormData
		expect(termsRequest(answers, { monthlyRent: undefined, monthlyHoa: 250 })?.request).toMatchObject({
			monthlyRent: 3_200,
			monthlyHoa: 250,
		})
	})
})

describe('the terms in one line (staff e-mail, CSV, lead details)', () => {
	// No rent given: the DSCR is assumed (docs/decisions/0066).
	const { monthlyRent: _rent, ...request } = { ...dscrPurchaseRequest, points: 0 }
	const summary = (asked: PricingRequest) => termsSummary(asked, priceRequest(SEED_RATE_SHEET, 3, asked))

	test('no points and two are plural, one is not; an assumed DSCR says so; the loan’s LTV is named', () => {
		expect(summary(request)).toMatch(
			/, 30-year fixed, 3-year prepayment \(3-2-1\), 0 points; .* DSCR 1\.25 assumed; loan \$350,000\.00 at 70\.00 % LTV;/,
		)
		expect(summary({ ...request, points: 1, monthlyRent: 4_000 })).toMatch(/, 1 point; /)
		expect(summary({ ...request, points: 1, monthlyRent: 4_000 })).not.toMatch(/assumed/)
		expect(summary({ ...request, points: 2 })).toMatch(/, 2 points; /)
	})

	test('terms without a band chosen are rates per band; a band below 600 is written out', () => {
		const { ficoBand: _band, ...noBand } = request
		expect(summary(noBand)).toBe('Rates per credit band (no band chosen)')
		expect(summary({ ...request, ficoBand: 'below-600' })).toMatch(/^Not eligible: .* \(FICO below 600, rate sheet v3\)$/)
	})

	test('a short-term loan: its term in months and its total cost', () => {
		const text = summary(fixFlipRequest)
		expect(text).toMatch(
			/^\d+(\.\d{1,3})?% interest-only, [\d.]+ points \(\$[\d,.]+\), 12 months; \$[\d,.]+ a month; loan \$327,000\.00; total cost \$[\d,.]+ \(FICO 740-759, rate sheet v3\)$/,
		)
	})
})
