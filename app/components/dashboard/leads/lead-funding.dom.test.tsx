import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'
import { FUNDING_MESSAGES, type LeadFundingView } from '#app/features/leads/model/lead-funding.ts'
import { LeadFundingPanel } from './lead-funding.tsx'

afterEach(() => {
	cleanup()
	vi.unstubAllGlobals()
})

const leadId = '6a2e1f0c-3b4d-4e5f-8a9b-0c1d2e3f4a5b'
const createdAt = new Date('2026-10-02T15:00:00Z')

type Answer = { ok: true; message: string } | { ok: false; error: string }

/**
 * The panel on a stub of the leads screen, whose action records each post and answers as the server would (or with
 * `answer`). `formCompletionStatus` null: a lead entered by staff.
 */
function renderFunding(lead: { status: string; funding: LeadFundingView | null; formCompletionStatus?: string | null }, answer?: Answer) {
	const posted: Array<Record<string, FormDataEntryValue>> = []
	const Stub = createRoutesStub([
		{
			path: '/dashboard/leads',
			HydrateFallback: () => null,
			Component: () => (
				<LeadFundingPanel
					lead={{ id: leadId, firstName: 'Ada', lastName: 'Investor', createdAt, formCompletionStatus: 'short_form', ...lead }}
				/>
			),
			action: async ({ request }) => {
				const fields = Object.fromEntries(await request.formData())
				posted.push(fields)
				if (answer) return { intent: fields.intent, leadId, ...answer }
				const message = fields.intent === 'funding-remove' ? FUNDING_MESSAGES.removed : FUNDING_MESSAGES.recorded
				return { ok: true, intent: fields.intent, message, leadId }
			},
		},
	])
	render(<Stub initialEntries={['/dashboard/leads']} />)
	return posted
}

