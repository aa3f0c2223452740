import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { type PricingRequest, priceRequest } from '#app/features/pricing/pricing-request.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import {
	LEAD_ID_STORAGE_KEY,
	LEAD_TOKEN_STORAGE_KEY,
	LOAN_FORM_STEP_STORAGE_KEY,
	LOAN_FORM_STORAGE_KEY,
} from '#app/features/quote-wizard/form-data.ts'
import { janeContact, longFormAnswers, refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { testCompany, testWizardEnv } from '../../../../tests/wizard-env-stub.tsx'
import { LoanFormProvider, useLoanForm } from '../loan-form-context.tsx'
import { WizardEnvProvider } from '../wizard-env.tsx'
import { LongThankYouStep, ShortThankYouStep } from './thank-you-steps.tsx'

/** spec 1 §2 steps 15 and 18, §4: what the two thank-you screens say, and Contact Me (docs/decisions/0079). */

const LEAD_ID = '9c3e1a7b-2d4f-4b8e-a1c6-5f0d2e8b7a19'
const TOKEN = 'the-lead-token'
const company = { ...testCompany, hours: 'Mon–Fri, 9am–6pm Pacific' }

function Harness() {
	const { currentStep, markLongFormSubmitted } = useLoanForm()
	if (currentStep === 'short-thank-you') return <ShortThankYouStep />
	if (currentStep === 'long-thank-you') return <LongThankYouStep schedulingUrl={null} />
	// The long form's last step: sending it moves to the long thank-you screen, as thank-you-reload.dom.test.tsx does.
	return (
		<button type="button" onClick={markLongFormSubmitted}>
			Submit the long form
		</button>
	)
}

/** The quote page opened on a thank-you screen, with the lead's answers, id and (unless left out) token on the device. */
function openOn(
	step: 'short-thank-you' | 'loan-customization',
	answers: Record<string, string>,
	{ token = TOKEN, leadId = LEAD_ID }: { token?: string; leadId?: string } = {},
) {
	localStorage.setItem(LOAN_FORM_STORAGE_KEY, JSON.stringify({ ...refinanceAnswers, ...answers, ...(leadId ? { leadId } : {}) }))
	localStorage.setItem(LOAN_FORM_STEP_STORAGE_KEY, JSON.stringify(step))
	if (leadId) localStorage.setItem(LEAD_ID_STORAGE_KEY, JSON.stringify(leadId))
	if (token) localStorage.setItem(LEAD_TOKEN_STORAGE_KEY, JSON.stringify(token))
	const env = testWizardEnv({ search: `?step=${step}`, navigate: vi.fn(), company })
	return render(
		<WizardEnvProvider value={env}>
			<LoanFormProvider>
				<Harness />
			</LoanFormProvider>
		</WizardEnvProvider>,
	)
}

const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
	if (url === '/api/pricing') return Response.json(priceRequest(SEED_RATE_SHEET, 1, JSON.parse(String(init?.body)) as PricingRequest))
	return Response.json({})
})
const contactRequests = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/contact-request'))

beforeEach(() => {
	localStorage.clear()
	sessionStorage.clear()
	fetchMock.mockClear()
	vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
	cleanup()
	vi.unstubAllGlobals()
})

describe('the short form’s thank-you screen', () => {
	test('thanks the borrower by name and promises a call within 24 hours', async () => {
		openOn('short-thank-you', janeContact)
		expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Thank you, Jane! Your quote request is in.')
		expect(screen.getByText(/^A loan officer will contact you within 24 hours\./)).toBeTruthy()
	})

	test('Continue Quote goes on to the long form only with the name, e-mail, phone and the lead’s id (spec 1 §4)', async () => {
		openOn('short-thank-you', janeContact, { leadId: '' })
		fireEvent.click(await screen.findByRole('button', { name: 'Continue Quote' }))
		await new Promise((resolve) => setTimeout(resolve, 250))
		expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you, Jane! Your quote request is in.')
		cleanup()
		localStorage.clear()
		openOn('short-thank-you', janeContact)
		fireEvent.click(await screen.findByRole('button', { name: 'Continue Quote' }))
		await screen.findByRole('button', { name: 'Submit the long form' })
	})

	test('Contact Me asks once for this lead, with its token; pressed again once sent, it asks nothing more', async () => {
		openOn('short-thank-you', janeContact)
		const button = await screen.findByRole('button', { name: 'Contact Me' })
		fireEvent.click(button)
		await screen.findByRole('status')
		expect(screen.getByRole('status').textContent).toBe(
			`Thank you. A loan officer will reach out within 24 hours. To talk sooner, call ${company.phone}.`,
		)
		fireEvent.click(button)
		await new Promise((resolve) => setTimeout(resolve, 0))
		expect(contactRequests()).toHaveLength(1)
		const [url, init] = contactRequests()[0]!
		expect(url).toBe(`/api/leads/${LEAD_ID}/contact-request`)
		expect(new Headers(init?.headers)).toSatisfy(
			(headers: Headers) =>
				headers.get('Idempotency-Key') === `contact-me-${LEAD_ID}` && headers.get('Authorization') === `Bearer ${TOKEN}`,
		)
	})

	test('Contact Me without the lead’s token on this page asks nothing and gives the phone number', async () => {
		openOn('short-thank-you', janeContact, { token: '' })
		fireEvent.click(await screen.findByRole('button', { name: 'Contact Me' }))
		expect((await screen.findByRole('alert')).textContent).toBe(
			`We could not send your request from this page. Please call us at ${company.phone}.`,
		)
		expect(contactRequests()).toHaveLength(0)
	})
})

describe('the long form’s thank-you screen without a scheduler', () => {
	test('says a loan officer will call the borrower’s number, as people read it, and gives the phone and hours', async () => {
		openOn('loan-customization', { ...janeContact, ...longFormAnswers, phone: '9495550123' })
		fireEvent.click(await screen.findByRole('button', { name: 'Submit the long form' }))
		expect((await screen.findByTestId('next-step')).textContent).toBe(
			'A loan officer will call you at (949) 555-0123 within 24 hours to review your quote and next steps.',
		)
		expect(screen.getByRole('link', { name: `Call ${company.phone}` })).toBeTruthy()
		expect(screen.getByText(company.hours)).toBeTruthy()
	})
})
