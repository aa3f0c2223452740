import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { PURPOSE_STATEMENT_VERSION, purposeStatementText } from '#app/features/pricing/borrower-terms.ts'
import { FICO_BANDS } from '#app/features/pricing/rate-sheet.ts'
import { AMOUNT_MESSAGE } from '#app/features/pricing/terms-refinements.ts'
import '../../../../tests/render-in-router.tsx'
import { testCompany, WizardEnvStub } from '../../../../tests/wizard-env-stub.tsx'
import { PurposeStatementForm } from './purpose-statement-form.tsx'
import { TermsRefinementFields } from './terms-refinement-fields.tsx'

afterEach(() => vi.unstubAllGlobals())

const leadId = 'a0000000-0000-4000-8000-000000000001'

/** The purpose form, with the lead API answering `status` and `body`; what it was sent and what it said back. */
function purposeForm(status: number, body: unknown = {}) {
	const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }))
	vi.stubGlobal('fetch', fetch)
	const onStated = vi.fn()
	render(
		<WizardEnvStub>
			<PurposeStatementForm leadId={leadId} token="token-1" title={<h2 id="terms-title">Your indicative terms</h2>} onStated={onStated} />
		</WizardEnvStub>,
	)
	return { fetch, onStated }
}

describe('the purpose statement before the terms (docs/decisions/0066)', () => {
	test('both statements are the spec’s, with the company’s name', () => {
		purposeForm(200)
		expect(screen.getByLabelText(purposeStatementText('business-purpose', testCompany))).toBeTruthy()
		expect(screen.getByLabelText(purposeStatementText('owner-occupant', testCompany))).toBeTruthy()
	})

	test('no answer: the form says what to do, focuses the first choice, and sends nothing', async () => {
		const { fetch, onStated } = purposeForm(200)
		fireEvent.click(screen.getByRole('button', { name: 'Show my terms' }))
		expect((await screen.findByRole('alert')).textContent).toBe('Choose how the property will be used')
		expect(document.activeElement?.id).toBe('purpose-business')
		expect(fetch).not.toHaveBeenCalled()
		expect(onStated).not.toHaveBeenCalled()
	})

	test('an answer is recorded with the lead, with the statement’s version, and stands', async () => {
		const { fetch, onStated } = purposeForm(200, { statement: 'business-purpose' })
		fireEvent.click(screen.getByLabelText(purposeStatementText('business-purpose', testCompany)))
		await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show my terms' })))
		await waitFor(() => expect(onStated).toHaveBeenCalledWith('business-purpose'))
		const [url, init] = fetch.mock.calls[0]!
		expect(url).toBe(`/api/leads/${leadId}/purpose`)
		expect(JSON.parse(String(init!.body))).toEqual({ statement: 'business-purpose', statementVersion: PURPOSE_STATEMENT_VERSION })
		expect(new Headers(init!.headers).get('Authorization')).toBe('Bearer token-1')
	})

	test('an answer already recorded (409) is the one that stands, not the one just picked', async () => {
		const { onStated } = purposeForm(409, { error: 'Already stated', statement: 'owner-occupant' })
		fireEvent.click(screen.getByLabelText(purposeStatementText('business-purpose', testCompany)))
		await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show my terms' })))
		await waitFor(() => expect(onStated).toHaveBeenCalledWith('owner-occupant'))
	})

	test('a refusal is said with the company’s phone, and nothing is stated', async () => {
		const { onStated } = purposeForm(422, { error: 'This link has expired.' })
		fireEvent.click(screen.getByLabelText(purposeStatementText('owner-occupant', testCompany)))
		await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show my terms' })))
		expect((await screen.findByRole('alert')).textContent).toBe(`This link has expired. You can also call us at ${testCompany.phone}.`)
		expect(onStated).not.toHaveBeenCalled()
	})
})

describe('the fields that refine the terms', () => {
	const inputs = { ficoBand: '', monthlyRent: '', annualTaxes: '', annualInsurance: '', monthlyHoa: '', product: '', interestOnly: '' }

	test('a short-term loan refines only the credit score; every band of the sheet, or every band shown', () => {
		render(<TermsRefinementFields inputs={inputs} errors={{}} onChange={() => {}} withAmounts={false} quote={null} hidden={false} />)
		const select = screen.getByLabelText('Your credit score')
		expect([...select.querySelectorAll('option')].map((option) => option.value)).toEqual(['', ...FICO_BANDS])
		expect(screen.queryByLabelText('Monthly rent')).toBeNull()
	})

	test('a DSCR loan refines rent, taxes, insurance and HOA; a change is passed up as typed', () => {
		const onChange = vi.fn()
		render(<TermsRefinementFields inputs={inputs} errors={{}} onChange={onChange} withAmounts quote={null} hidden={false} />)
		for (const label of ['Monthly rent', 'Property taxes a year', 'Insurance a year', 'HOA dues a month'])
			expect(screen.getByLabelText(label)).toBeTruthy()
		fireEvent.change(screen.getByLabelText('Monthly rent'), { target: { value: '$2,750' } })
		expect(onChange).toHaveBeenCalledWith({ ...inputs, monthlyRent: '$2,750' })
	})

	test('an amount in error is marked invalid and described by its message', () => {
		render(
			<TermsRefinementFields
				inputs={{ ...inputs, monthlyRent: 'lots' }}
				errors={{ monthlyRent: AMOUNT_MESSAGE }}
				onChange={() => {}}
				withAmounts
				quote={null}
				hidden={false}
			/>,
		)
		const rent = screen.getByLabelText(/^Monthly rent/)
		expect(rent.getAttribute('aria-invalid')).toBe('true')
		expect(document.getElementById(rent.getAttribute('aria-describedby')!)?.textContent).toBe(AMOUNT_MESSAGE)
	})
})
