import { describe, expect, onTestFinished, test, vi } from 'vitest'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { answersFromTerms, initialTermsInputs, memoryFromTerms, readTermsMemory, writeTermsMemory } from './terms-memory.ts'

/** docs/decisions/0099: the terms panel's figures come back after a reload, and the long form does not ask them again. */

const inputs = {
	ficoBand: '720-739',
	monthlyRent: '$3,100',
	annualTaxes: '4800',
	annualInsurance: '',
	monthlyHoa: '$150',
	product: '',
	interestOnly: '',
}
const short: LoanFormData = { formMode: 'short', loanProgram: 'dscr', estimatedMonthlyRent: '$2,900' }

describe('the panel’s fields when it opens', () => {
	test('without a memory: the answers', () => {
		expect(initialTermsInputs(short, null)).toEqual({
			ficoBand: '',
			monthlyRent: '$2,900',
			annualTaxes: '',
			annualInsurance: '',
			monthlyHoa: '',
			product: '',
			interestOnly: '',
		})
	})

	test('after a reload of the short form’s thank-you: what the borrower set, over the answers', () => {
		expect(initialTermsInputs(short, { inputs })).toEqual(inputs)
	})

	test('after the long form: its answers win where they give a figure; the rest is the borrower’s', () => {
		const long: LoanFormData = { ...short, formMode: 'long', ficoScoreDetailed: '760-779', currentlyRented: 'yes', monthlyRent: '$3,400' }
		expect(initialTermsInputs(long, { inputs })).toEqual({ ...inputs, ficoBand: '760-779', monthlyRent: '$3,400' })
	})
})

describe('nothing asked twice: the long form starts from the panel', () => {
	test('the credit band, the rent (as the estimate the rent question takes) and the HOA dues', () => {
		expect(answersFromTerms({ inputs }, { formMode: 'short', loanProgram: 'dscr' })).toEqual({
			ficoScoreDetailed: '720-739',
			estimatedMonthlyRent: '$3,100',
			monthlyHOAAmount: '$150',
		})
	})

	test('docs/decisions/0103: the loan chosen on the panel, and the long form’s interest-only answer after it', () => {
		const chosen = { ...inputs, product: '7-6-arm', interestOnly: 'yes' }
		expect(answersFromTerms({ inputs: chosen }, { formMode: 'short', loanProgram: 'dscr' })).toMatchObject({
			interestOnlyPreference: 'yes',
		})
		expect(answersFromTerms({ inputs: { ...chosen, interestOnly: 'no' } }, { formMode: 'short' })).toMatchObject({
			interestOnlyPreference: 'no',
		})
		expect(answersFromTerms({ inputs: chosen }, { ...short, interestOnlyPreference: 'no' })).not.toHaveProperty('interestOnlyPreference')
		// After the long form, its interest-only answer is the newer word; the product stays the panel's.
		const long: LoanFormData = { ...short, formMode: 'long', interestOnlyPreference: 'no' }
		expect(initialTermsInputs(long, { inputs: chosen })).toMatchObject({ product: '7-6-arm', interestOnly: 'no' })
		expect(initialTermsInputs({ ...short, interestOnlyOption: 'yes' }, null)).toMatchObject({ interestOnly: 'yes' })
		// Set on the long form's own thank-you, the panel's figures are newer than its answers: a reload keeps them.
		expect(initialTermsInputs(long, { inputs: chosen, formMode: 'long' })).toEqual(chosen)
	})

	test('never over an answer the borrower gave, and never a figure that does not pass', () => {
		expect(answersFromTerms({ inputs }, { ...short, ficoScoreDetailed: '800+', monthlyHOAAmount: '$90' })).toEqual({})
		const typo = { ...inputs, ficoBand: 'nope', monthlyRent: '3,1OO', monthlyHoa: '0' }
		expect(answersFromTerms({ inputs: typo }, { formMode: 'short' })).toEqual({})
		expect(answersFromTerms(null, { formMode: 'short' })).toEqual({})
	})
})

describe('nothing asked twice: each answer on its own', () => {
	test('a rent the long form already has (the rent of a rented property) is not given again as the estimate', () => {
		expect(answersFromTerms({ inputs }, { formMode: 'short', monthlyRent: '$3,000' })).not.toHaveProperty('estimatedMonthlyRent')
		expect(answersFromTerms({ inputs }, { formMode: 'short', estimatedMonthlyRent: '$3,000' })).not.toHaveProperty('estimatedMonthlyRent')
	})

	test('the panel’s figures go to the long form as typed, without the spaces around them', () => {
		const spaced = { ...inputs, monthlyRent: ' $3,100 ', monthlyHoa: ' $150 ' }
		expect(answersFromTerms({ inputs: spaced }, { formMode: 'short' })).toMatchObject({
			estimatedMonthlyRent: '$3,100',
			monthlyHOAAmount: '$150',
		})
	})

	test('a credit band the long form does not list is not given', () => {
		expect(answersFromTerms({ inputs: { ...inputs, ficoBand: '780-plus' } }, { formMode: 'short' })).not.toHaveProperty('ficoScoreDetailed')
	})
})

describe('the terms a return link brings back (docs/decisions/0103)', () => {
	test('every refinement as the panel’s text, the cell chosen, kept as set on the short form', () => {
		const memory = memoryFromTerms({
			refinements: {
				ficoBand: '720-739',
				monthlyRent: 3100,
				annualTaxes: 4800,
				annualInsurance: 1500,
				monthlyHoa: 150,
				product: '7-6-arm',
				interestOnly: false,
			},
			choice: { prepayment: 'none', points: 1 },
		} as Parameters<typeof memoryFromTerms>[0])
		expect(memory).toEqual({
			inputs: {
				ficoBand: '720-739',
				monthlyRent: '3100',
				annualTaxes: '4800',
				annualInsurance: '1500',
				monthlyHoa: '150',
				product: '7-6-arm',
				interestOnly: 'no',
			},
			choice: { prepayment: 'none', points: 1 },
			formMode: 'short',
		})
	})

	test('what it does not give is left empty, and a cell that does not pass is dropped', () => {
		const memory = memoryFromTerms({ refinements: {}, choice: { prepayment: 'ten years', points: 1 } } as unknown as Parameters<
			typeof memoryFromTerms
		>[0])
		expect(memory).toEqual({
			inputs: { ficoBand: '', monthlyRent: '', annualTaxes: '', annualInsurance: '', monthlyHoa: '', product: '', interestOnly: '' },
			formMode: 'short',
		})
	})
})

describe('kept in the tab, per lead', () => {
	test('one lead’s figures never come back for another lead of the same tab (a new quote on the device)', () => {
		const stored = new Map<string, string>()
		vi.stubGlobal('sessionStorage', {
			getItem: (key: string) => stored.get(key) ?? null,
			setItem: (key: string, value: string) => stored.set(key, value),
		})
		onTestFinished(() => {
			vi.unstubAllGlobals()
		})
		writeTermsMemory('lead-a', { inputs })
		expect(readTermsMemory('lead-a')).toEqual({ inputs })
		expect(readTermsMemory('lead-b')).toBeNull()
		expect([...stored.keys()]).toEqual(['quote-terms:lead-a'])
	})
})
