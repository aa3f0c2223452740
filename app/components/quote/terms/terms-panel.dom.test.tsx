import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { termsRequest } from '#app/features/pricing/borrower-terms.ts'
import { formatRate } from '#app/features/pricing/rate-format.ts'
import { money } from '#app/features/pricing/terms-text.ts'
import { type LoanOption, type PricingRequest, priceRequest } from '#app/features/pricing/pricing-request.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import {
	LEAD_TOKEN_STORAGE_KEY,
	LOAN_FORM_STEP_STORAGE_KEY,
	LOAN_FORM_STORAGE_KEY,
	type LoanFormData,
} from '#app/features/quote-wizard/form-data.ts'
import { longFormAnswers, refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { WizardEnvStub } from '../../../../tests/wizard-env-stub.tsx'
import { LoanFormProvider, useLoanForm } from '../loan-form-context.tsx'
import { TermsPanel } from './terms-panel.tsx'

/**
 * docs/decisions/0066: the terms panel offers "Choose these terms" only for terms the sheet would lend on. The public
 * pricing API is answered by the seeded sheet itself (priceRequest), so what the panel shows is what the server prices.
 */

const LEAD_ID = '5b0c3c52-4a57-4f7e-9d1c-0d3e6c1f2a10'

function renderPanel(answers: LoanFormData) {
	localStorage.setItem(LOAN_FORM_STORAGE_KEY, JSON.stringify({ ...answers, leadId: LEAD_ID }))
	localStorage.setItem(LOAN_FORM_STEP_STORAGE_KEY, JSON.stringify('thank-you'))
	localStorage.setItem(LEAD_TOKEN_STORAGE_KEY, JSON.stringify('a-lead-token'))
	render(
		<WizardEnvStub>
			<LoanFormProvider>
				<TermsPanel />
			</LoanFormProvider>
		</WizardEnvStub>,
	)
	// The borrower states the loan is for business purposes: no terms are shown before the statement.
	fireEvent.click(screen.getByLabelText(/is for business or investment purposes only/))
	fireEvent.click(screen.getByRole('button', { name: 'Show my terms' }))
}

beforeEach(() => {
	localStorage.clear()
	sessionStorage.clear()
	vi.stubGlobal(
		'fetch',
		vi.fn(async (url: string, init?: RequestInit) => {
			if (url === '/api/pricing') {
				const request = JSON.parse(String(init?.body)) as PricingRequest
				return Response.json(priceRequest(SEED_RATE_SHEET, 1, request))
			}
			return Response.json({})
		}),
	)
})
afterEach(() => {
	cleanup()
	vi.unstubAllGlobals()
})

// The long form's answers give a credit band (740-759), so the panel prices one quote for it.
const longForm = { ...refinanceAnswers, ...longFormAnswers } as LoanFormData

/** The panel as the wizard mounts it: on the thank-you step, once the answers are restored from storage. */
function OnThankYou() {
	const { restored } = useLoanForm()
	return restored ? <TermsPanel /> : null
}

/** A reload: the page opens again with what this tab stored (the purpose statement and the panel's figures). */
function reopenPanel() {
	cleanup()
	render(
		<WizardEnvStub>
			<LoanFormProvider>
				<OnThankYou />
			</LoanFormProvider>
		</WizardEnvStub>,
	)
}

describe('the terms survive a reload (docs/decisions/0099)', () => {
	test('on the short form’s thank-you, the cell chosen in the grid and the rent typed come back as they were', async () => {
		// The short form's answers (it asks no credit score) with the band the borrower picked on the panel.
		renderPanel({ ...refinanceAnswers, formMode: 'short' } as LoanFormData)
		fireEvent.click(await screen.findByRole('button', { name: '740 - 759: This is me' }))
		const other = await screen.findByRole('button', { name: /^No prepayment penalty, 2 points:/ })
		fireEvent.click(other)
		fireEvent.change(screen.getByLabelText('Monthly rent'), { target: { value: '$3,650' } })
		await waitFor(() =>
			expect(screen.getByRole('button', { name: /^No prepayment penalty, 2 points:/ }).getAttribute('aria-pressed')).toBe('true'),
		)
		reopenPanel()
		// No statement asked again; the same cell pressed; the same rent.
		const again = await screen.findByRole('button', { name: /^No prepayment penalty, 2 points:/ })
		expect(again.getAttribute('aria-pressed')).toBe('true')
		expect((screen.getByLabelText('Monthly rent') as HTMLInputElement).value).toBe('$3,650')
	})
})

describe('Choose these terms (docs/decisions/0066)', () => {
	test('is offered for terms the sheet lends on', async () => {
		renderPanel(longForm)
		expect(await screen.findByRole('button', { name: 'Choose these terms' })).toBeTruthy()
		expect(screen.queryByTestId('terms-ineligible')).toBeNull()
	})

	test('is not offered when the sheet would not lend: the reason is shown instead', async () => {
		// $740,000 owed on $750,000: a refinance far above any LTV the sheet lends at.
		renderPanel({ ...longForm, currentBalance: '$740,000' } as LoanFormData)
		expect(await screen.findByTestId('terms-ineligible')).toBeTruthy()
		expect(screen.getByRole('button', { name: 'Print term sheet' })).toBeTruthy()
		expect(screen.queryByRole('button', { name: 'Choose these terms' })).toBeNull()
	})
})

describe('Download term sheet (docs/decisions/0095)', () => {
	test('sits beside Print term sheet for offered terms, and posts the refinements and choice the panel priced', async () => {
		renderPanel(longForm)
		const button = await screen.findByRole('button', { name: 'Download term sheet' })
		expect(screen.getByRole('button', { name: 'Print term sheet' })).toBeTruthy()
		const fetchMock = vi.mocked(fetch)
		fetchMock.mockClear()
		fireEvent.click(button)
		await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === `/api/leads/${LEAD_ID}/term-sheet`)).toBe(true))
		const [, init] = fetchMock.mock.calls.find(([url]) => url === `/api/leads/${LEAD_ID}/term-sheet`)!
		expect(new Headers(init!.headers).get('Authorization')).toBe('Bearer a-lead-token')
		// Only what the borrower refined (the band the long form gave, the rent it priced): never a rate or an amount.
		const body = JSON.parse(String(init!.body)) as { refinements: Record<string, unknown> }
		expect(body.refinements.ficoBand).toBe('740-759')
		expect(Object.keys(body).sort()).toEqual(['refinements'])
	})

	test('is not offered for terms the sheet would not lend on, nor for rates per credit band', async () => {
		renderPanel({ ...longForm, currentBalance: '$740,000' } as LoanFormData)
		expect(await screen.findByTestId('terms-ineligible')).toBeTruthy()
		expect(screen.queryByRole('button', { name: 'Download term sheet' })).toBeNull()
		cleanup()
		localStorage.clear()
		sessionStorage.clear()
		renderPanel(refinanceAnswers as LoanFormData)
		expect(await screen.findByTestId('band-table')).toBeTruthy()
		expect(screen.getByRole('button', { name: 'Print term sheet' })).toBeTruthy()
		expect(screen.queryByRole('button', { name: 'Download term sheet' })).toBeNull()
	})
})

