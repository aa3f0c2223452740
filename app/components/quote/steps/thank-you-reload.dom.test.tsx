import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { type PricingRequest, priceRequest } from '#app/features/pricing/pricing-request.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { COMPLETED_APPLICATION_KEY } from '#app/features/quote-wizard/completed-application.ts'
import {
	LEAD_ID_STORAGE_KEY,
	LEAD_TOKEN_STORAGE_KEY,
	LOAN_FORM_STEP_STORAGE_KEY,
	LOAN_FORM_STORAGE_KEY,
} from '#app/features/quote-wizard/form-data.ts'
import { janeContact, longFormAnswers, refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { testCompany } from '../../../../tests/wizard-env-stub.tsx'
import { LoanFormProvider, useLoanForm } from '../loan-form-context.tsx'
import { ProgramPreselect } from '../program-preselect.tsx'
import { type WizardEnv, WizardEnvProvider, type WizardLocation } from '../wizard-env.tsx'
import { LongThankYouStep } from './thank-you-steps.tsx'

/**
 * docs/decisions/0102: the long form's thank-you screen and its terms survive a reload and the browser's Back in the same
 * tab, while spec 1 §4 still removes the application stored on the device, and a new quote (decision 0098) drops both.
 */

const LEAD_ID = '9c3e1a7b-2d4f-4b8e-a1c6-5f0d2e8b7a19'
const TOKEN = 'the-lead-token'
const PERSISTENT_KEYS = [LOAN_FORM_STORAGE_KEY, LOAN_FORM_STEP_STORAGE_KEY, LEAD_ID_STORAGE_KEY, LEAD_TOKEN_STORAGE_KEY]

function Harness() {
	const { currentStep, formData, leadToken, markLongFormSubmitted } = useLoanForm()
	return (
		<>
			<output data-testid="step">{currentStep}</output>
			<output data-testid="lead">{formData.leadId ?? ''}</output>
			<output data-testid="token">{leadToken() ?? ''}</output>
			<button type="button" onClick={markLongFormSubmitted}>
				Submit the long form
			</button>
			{currentStep === 'long-thank-you' ? <LongThankYouStep schedulingUrl={null} /> : null}
		</>
	)
}

const navigate = vi.fn()

function env(location: Partial<WizardLocation>, navigationType: WizardEnv['navigationType'] = 'POP') {
	return {
		location: { pathname: '/fast-quote', search: '', hash: '', state: null, key: 'default', ...location },
		navigationType,
		navigate,
		data: { company: testCompany, minExperienceByProgram: {} },
	} as unknown as WizardEnv
}

function wizard(value: WizardEnv) {
	return (
		<WizardEnvProvider value={value}>
			<LoanFormProvider>
				<ProgramPreselect />
				<Harness />
			</LoanFormProvider>
		</WizardEnvProvider>
	)
}

/** A page load (the first, or a reload) of the quote page at `search`. */
function openPage(search = '') {
	cleanup()
	return render(wizard(env({ search })))
}

const step = () => screen.getByTestId('step').textContent
const cell = () => screen.findByRole('button', { name: /^No prepayment penalty, 2 points:/ })

/** The long form sent: the wizard moves to its thank-you screen, which removes the stored application. */
async function completeLongForm() {
	localStorage.setItem(LOAN_FORM_STORAGE_KEY, JSON.stringify({ ...refinanceAnswers, ...janeContact, ...longFormAnswers, leadId: LEAD_ID }))
	localStorage.setItem(LOAN_FORM_STEP_STORAGE_KEY, JSON.stringify('loan-customization'))
	localStorage.setItem(LEAD_ID_STORAGE_KEY, JSON.stringify(LEAD_ID))
	localStorage.setItem(LEAD_TOKEN_STORAGE_KEY, JSON.stringify(TOKEN))
	const view = openPage('?step=loan-customization')
	await waitFor(() => expect(step()).toBe('loan-customization'))
	fireEvent.click(screen.getByRole('button', { name: 'Submit the long form' }))
	await waitFor(() => expect(step()).toBe('long-thank-you'))
	await waitFor(() => expect(PERSISTENT_KEYS.map((key) => localStorage.getItem(key))).toEqual([null, null, null, null]))
	return view
}

/** The borrower states the purpose and picks a cell of the grid (the long form gave the credit band). */
async function chooseTerms() {
	fireEvent.click(await screen.findByLabelText(/is for business or investment purposes only/))
	fireEvent.click(screen.getByRole('button', { name: 'Show my terms' }))
	fireEvent.click(await cell())
	await waitFor(async () => expect((await cell()).getAttribute('aria-pressed')).toBe('true'))
}

beforeEach(() => {
	localStorage.clear()
	sessionStorage.clear()
	navigate.mockClear()
	vi.stubGlobal(
		'fetch',
		vi.fn(async (url: string, init?: RequestInit) => {
			if (url === '/api/pricing') return Response.json(priceRequest(SEED_RATE_SHEET, 1, JSON.parse(String(init?.body)) as PricingRequest))
			return Response.json({})
		}),
	)
})
afterEach(() => {
	cleanup()
	vi.unstubAllGlobals()
})

describe('a reload of the long thank-you screen (docs/decisions/0102)', () => {
	test('shows the same screen, lead and chosen terms; the device keeps nothing in local storage', async () => {
		await completeLongForm()
		await chooseTerms()
		openPage('?step=long-thank-you')
		await waitFor(() => expect(step()).toBe('long-thank-you'))
		expect(screen.getByTestId('lead').textContent).toBe(LEAD_ID)
		expect(screen.getByTestId('token').textContent).toBe(TOKEN)
		expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your application is complete')
		expect(screen.getByTestId('next-step').textContent).toContain('(949) 555-0123')
		// The statement is not asked again, and the cell chosen before the reload is the one priced.
		expect((await cell()).getAttribute('aria-pressed')).toBe('true')
		expect((screen.getByLabelText('Your credit score') as HTMLSelectElement).value).toBe('740-759')
		expect(PERSISTENT_KEYS.map((key) => localStorage.getItem(key))).toEqual([null, null, null, null])
	})

	test('the tab keeps figures and what the screen shows: no address, no free text', async () => {
		await completeLongForm()
		const kept = sessionStorage.getItem(COMPLETED_APPLICATION_KEY) ?? ''
		expect(kept).toContain(TOKEN)
		for (const text of ['Main St', 'Oak Ave', 'Tenant in place']) expect(kept).not.toContain(text)
	})

	test('another tab (nothing in its session storage) starts fresh', async () => {
		await completeLongForm()
		sessionStorage.clear()
		openPage('?step=long-thank-you')
		await waitFor(() => expect(step()).toBe('loan-program'))
		expect(screen.getByTestId('lead').textContent).toBe('')
	})

	test('a quote started since (stored on the device) wins over the completed one', async () => {
		await completeLongForm()
		localStorage.setItem(LOAN_FORM_STORAGE_KEY, JSON.stringify({ formMode: 'short', loanProgram: 'dscr' }))
		openPage('?step=property-type')
		await waitFor(() => expect(step()).toBe('property-type'))
		expect(screen.getByTestId('lead').textContent).toBe('')
		// The completed application's token is not this quote's (it has no lead yet).
		expect(screen.getByTestId('token').textContent).toBe('')
	})
})

describe('the browser’s Back on the long thank-you screen (docs/decisions/0102)', () => {
	test('stays on the screen with its terms and corrects the entry; the sent questions are not reopened', async () => {
		const view = await completeLongForm()
		await chooseTerms()
		navigate.mockClear()
		for (const [key, search] of [
			['back-1', '?step=property-details-2'],
			['back-2', '?step=short-thank-you'],
			['back-3', '?step=quote-preference'],
		] as const) {
			view.rerender(wizard(env({ search, key })))
			expect(step()).toBe('long-thank-you')
			expect(navigate).toHaveBeenLastCalledWith({ search: '?step=long-thank-you', hash: '' }, { replace: true })
		}
		expect((await cell()).getAttribute('aria-pressed')).toBe('true')
		// Forward to the thank-you entry: nothing moves.
		navigate.mockClear()
		view.rerender(wizard(env({ search: '?step=long-thank-you', key: 'forward' })))
		expect(step()).toBe('long-thank-you')
		expect(navigate).not.toHaveBeenCalled()
	})

	test('after a reload too', async () => {
		await completeLongForm()
		const view = openPage('?step=long-thank-you')
		await waitFor(() => expect(step()).toBe('long-thank-you'))
		view.rerender(wizard(env({ search: '?step=loan-customization', key: 'back' })))
		expect(step()).toBe('long-thank-you')
		expect(navigate).toHaveBeenLastCalledWith({ search: '?step=long-thank-you', hash: '' }, { replace: true })
	})
})

describe('a new quote drops the completed application (docs/decisions/0098)', () => {
	test('“Start a new quote” on the long thank-you screen starts at the first question, and a reload stays there', async () => {
		await completeLongForm()
		const offer = await screen.findByRole('button', { name: 'Start a new quote' })
		// docs/decisions/0098: the offer's own words.
		expect(offer.parentElement!.textContent).toBe('Another property or loan program? Start a new quote')
		fireEvent.click(offer)
		expect(step()).toBe('loan-program')
		expect(screen.getByTestId('lead').textContent).toBe('')
		expect(sessionStorage.getItem(COMPLETED_APPLICATION_KEY)).toBeNull()
		openPage('?step=long-thank-you')
		await waitFor(() => expect(step()).toBe('loan-program'))
	})

	test('after “Start a new quote” the browser’s Back and Forward move through the new quote’s questions again', async () => {
		const view = await completeLongForm()
		fireEvent.click(await screen.findByRole('button', { name: 'Start a new quote' }))
		expect(step()).toBe('loan-program')
		view.rerender(wizard(env({ search: '', key: 'back-to-first' })))
		expect(step()).toBe('loan-program')
		expect(navigate).not.toHaveBeenLastCalledWith({ search: '?step=long-thank-you', hash: '' }, { replace: true })
	})

	test('a product’s Start Quote starts a new quote with its program', async () => {
		await completeLongForm()
		await act(async () => {
			openPage('?program=short-term-bridge')
		})
		await waitFor(() => expect(step()).toBe('loan-program'))
		expect(screen.getByTestId('lead').textContent).toBe('')
		expect(sessionStorage.getItem(COMPLETED_APPLICATION_KEY)).toBeNull()
		expect(JSON.parse(localStorage.getItem(LOAN_FORM_STORAGE_KEY)!)).toEqual({ formMode: 'short', loanProgram: 'short-term-bridge' })
	})
})
