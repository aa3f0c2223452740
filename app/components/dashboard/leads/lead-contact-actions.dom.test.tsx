import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { LeadContactActions, dialable, leadAge } from './lead-contact-actions.tsx'

afterEach(cleanup)

const lead = {
	id: '3f1d2c4b-5a6e-4f70-8a91-b2c3d4e5f601',
	firstName: 'Olive',
	lastName: 'Investor',
	email: 'olive@example.com',
	phone: '+19495550177',
	status: 'new',
	loanType: 'DSCR',
	createdAt: new Date(Date.now() - 2 * 60 * 60_000),
}

/** The actions on a stub of the leads screen, whose action records each post and answers as the server would. */
function renderActions() {
	const posted: Array<Record<string, FormDataEntryValue>> = []
	const Stub = createRoutesStub([
		{
			path: '/dashboard/leads',
			Component: () => <LeadContactActions lead={lead} program="DSCR" state="Texas" />,
			action: async ({ request }) => {
				const fields = Object.fromEntries(await request.formData())
				posted.push(fields)
				const reached = fields.outcome === 'connected' || fields.outcome === 'not_interested'
				return { ok: true, intent: fields.intent, message: 'done', leadId: lead.id, reached }
			},
		},
	])
	render(<Stub initialEntries={['/dashboard/leads']} />)
	return posted
}

describe('Call, Text, E-mail and Log outcome (docs/decisions/0104)', () => {
	test('the header names the program, state and age; the links dial, text and write to the borrower', async () => {
		renderActions()
		expect((await screen.findByTestId('lead-headline')).textContent).toBe('DSCR · Texas2 h ago')
		expect(screen.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+19495550177')
		expect(screen.getByRole('link', { name: 'Text' }).getAttribute('href')).toBe('sms:+19495550177')
		expect(screen.getByRole('link', { name: 'E-mail' }).getAttribute('href')).toBe('mailto:olive@example.com')
		expect(dialable('(949) 555-0177')).toBe('+19495550177')
		expect(leadAge(new Date(0), 12 * 60_000)).toBe('12 min ago')
	})

	test('a tap on Call records the attempt and asks how it went; no outcome chosen, nothing is logged', async () => {
		const posted = renderActions()
		fireEvent.click(await screen.findByRole('link', { name: 'Call' }))
		await waitFor(() => expect(posted).toEqual([{ intent: 'attempt', leadId: lead.id, channel: 'call' }]))
		const form = await screen.findByRole('form', { name: 'How did it go?' })
		expect(
			within(form)
				.getAllByRole('radio', { checked: false })
				.map((radio) => radio.closest('label')!.textContent),
		).toEqual(['E-mail', 'Connected', 'Left voicemail', 'No answer', 'Wrong number', 'Not interested'])
		fireEvent.click(within(form).getByRole('button', { name: 'Log call' }))
		expect((await within(form).findByRole('alert')).textContent).toBe('Choose how the call went')
		expect(posted).toHaveLength(1)
	})

	test('a voicemail is logged without the Mark as Contacted offer; a connected call gets it', async () => {
		const posted = renderActions()
		fireEvent.click(await screen.findByRole('button', { name: 'Log outcome' }))
		fireEvent.click(screen.getByLabelText('Left voicemail'))
		fireEvent.click(screen.getByRole('button', { name: 'Log call' }))
		await waitFor(() =>
			expect(posted).toEqual([{ intent: 'contact', leadId: lead.id, channel: 'call', outcome: 'voicemail', summary: '' }]),
		)
		await waitFor(() => expect(screen.queryByRole('form', { name: 'How did it go?' })).toBeNull())
		expect(screen.queryByTestId('mark-contacted-prompt')).toBeNull()

		fireEvent.click(screen.getByRole('button', { name: 'Log outcome' }))
		fireEvent.click(screen.getByLabelText('Connected'))
		fireEvent.click(screen.getByRole('button', { name: 'Log call' }))
		expect(await screen.findByTestId('mark-contacted-prompt')).toBeTruthy()
		expect(posted.at(-1)).toMatchObject({ outcome: 'connected' })
	})

	test('an e-mail is logged as sent or replied', async () => {
		const posted = renderActions()
		fireEvent.click(await screen.findByRole('button', { name: 'Log outcome' }))
		fireEvent.click(screen.getByLabelText('E-mail'))
		expect(screen.queryByLabelText('Left voicemail')).toBeNull()
		fireEvent.click(screen.getByRole('button', { name: 'Log e-mail' }))
		expect((await screen.findByRole('alert')).textContent).toBe('Choose how the e-mail went')
		fireEvent.click(screen.getByLabelText('Borrower replied'))
		fireEvent.click(screen.getByRole('button', { name: 'Log e-mail' }))
		await waitFor(() => expect(posted).toEqual([{ intent: 'contact', leadId: lead.id, channel: 'email', outcome: 'replied', summary: '' }]))
	})
})
