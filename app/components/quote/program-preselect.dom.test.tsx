import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
	LEAD_ID_STORAGE_KEY,
	LEAD_TOKEN_STORAGE_KEY,
	LOAN_FORM_STEP_STORAGE_KEY,
	LOAN_FORM_STORAGE_KEY,
} from '#app/features/quote-wizard/form-data.ts'
import { janeContact, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { testWizardEnv } from '../../../tests/wizard-env-stub.tsx'
import { LoanFormProvider, useLoanForm } from './loan-form-context.tsx'
import { ProgramPreselect } from './program-preselect.tsx'
import { ShortThankYouStep } from './steps/thank-you-steps.tsx'
import { WizardEnvProvider } from './wizard-env.tsx'

/** docs/decisions/0098: another quote on a device that already sent one. */

const LEAD_ID = '8d6a4f0e-3b7c-4e51-9a2d-6f1e0c9b7a33'

function Harness() {
	const { currentStep, formData } = useLoanForm()
	return (
		<>
			<output data-testid="step">{currentStep}</output>
			<output data-testid="answers">{JSON.stringify(formData)}</output>
			{currentStep === 'short-thank-you' ? <ShortThankYouStep /> : null}
		</>
	)
}

function renderWizard(search: string, navigate: (...args: unknown[]) => void = () => {}, hash = '') {
	const env = testWizardEnv({ search, hash, navigationType: 'PUSH', navigate })
	render(
		<WizardEnvProvider value={env}>
			<LoanFormProvider>
				<ProgramPreselect />
				<Harness />
			</LoanFormProvider>
		</WizardEnvProvider>,
	)
}

const answers = () => JSON.parse(screen.getByTestId('answers').textContent!) as Record<string, unknown>

beforeEach(() => {
	localStorage.clear()
	sessionStorage.clear()
	// A quote sent from this device: its answers, lead, token and thank-you step are stored.
	localStorage.setItem(LOAN_FORM_STORAGE_KEY, JSON.stringify({ ...refinanceAnswers, ...janeContact, leadId: LEAD_ID }))
	localStorage.setItem(LOAN_FORM_STEP_STORAGE_KEY, JSON.stringify('short-thank-you'))
	localStorage.setItem(LEAD_ID_STORAGE_KEY, JSON.stringify(LEAD_ID))
	localStorage.setItem(LEAD_TOKEN_STORAGE_KEY, JSON.stringify('the-lead-token'))
	// spec 1 §9: the lead id is also kept in this tab's session storage.
	sessionStorage.setItem(LEAD_ID_STORAGE_KEY, JSON.stringify(LEAD_ID))
	// The thank-you screen asks for its return link and terms; this test does not need their answers.
	vi.stubGlobal(
		'fetch',
		vi.fn(async () => new Response('{}', { status: 503 })),
	)
})
afterEach(() => {
	cleanup()
	vi.unstubAllGlobals()
})

describe('another quote on the same device (docs/decisions/0098)', () => {
	test('the quote page without a program reopens the sent quote’s thank-you screen', async () => {
		renderWizard('')
		await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('short-thank-you'))
		expect(answers().leadId).toBe(LEAD_ID)
	})

	test('a product’s Start Quote starts a new quote with that program; the sent lead leaves this device', async () => {
		renderWizard('?program=short-term-bridge')
		await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('loan-program'))
		expect(answers()).toEqual({ formMode: 'short', loanProgram: 'short-term-bridge' })
		expect(localStorage.getItem(LEAD_TOKEN_STORAGE_KEY)).toBeNull()
		expect(localStorage.getItem(LEAD_ID_STORAGE_KEY)).toBeNull()
		expect(JSON.parse(localStorage.getItem(LOAN_FORM_STORAGE_KEY)!)).toEqual({ formMode: 'short', loanProgram: 'short-term-bridge' })
	})

	test('a state’s landing page link starts a new quote with that program and state, nothing of the sent quote', async () => {
		renderWizard('?program=dscr&state=FL')
		await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('loan-program'))
		expect(answers()).toEqual({ formMode: 'short', loanProgram: 'dscr', targetState: 'FL' })
		expect(localStorage.getItem(LEAD_ID_STORAGE_KEY)).toBeNull()
	})

	test('the link’s program, state and calculator figures leave the address once read (a reload starts nothing again); the rest stays', async () => {
		const navigate = vi.fn()
		renderWizard('?program=dscr&state=FL&rent=3500&value=450000&purpose=purchase&utm_source=flyer', navigate)
		await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('loan-program'))
		expect(navigate).toHaveBeenCalledWith({ search: '?utm_source=flyer', hash: '' }, { replace: true })
	})

	test('a link with figures only (no program or state) also starts a new quote, prefilled with them', async () => {
		renderWizard('?rent=3500&value=450000&purpose=purchase')
		await waitFor(() => expect(answers().leadId).toBeUndefined())
		expect(answers()).toEqual({ formMode: 'short', estimatedMonthlyRent: '3500', transactionType: 'purchase', purchasePrice: '450000' })
		expect(localStorage.getItem(LEAD_ID_STORAGE_KEY)).toBeNull()
	})

	test('“Start a new quote” on the thank-you screen starts again at the first question, with nothing of the sent quote', async () => {
		renderWizard('')
		await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('short-thank-you'))
		fireEvent.click(screen.getByRole('button', { name: 'Start a new quote' }))
		expect(screen.getByTestId('step').textContent).toBe('loan-program')
		expect(answers()).toEqual({ formMode: 'short' })
		expect(localStorage.getItem(LEAD_TOKEN_STORAGE_KEY)).toBeNull()
		expect(localStorage.getItem(LOAN_FORM_STORAGE_KEY)).toBeNull()
	})

	test('a new quote also removes the sent lead’s id from this tab’s session storage', async () => {
		renderWizard('?program=dscr')
		await waitFor(() => expect(answers()).toEqual({ formMode: 'short', loanProgram: 'dscr' }))
		expect(sessionStorage.getItem(LEAD_ID_STORAGE_KEY)).toBeNull()
	})

	test('“Start a new quote” is a new entry of the browser’s history (Back returns to the thank-you screen’s entry)', async () => {
		const navigate = vi.fn()
		renderWizard('?step=short-thank-you', navigate)
		await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('short-thank-you'))
		navigate.mockClear()
		fireEvent.click(screen.getByRole('button', { name: 'Start a new quote' }))
		await waitFor(() => expect(navigate).toHaveBeenCalled())
		expect(navigate).toHaveBeenCalledWith(
			{ search: '', hash: '' },
			{ replace: false, state: { quoteStep: 'loan-program', fromStep: 'short-thank-you' } },
		)
	})

	// Each parameter of a link on its own says what to quote: a state's landing page, or one of the calculator's figures.
	test.each([
		['a state’s landing page (state only)', '?state=FL', { targetState: 'FL' }],
		['the calculator’s rent only', '?rent=3500', { estimatedMonthlyRent: '3500' }],
		['the calculator’s value only', '?value=450000', {}],
		['the calculator’s purpose only', '?purpose=purchase', {}],
	])('%s starts a new quote and leaves the address', async (_name, search, prefilled) => {
		const navigate = vi.fn()
		renderWizard(search, navigate)
		await waitFor(() => expect(answers().leadId).toBeUndefined())
		expect(answers()).toEqual({ formMode: 'short', ...prefilled })
		expect(localStorage.getItem(LEAD_TOKEN_STORAGE_KEY)).toBeNull()
		expect(navigate).toHaveBeenCalledWith({ search: '', hash: '' }, { replace: true })
	})

	test('the link’s parameters leave the address, its fragment stays', async () => {
		const navigate = vi.fn()
		renderWizard('?program=dscr', navigate, '#rates')
		await waitFor(() => expect(answers().loanProgram).toBe('dscr'))
		expect(navigate).toHaveBeenCalledWith({ search: '', hash: '#rates' }, { replace: true })
	})
})

describe('a program link on a device with a quote in progress (docs/decisions/0028)', () => {
	test('shows the first question with the link’s program selected, not the step saved last', async () => {
		localStorage.clear()
		sessionStorage.clear()
		localStorage.setItem(LOAN_FORM_STORAGE_KEY, JSON.stringify({ formMode: 'short', loanProgram: 'dscr', propertyType: 'single-family' }))
		localStorage.setItem(LOAN_FORM_STEP_STORAGE_KEY, JSON.stringify('transaction-type'))
		renderWizard('?program=fix-flip')
		await waitFor(() => expect(answers().loanProgram).toBe('fix-flip'))
		await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('loan-program'))
	})

	test('without a link the step saved last is shown', async () => {
		localStorage.clear()
		localStorage.setItem(LOAN_FORM_STORAGE_KEY, JSON.stringify({ formMode: 'short', loanProgram: 'dscr', propertyType: 'single-family' }))
		localStorage.setItem(LOAN_FORM_STEP_STORAGE_KEY, JSON.stringify('transaction-type'))
		renderWizard('')
		await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('transaction-type'))
	})
})