// docs/decisions/0123
describe('the funded loan in the lead details', () => {
	test('a lead that is not Closed and has no funded loan shows nothing', () => {
		renderFunding({ status: 'qualified', funding: null })
		expect(screen.queryByTestId('lead-funding')).toBeNull()
	})

	test('a Closed lead asks for it; the form checks the figures with the server’s schema, then posts them', async () => {
		const posted = renderFunding({ status: 'closed', funding: null })
		const panel = await screen.findByRole('region', { name: 'Funded loan' })
		expect(panel.textContent).toContain('Record the amount, rate, points and the day this loan funded')
		const record = within(panel).getByRole('button', { name: 'Record funded loan' })
		expect(record.getAttribute('aria-expanded')).toBe('false')
		fireEvent.click(record)
		expect(record.getAttribute('aria-expanded')).toBe('true')
		const form = within(panel).getByRole('form', { name: 'Funded loan' })
		expect(record.getAttribute('aria-controls')).toBe(form.id)
		// The first field takes the focus as the form opens.
		await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Loan amount ($)')))
		const fundedOn = within(form).getByLabelText('Funded on') as HTMLInputElement
		// Today in the office's zone by default, and the date picker stops at today and at the lead's first day.
		const today = dayInTimeZone(new Date(), 'America/New_York')
		expect(fundedOn.value).toBe(today)
		expect(fundedOn.max).toBe(today)
		expect(fundedOn.min).toBe('2026-10-02')
		expect((within(form).getByLabelText('Points (%)') as HTMLInputElement).value).toBe('0')
		// Empty amount and rate: each field says what it needs, the first is focused, nothing is posted.
		fireEvent.click(within(form).getByRole('button', { name: 'Save funded loan' }))
		const amount = within(form).getByLabelText('Loan amount ($)') as HTMLInputElement
		await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'))
		expect(amount.getAttribute('aria-describedby')).toBeTruthy()
		expect(document.getElementById(amount.getAttribute('aria-describedby')!)!.textContent).toBe(FUNDING_MESSAGES.amount)
		expect(document.activeElement).toBe(amount)
		expect(within(form).getByText(FUNDING_MESSAGES.rate)).toBeTruthy()
		fireEvent.change(fundedOn, { target: { value: '2026-10-01' } })
		fireEvent.change(amount, { target: { value: '450,000' } })
		fireEvent.change(within(form).getByLabelText('Note rate (%)'), { target: { value: '7.125' } })
		fireEvent.click(within(form).getByRole('button', { name: 'Save funded loan' }))
		expect(await within(form).findByText(FUNDING_MESSAGES.beforeLead)).toBeTruthy()
		expect(posted).toEqual([])
		fireEvent.change(fundedOn, { target: { value: '2026-11-20' } })
		fireEvent.click(within(form).getByRole('button', { name: 'Save funded loan' }))
		await waitFor(() =>
			expect(posted).toEqual([{ intent: 'funding-save', leadId, amount: '450,000', rate: '7.125', points: '0', fundedOn: '2026-11-20' }]),
		)
		// The answer closes the form and gives the focus back to the button that opened it.
		await waitFor(() => expect(within(panel).queryByRole('form', { name: 'Funded loan' })).toBeNull())
		expect(document.activeElement).toBe(record)
	})

	test('a refusal of the server about the day shows beside the day, as the browser’s own check would', async () => {
		renderFunding({ status: 'closed', funding: null }, { ok: false, error: FUNDING_MESSAGES.future })
		const panel = await screen.findByRole('region', { name: 'Funded loan' })
		fireEvent.click(within(panel).getByRole('button', { name: 'Record funded loan' }))
		const form = within(panel).getByRole('form', { name: 'Funded loan' })
		fireEvent.change(within(form).getByLabelText('Loan amount ($)'), { target: { value: '450000' } })
		fireEvent.change(within(form).getByLabelText('Note rate (%)'), { target: { value: '7' } })
		fireEvent.click(within(form).getByRole('button', { name: 'Save funded loan' }))
		const fundedOn = within(form).getByLabelText('Funded on')
		await waitFor(() => expect(fundedOn.getAttribute('aria-invalid')).toBe('true'))
		expect(document.getElementById(fundedOn.getAttribute('aria-describedby')!)!.textContent).toBe(FUNDING_MESSAGES.future)
		expect(document.activeElement).toBe(fundedOn)
	})

	test('a lead entered by staff (a deal back-filled after it funded) takes any day up to today', async () => {
		renderFunding({ status: 'closed', funding: null, formCompletionStatus: null })
		const panel = await screen.findByRole('region', { name: 'Funded loan' })
		fireEvent.click(within(panel).getByRole('button', { name: 'Record funded loan' }))
		expect((within(panel).getByLabelText('Funded on') as HTMLInputElement).min).toBe('')
	})

	test('a recorded loan shows its figures and is corrected from a form that holds them', async () => {
		const posted = renderFunding({ status: 'closed', funding: { amount: 1_250_000, rate: 6.875, points: 0.5, fundedOn: '2026-11-20' } })
		const panel = await screen.findByRole('region', { name: 'Funded loan' })
		const figures = [...panel.querySelectorAll('dt, dd')].map((cell) => cell.textContent)
		expect(figures).toEqual(['Loan amount', '$1,250,000', 'Note rate', '6.875 %', 'Points', '0.5 %', 'Funded on', 'November 20, 2026'])
		fireEvent.click(within(panel).getByRole('button', { name: 'Correct funded loan' }))
		const form = within(panel).getByRole('form', { name: 'Funded loan' })
		expect((within(form).getByLabelText('Loan amount ($)') as HTMLInputElement).value).toBe('1,250,000')
		expect((within(form).getByLabelText('Note rate (%)') as HTMLInputElement).value).toBe('6.875')
		expect((within(form).getByLabelText('Points (%)') as HTMLInputElement).value).toBe('0.5')
		expect((within(form).getByLabelText('Funded on') as HTMLInputElement).value).toBe('2026-11-20')
		fireEvent.change(within(form).getByLabelText('Note rate (%)'), { target: { value: '6,75' } })
		fireEvent.click(within(form).getByRole('button', { name: 'Save funded loan' }))
		await waitFor(() =>
			expect(posted).toEqual([
				{ intent: 'funding-save', leadId, amount: '1,250,000', rate: '6,75', points: '0.5', fundedOn: '2026-11-20' },
			]),
		)
	})

	test('Remove asks first: declined, nothing is sent; confirmed, the removal is posted', async () => {
		const posted = renderFunding({ status: 'closed', funding: { amount: 300_000, rate: 8, points: 1, fundedOn: '2026-11-02' } })
		const panel = await screen.findByRole('region', { name: 'Funded loan' })
		const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true)
		vi.stubGlobal('confirm', confirm)
		fireEvent.click(within(panel).getByRole('button', { name: 'Remove funded loan' }))
		expect(confirm).toHaveBeenLastCalledWith('Remove the funded loan of Ada Investor? The CRM is told it was removed.')
		expect(posted).toEqual([])
		fireEvent.click(within(panel).getByRole('button', { name: 'Remove funded loan' }))
		await waitFor(() => expect(posted).toEqual([{ leadId, intent: 'funding-remove' }]))
	})

	test('a lead moved away from Closed keeps its figures on view, says the funnel leaves them out, and cannot be corrected', async () => {
		renderFunding({ status: 'lost', funding: { amount: 300_000, rate: 8, points: 1, fundedOn: '2026-11-02' } })
		const panel = await screen.findByRole('region', { name: 'Funded loan' })
		expect(within(panel).getByTestId('funding-not-counted').textContent).toBe(
			'This lead is no longer Closed, so the funnel does not count this loan.',
		)
		expect(within(panel).queryByRole('button', { name: 'Correct funded loan' })).toBeNull()
		expect(within(panel).getByRole('button', { name: 'Remove funded loan' })).toBeTruthy()
	})
})
