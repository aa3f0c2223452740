import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { PRICER_MESSAGES } from '#app/features/leads/model/lead-pricer.ts'
import { type PricingRequest, priceRequest } from '#app/features/pricing/pricing-request.ts'
import type { FicoBand } from '#app/features/pricing/rate-sheet.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { LeadPricer } from './lead-pricer.tsx'

afterEach(cleanup)

const leadId = '3f1d2c4b-5a6e-4f70-8a91-b2c3d4e5f601'
/** A DSCR purchase as Add Lead stores it (docs/decisions/0109): no credit band, no down payment. */
const message = JSON.stringify({
	loanProgram: 'dscr',
	propertyType: 'condo',
	transactionType: 'purchase',
	propertyState: 'TX',
	purchasePrice: '500000',
	monthlyRent: '5500',
	channel: 'phone',
})

/** The pricer on a stub of the leads screen, whose action prices each post as the server's pricing function would. */
function renderPricer() {
	const posted: Array<Record<string, FormDataEntryValue>> = []
	const Stub = createRoutesStub([
		{
			id: 'routes/dashboard/leads',
			path: '/dashboard/leads',
			HydrateFallback: () => null,
			loader: () => ({}),
			Component: () => <LeadPricer lead={{ id: leadId, message }} />,
			action: async ({ request }) => {
				const fields = Object.fromEntries(await request.formData()) as Record<string, string>
				posted.push(fields)
				const dollars = (typed: string | undefined) => Number((typed ?? '').replace(/[$,]/g, ''))
				const priced: PricingRequest = {
					program: 'dscr',
					purpose: 'purchase',
					propertyValue: dollars(fields.propertyValue),
					loanAmount: dollars(fields.loanAmount),
					propertyType: 'condo-townhome',
					product: '30-year-fixed',
					interestOnly: false,
					points: 0,
					ficoBand: fields.ficoBand as FicoBand,
					monthlyRent: dollars(fields.monthlyRent),
				}
				const terms = priceRequest(SEED_RATE_SHEET, 4, priced)
				return { ok: true, intent: fields.intent, message: 'done', leadId, request: priced, terms, summary: `Priced at ${fields.ficoBand}` }
			},
		},
	])
	render(<Stub initialEntries={['/dashboard/leads']} />)
	return posted
}

describe('Price this scenario in the lead details (docs/decisions/0112)', () => {
	test('starts from the lead’s answers, refuses with the action’s messages, and attaches only the terms on screen', async () => {
		const posted = renderPricer()
		fireEvent.click(await screen.findByRole('button', { name: 'Price this scenario' }))
		const form = screen.getByRole('form', { name: 'Price this scenario' })
		// The lead's answers: its price and rent; Add Lead's condo is the sheet's Condo / Townhome.
		expect((within(form).getByLabelText('Purchase price') as HTMLInputElement).value).toBe('500000')
		expect((within(form).getByLabelText('Monthly rent') as HTMLInputElement).value).toBe('5500')
		expect((within(form).getByLabelText('Property type') as HTMLSelectElement).value).toBe('condo-townhome')
		// No band yet: the schema the action runs refuses it in the browser, and nothing is posted.
		fireEvent.click(within(form).getByRole('button', { name: 'Price' }))
		expect((await within(form).findByRole('alert')).textContent).toBe(PRICER_MESSAGES.ficoBand)
		fireEvent.change(within(form).getByLabelText('Credit score band'), { target: { value: '720-739' } })
		fireEvent.change(within(form).getByLabelText('Loan amount'), { target: { value: '500,000' } })
		fireEvent.click(within(form).getByRole('button', { name: 'Price' }))
		expect((await within(form).findByRole('alert')).textContent).toBe(PRICER_MESSAGES.loanBelowValue)
		expect(posted).toEqual([])

		fireEvent.change(within(form).getByLabelText('Loan amount'), { target: { value: '375,000' } })
		fireEvent.click(within(form).getByRole('button', { name: 'Price' }))
		await waitFor(() => expect(posted).toHaveLength(1))
		expect(posted[0]).toMatchObject({ intent: 'price', leadId, ficoBand: '720-739', loanAmount: '375,000', propertyType: 'condo-townhome' })
		expect((await screen.findByTestId('pricer-summary')).textContent).toBe('Priced at 720-739')
		expect(screen.getByTestId('terms-quote')).toBeTruthy()

		// A change after pricing: the terms on screen no longer answer it, so they cannot be attached until priced again.
		fireEvent.change(within(form).getByLabelText('Credit score band'), { target: { value: '700-719' } })
		expect(screen.queryByRole('button', { name: 'Attach to lead' })).toBeNull()
		expect(screen.getByTestId('pricer-result').textContent).toContain('price again to attach')
		fireEvent.click(within(form).getByRole('button', { name: 'Price' }))
		await waitFor(() => expect(screen.getByTestId('pricer-summary').textContent).toBe('Priced at 700-719'))
		fireEvent.click(await screen.findByRole('button', { name: 'Attach to lead' }))
		await waitFor(() => expect(posted).toHaveLength(3))
		expect(posted[2]).toMatchObject({ intent: 'attach', leadId, ficoBand: '700-719', sheetVersion: '4' })
	})

	test('terms the sheet does not offer show why, and no Attach', async () => {
		renderPricer()
		fireEvent.click(await screen.findByRole('button', { name: 'Price this scenario' }))
		const form = screen.getByRole('form', { name: 'Price this scenario' })
		fireEvent.change(within(form).getByLabelText('Credit score band'), { target: { value: 'below-600' } })
		fireEvent.change(within(form).getByLabelText('Loan amount'), { target: { value: '375000' } })
		fireEvent.click(within(form).getByRole('button', { name: 'Price' }))
		const reasons = await screen.findByTestId('terms-ineligible')
		expect(reasons.textContent).toContain('We cannot offer terms for this scenario as it stands.')
		expect(reasons.textContent).not.toContain('Your request is with our team')
		expect(screen.queryByRole('button', { name: 'Attach to lead' })).toBeNull()
	})
})
