import { describe, expect, test } from 'vitest'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { longFormAnswers, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { termsRequest } from './borrower-terms.ts'
import type { DscrQuote } from './dscr-pricing.ts'
import { priceRequest } from './pricing-request.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'
import { AMOUNT_MESSAGE, inputsFromAnswers, placeholderFor, refinementsOf } from './terms-refinements.ts'
import { chosenTermsLine, choicesAtFloor, quoteRows, scenarioLine, wholeDollars } from './terms-text.ts'
import { fixFlipRequest } from '../../../tests/fixtures/pricing-requests.ts'

const empty = { ficoBand: '', monthlyRent: '', annualTaxes: '', annualInsurance: '', monthlyHoa: '', product: '', interestOnly: '' }

describe('the terms’ fields start from the answers that priced them (docs/decisions/0066)', () => {
	test('the long form’s credit band, rent, HOA and interest-only answer, as typed', () => {
		expect(inputsFromAnswers({ ...refinanceAnswers, ...longFormAnswers })).toEqual({
			...empty,
			ficoBand: '740-759',
			monthlyRent: '$3,200',
			monthlyHoa: '0',
			interestOnly: longFormAnswers.interestOnlyPreference,
		})
	})

	test('before the long form, the rent the DSCR calculator carried in (docs/decisions/0075)', () => {
		expect(inputsFromAnswers({ ...refinanceAnswers, estimatedMonthlyRent: '$2,900' } as LoanFormData)).toMatchObject({
			monthlyRent: '$2,900',
			ficoBand: '',
		})
	})

	test('the long form’s interest-only answer wins over the short form’s; a vacant property shows the rent it would get', () => {
		const answers = { ...refinanceAnswers, interestOnlyOption: 'yes' } as LoanFormData
		expect(inputsFromAnswers(answers).interestOnly).toBe('yes')
		expect(inputsFromAnswers({ ...answers, interestOnlyPreference: 'no' }).interestOnly).toBe('no')
		expect(
			inputsFromAnswers({
				...refinanceAnswers,
				currentlyRented: 'no',
				monthlyRent: '$1,000',
				estimatedMonthlyRent: '$2,900',
			} as LoanFormData).monthlyRent,
		).toBe('$2,900')
	})

	test('a credit answer that is not a band of the sheet leaves the band to choose', () => {
		expect(inputsFromAnswers({ ...refinanceAnswers, ficoScoreDetailed: 'unknown' } as LoanFormData).ficoBand).toBe('')
	})
})

describe('what the borrower types becomes refinements, or a message at the field', () => {
	test('amounts as people type them are whole dollars; empty fields are left out', () => {
		expect(refinementsOf({ ...empty, ficoBand: '700-719', monthlyRent: '$2,500', annualTaxes: '3,600.40' })).toEqual({
			value: { ficoBand: '700-719', monthlyRent: 2500, annualTaxes: 3600 },
			errors: {},
		})
		// Cents round to the nearest dollar.
		expect(refinementsOf({ ...empty, monthlyRent: '$2,500.50' }).value).toEqual({ monthlyRent: 2501 })
	})

	test('an amount that is not dollars is named at its field and not priced; the others still are', () => {
		expect(refinementsOf({ ...empty, monthlyRent: 'about 2k', monthlyHoa: '$150' })).toEqual({
			value: { monthlyHoa: 150 },
			errors: { monthlyRent: AMOUNT_MESSAGE },
		})
	})

	test('an amount the pricing API refuses is named with the API’s own message', () => {
		const { value, errors } = refinementsOf({ ...empty, annualInsurance: '$200,000,000', monthlyRent: '$2,000' })
		expect(value).toEqual({ monthlyRent: 2000 })
		expect(errors.annualInsurance).toMatch(/at most \$100,000,000/)
	})
})

describe('how the terms read', () => {
	const request = termsRequest({ ...refinanceAnswers, ...longFormAnswers })!.request
	const answer = priceRequest(SEED_RATE_SHEET, 1, request)

	test('the scenario in one line: purpose, loan, value and LTV', () => {
		expect(scenarioLine(request)).toBe('DSCR rate/term refinance: a $200,000 loan on a $750,000 property (26.67 % LTV), 30-year term')
	})

	test('a money field’s placeholder is what the quote assumes for it', () => {
		const quote = answer.quotes[0]!.quote as DscrQuote
		expect(placeholderFor('annualTaxes', quote)).toBe(`$${Math.round(Number(quote.monthly!.taxes) * 12).toLocaleString('en-US')} assumed`)
		expect(placeholderFor('monthlyHoa', quote)).toBe('$0 assumed')
		expect(placeholderFor('annualInsurance', quote)).toBe(
			`$${Math.round(Number(quote.monthly!.insurance) * 12).toLocaleString('en-US')} assumed`,
		)
		expect(quote.monthly!.insurance).not.toBe(quote.monthly!.taxes)
		expect(placeholderFor('monthlyRent', null)).toBe('e.g. $2,500')
		expect(placeholderFor('annualTaxes', null)).toBe('')
	})

	test('a DSCR quote’s rows: the taxes, insurance and HOA together, the payment named by its kind', () => {
		const priced = priceRequest(SEED_RATE_SHEET, 1, { ...request, monthlyHoa: 150 } as typeof request).quotes[0]!.quote as DscrQuote
		expect(priced.monthly!.hoa).toBe('150.00')
		const rows = Object.fromEntries(quoteRows(priced, false))
		expect(rows['Taxes, insurance and HOA a month']).toBe(
			`$${(Number(priced.monthly!.taxes) + Number(priced.monthly!.insurance) + 150).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
		)
		expect(Object.keys(rows)).toContain('Payment (principal and interest)')
		expect(Object.keys(Object.fromEntries(quoteRows(priced, true)))).toContain('Payment (interest only)')
	})

	test('a short-term quote’s rows: its term in months, each leverage with its cap', () => {
		// The seeded fix & flip: a $327,000 loan (92.5 % of $300,000 plus the $50,000 budget, to the $1,000 below).
		const flip = priceRequest(SEED_RATE_SHEET, 1, fixFlipRequest).quotes[0]!.quote
		const rows = Object.fromEntries(quoteRows(flip, false))
		expect(rows).toMatchObject({
			'Loan amount': '$327,000.00',
			Term: '12 months',
			'Loan to cost': '93.43 % (up to 100 %)',
			'Loan to after-repair value': '72.67 % (up to 75 %)',
			'Loan to as-is value': '92.33 % (up to 92.5 %)',
		})
	})

	test('the leads table’s chosen terms: a DSCR choice without a product reads as the 30-year fixed; dollars round to the nearest', () => {
		const brief = { program: 'dscr', product: null, interestOnly: false, rate: '6.125', loanAmount: '300000', termMonths: null }
		expect(chosenTermsLine(brief)).toBe('6.125% · 30-year fixed')
		expect(wholeDollars(1_234.5)).toBe('$1,235')
		expect(wholeDollars(1_234.49)).toBe('$1,234')
	})

	test('the rate floor is named only where more points leave a rate the same', () => {
		const choice = (points: number, rate: string) => ({
			prepayment: '3-2-1',
			label: '3-2-1',
			points,
			rate,
			payment: null,
			dscr: null,
			cashToClose: '0',
		})
		expect(choicesAtFloor([choice(0, '7.000'), choice(1, '6.750')])).toBe(false)
		expect(choicesAtFloor([choice(0, '7.000'), choice(1, '6.750'), choice(2, '6.750')])).toBe(true)
	})
})
