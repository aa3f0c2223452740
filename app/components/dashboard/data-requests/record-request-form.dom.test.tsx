import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderInRouter } from '../../../../tests/render-in-router.tsx'
import { RecordRequestForm } from './record-request-form.tsx'

describe('Record a request (docs/decisions/0091)', () => {
	test('without an e-mail or a phone, the server’s own message shows and nothing is sent', async () => {
		const { posted } = renderInRouter(<RecordRequestForm today="2026-11-27" result={undefined} busy={false} />)
		fireEvent.click(await screen.findByRole('button', { name: 'Record request' }))
		expect((await screen.findByText('Enter the requester’s e-mail address or phone number (or both)')).id).toBe('email-error')
		expect(screen.getByLabelText('Requester’s e-mail').getAttribute('aria-invalid')).toBe('true')
		expect(posted).toEqual([])
	})

	test('with a phone, the request is sent as typed', async () => {
		const { posted } = renderInRouter(<RecordRequestForm today="2026-11-27" result={undefined} busy={false} />)
		fireEvent.change(await screen.findByLabelText('Requester’s phone'), { target: { value: '(949) 555-0150' } })
		fireEvent.change(screen.getByLabelText('The requester asks to'), { target: { value: 'delete' } })
		fireEvent.click(screen.getByRole('button', { name: 'Record request' }))
		await waitFor(() => expect(posted).toHaveLength(1))
		expect(Object.fromEntries(posted[0]!)).toEqual({
			intent: 'record',
			type: 'delete',
			receivedOn: '2026-11-27',
			channel: 'email',
			email: '',
			phone: '(949) 555-0150',
			notes: '',
		})
	})
})
