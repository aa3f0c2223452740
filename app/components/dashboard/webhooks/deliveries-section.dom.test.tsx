import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { renderInRouter } from '../../../../tests/render-in-router.tsx'
import { deliveryView, endpointView } from '../../../../tests/webhook-views.ts'
import { CopySecret } from './copy-secret.tsx'
import { DeliveriesSection } from './deliveries-section.tsx'

describe('the deliveries to one endpoint', () => {
	test('a finished delivery can be replayed; one still pending cannot', async () => {
		const { posted } = renderInRouter(
			<DeliveriesSection
				endpoint={endpointView()}
				deliveries={[
					deliveryView({ id: 3, status: 'pending', attempts: 2, eventId: 'msg_pending' }),
					deliveryView({ id: 2, status: 'failed', eventId: 'msg_failed', lastStatusCode: 500, lastError: 'HTTP 500' }),
				]}
				busy={false}
			/>,
		)
		const [pending, failed] = await screen.findAllByTestId('webhook-delivery')
		expect(within(pending!).queryByRole('button', { name: 'Replay' })).toBeNull()
		expect(within(pending!).getByText(/^next/)).toBeTruthy()
		fireEvent.click(within(failed!).getByRole('button', { name: 'Replay' }))
		await waitFor(() => expect(posted).toHaveLength(1))
		expect(Object.fromEntries(posted[0]!)).toEqual({ id: endpointView().id, intent: 'replay', deliveryId: '2' })
	})

	test('an event names its lead, linked, or says the lead was deleted', async () => {
		renderInRouter(
			<DeliveriesSection
				endpoint={endpointView()}
				deliveries={[
					deliveryView({ id: 2, leadId: 'a0000000-0000-4000-8000-000000000001', leadName: 'Ada Lovelace' }),
					deliveryView({ id: 1, leadId: 'a0000000-0000-4000-8000-000000000002', leadName: null }),
				]}
				busy={false}
			/>,
		)
		expect((await screen.findByRole('link', { name: 'Ada Lovelace' })).getAttribute('href')).toBe(
			'/dashboard/leads?lead=a0000000-0000-4000-8000-000000000001',
		)
		expect(screen.getByText('A deleted lead')).toBeTruthy()
	})

	test('no deliveries yet says so', async () => {
		renderInRouter(<DeliveriesSection endpoint={endpointView()} deliveries={[]} busy={false} />)
		expect(await screen.findByText('Nothing sent to this endpoint yet.')).toBeTruthy()
	})

	test('Replay failed since a time sends the reader’s offset from UTC at that date, and says it is the reader’s time', async () => {
		const { posted } = renderInRouter(<DeliveriesSection endpoint={endpointView()} deliveries={[]} busy={false} />)
		const since = await screen.findByLabelText('Failed since (your time)')
		fireEvent.change(since, { target: { value: '2026-07-01T09:30' } })
		fireEvent.click(screen.getByRole('button', { name: 'Replay failed' }))
		await waitFor(() => expect(posted).toHaveLength(1))
		expect(posted[0]!.get('intent')).toBe('replay-since')
		expect(posted[0]!.get('since')).toBe('2026-07-01T09:30')
		expect(posted[0]!.get('offsetMinutes')).toBe(String(new Date('2026-07-01T09:30').getTimezoneOffset()))
	})
})

describe('the signing secret shown once', () => {
	test('Copy secret copies it whole and says so', async () => {
		const writeText = vi.fn(async (_text: string) => {})
		vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard)
		renderInRouter(<CopySecret secret="whsec_a+b/c=" />)
		await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Copy secret' })))
		expect(writeText).toHaveBeenCalledWith('whsec_a+b/c=')
		expect(screen.getByRole('status').textContent).toBe('Copied')
	})

	test('a copy the browser refuses tells the reader to copy it by hand', async () => {
		vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({
			writeText: async () => Promise.reject(new Error('denied')),
		} as unknown as Clipboard)
		renderInRouter(<CopySecret secret="whsec_x" />)
		await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Copy secret' })))
		expect(screen.getByRole('status').textContent).toBe('Could not copy: select the secret and copy it')
	})
})
