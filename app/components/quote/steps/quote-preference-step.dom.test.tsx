import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { LOAN_FORM_STEP_STORAGE_KEY, LOAN_FORM_STORAGE_KEY } from '#app/features/quote-wizard/form-data.ts'
import { refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { WizardEnvStub } from '../../../../tests/wizard-env-stub.tsx'
import { LoanFormProvider, useLoanForm } from '../loan-form-context.tsx'
import { QUOTE_PREFERENCE_ADVANCE_MS, QuotePreferenceStep } from './choice-steps.tsx'

/** A refinance answered up to the quote preference (spec 1 §4's short form), the preference itself not yet. */
const { quotePreference: _notYet, ...answered } = refinanceAnswers

/** The current step's name, and a button that remounts the preference step (as a Suspense boundary or a transition may). */
function Harness() {
	const { currentStep } = useLoanForm()
	const [mount, setMount] = useState(0)
	return (
		<>
			<output data-testid="step">{currentStep}</output>
			<button type="button" onClick={() => setMount((n) => n + 1)}>
				remount
			</button>
			{currentStep === 'quote-preference' ? <QuotePreferenceStep key={mount} /> : null}
		</>
	)
}

function renderAtPreference() {
	localStorage.setItem(LOAN_FORM_STORAGE_KEY, JSON.stringify(answered))
	localStorage.setItem(LOAN_FORM_STEP_STORAGE_KEY, JSON.stringify('quote-preference'))
	render(
		<WizardEnvStub>
			<LoanFormProvider>
				<Harness />
			</LoanFormProvider>
		</WizardEnvStub>,
	)
	expect(screen.getByTestId('step').textContent).toBe('quote-preference')
}

beforeEach(() => {
	localStorage.clear()
	vi.useFakeTimers()
})
afterEach(() => {
	cleanup()
	vi.useRealTimers()
})

describe('the quote preference moves on by itself (spec 1 §9)', () => {
	test('0.5 s after the choice, not before', () => {
		renderAtPreference()
		fireEvent.click(screen.getByLabelText('Prefer Call'))
		act(() => vi.advanceTimersByTime(QUOTE_PREFERENCE_ADVANCE_MS - 1))
		expect(screen.getByTestId('step').textContent).toBe('quote-preference')
		act(() => vi.advanceTimersByTime(1))
		expect(screen.getByTestId('step').textContent).toBe('quote-loading')
	})

	test('a remount of the step within the half second does not lose the move (a phone stayed on the choice, checked)', () => {
		renderAtPreference()
		fireEvent.click(screen.getByLabelText('Prefer Text / Email'))
		act(() => vi.advanceTimersByTime(100))
		fireEvent.click(screen.getByRole('button', { name: 'remount' }))
		act(() => vi.advanceTimersByTime(QUOTE_PREFERENCE_ADVANCE_MS))
		expect(screen.getByTestId('step').textContent).toBe('quote-loading')
		expect(JSON.parse(localStorage.getItem(LOAN_FORM_STORAGE_KEY) ?? '{}').quotePreference).toBe('text-email')
	})
})