describe('every loan on the screen (docs/decisions/0103)', () => {
	/** What the server prices for these answers and this loan (the public pricing API answers with the seeded sheet). */
	const loansFor = (answers: LoanFormData, loan: Partial<PricingRequest> = {}) =>
		priceRequest(SEED_RATE_SHEET, 1, { ...termsRequest(answers)!.request, ...loan } as PricingRequest).loans!
	const figuresOf = (loans: LoanOption[], product: string, interestOnly: boolean) => {
		const loan = loans.find((option) => option.product === product && option.interestOnly === interestOnly)!
		return `${formatRate(loan.rate!)} · ${money(loan.payment)} a month`
	}

	test('the ARMs and interest-only sit beside the grid, each with its rate; choosing one prices and posts it', async () => {
		renderPanel(longForm)
		const arm = await screen.findByRole('radio', { name: /^7\/6 ARM/ })
		// Each option's figures are the server's for the same band and cell.
		expect(arm.closest('label')!.textContent).toContain(figuresOf(loansFor(longForm), '7-6-arm', false))
		expect((screen.getByRole('radio', { name: /^30-year fixed/ }) as HTMLInputElement).checked).toBe(true)
		expect((screen.getByRole('radio', { name: /^Principal and interest/ }) as HTMLInputElement).checked).toBe(true)

		fireEvent.click(arm)
		fireEvent.click(await screen.findByRole('radio', { name: /^Interest-only/ }))
		await waitFor(() => expect(screen.getByTestId('terms-scenario').textContent).toContain('30-year term, 7/6 ARM, interest-only'))
		const priced = loansFor(longForm, { product: '7-6-arm', interestOnly: true })
		await waitFor(() =>
			expect(screen.getByRole('radio', { name: /^7\/6 ARM/ }).closest('label')!.textContent).toContain(figuresOf(priced, '7-6-arm', true)),
		)

		const fetchMock = vi.mocked(fetch)
		fetchMock.mockClear()
		fireEvent.click(await screen.findByRole('button', { name: 'Choose these terms' }))
		const chosenCall = () =>
			fetchMock.mock.calls.find(([url, init]) => url === `/api/leads/${LEAD_ID}/quotes` && String(init?.body).includes('"chosen"'))
		await vi.waitFor(() => expect(chosenCall()).toBeTruthy())
		expect(JSON.parse(String(chosenCall()![1]!.body)).refinements).toMatchObject({ product: '7-6-arm', interestOnly: true })

		// A reload keeps the loan chosen (docs/decisions/0099).
		reopenPanel()
		expect(((await screen.findByRole('radio', { name: /^7\/6 ARM/ })) as HTMLInputElement).checked).toBe(true)
		expect((screen.getByRole('radio', { name: /^Interest-only/ }) as HTMLInputElement).checked).toBe(true)
	})

	test('a loan the scenario does not qualify for says why', async () => {
		// $740,000 owed on $750,000: above any LTV the sheet lends at, whichever the loan.
		const owed = { ...longForm, currentBalance: '$740,000' } as LoanFormData
		renderPanel(owed)
		const fixed = await screen.findByRole('radio', { name: /^30-year fixed/ })
		const loan = loansFor(owed).find((option) => option.product === '30-year-fixed' && !option.interestOnly)!
		expect(loan.reasons.length).toBeGreaterThan(0)
		await waitFor(() => expect(fixed.closest('label')!.textContent).toContain(`Not available: ${loan.reasons[0]}`))
	})
})
