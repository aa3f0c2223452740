import { describe, expect, test } from 'vitest'
import type { LoanFormData } from './form-data.ts'
import {
	historyModeFor,
	isStepOnlyChange,
	previousQuestion,
	revalidateUnlessStepChange,
	searchForStep,
	stepInSearch,
} from './step-history.ts'

const refinance: LoanFormData = { formMode: 'short', loanProgram: 'dscr', propertyType: 'single-family', transactionType: 'refinance' }

describe('previousQuestion (docs/decisions/0027)', () => {
	test('is the step before, on the current path', () => {
		expect(previousQuestion('refinance-value-loan', refinance)).toBe('property-address')
		expect(previousQuestion('property-type', refinance)).toBe('loan-program')
	})

	test('skips the loading step: Back from the credit score or the contact step goes to the quote preference', () => {
		expect(previousQuestion('fico-score', { ...refinance, formMode: 'long' })).toBe('quote-preference')
		expect(previousQuestion('contact-info', refinance)).toBe('quote-preference')
	})

	test('is null on the first step (Back goes home)', () => {
		expect(previousQuestion('loan-program', refinance)).toBeNull()
	})
})

describe('historyModeFor', () => {
	test('a question answered adds a history entry', () => {
		expect(historyModeFor('transaction-type', 'property-address')).toBe('push')
		expect(historyModeFor('quote-preference', 'quote-loading')).toBe('push')
	})

	test('the loading step, a sent form and a thank-you page leave no entry to go back to', () => {
		expect(historyModeFor('quote-loading', 'contact-info')).toBe('replace')
		expect(historyModeFor('contact-info', 'short-thank-you')).toBe('replace')
		expect(historyModeFor('short-thank-you', 'fico-score')).toBe('replace')
		expect(historyModeFor('loan-customization', 'long-thank-you')).toBe('replace')
	})
})

describe('the step in the address', () => {
	test('is ?step=<id>, keeping other parameters; the first step keeps the plain address', () => {
		expect(searchForStep('', 'property-type', refinance)).toBe('?step=property-type')
		expect(searchForStep('?utm_source=mailer&step=property-type', 'transaction-type', refinance)).toBe(
			'?utm_source=mailer&step=transaction-type',
		)
		expect(searchForStep('?step=property-type', 'loan-program', refinance)).toBe('')
		expect(searchForStep('?utm_source=mailer&step=property-type', 'loan-program', refinance)).toBe('?utm_source=mailer')
		expect(stepInSearch('?utm_source=mailer&step=transaction-type')).toBe('transaction-type')
		expect(stepInSearch('')).toBeNull()
	})

	test('a move between steps does not reload the loaders; anything else does as usual', () => {
		const url = (path: string) => new URL(`http://localhost${path}`)
		expect(isStepOnlyChange(url('/fast-quote'), url('/fast-quote?step=property-type'))).toBe(true)
		expect(isStepOnlyChange(url('/fast-quote?a=1&step=x'), url('/fast-quote?a=1&step=y'))).toBe(true)
		expect(isStepOnlyChange(url('/fast-quote?a=1&step=x'), url('/fast-quote?a=2&step=y'))).toBe(false)
		expect(isStepOnlyChange(url('/fast-quote?step=x'), url('/fast-quote?step=x'))).toBe(false)
		expect(isStepOnlyChange(url('/fast-quote?step=x'), url('/?step=y'))).toBe(false)
		const args = { currentUrl: url('/fast-quote'), nextUrl: url('/fast-quote?step=property-type'), defaultShouldRevalidate: true }
		expect(revalidateUnlessStepChange(args)).toBe(false)
		expect(revalidateUnlessStepChange({ ...args, formMethod: 'POST' })).toBe(true)
		expect(revalidateUnlessStepChange({ ...args, nextUrl: url('/contact') })).toBe(true)
	})
})
