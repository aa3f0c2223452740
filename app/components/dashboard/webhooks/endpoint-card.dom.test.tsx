import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderInRouter } from '../../../../tests/render-in-router.tsx'
import { endpointView } from '../../../../tests/webhook-views.ts'
import { EndpointCard } from './endpoint-card.tsx'

afterEach(() => vi.unstubAllGlobals())

/** window.confirm answering `answer` (happy-dom has none of its own). */
function confirmAnswering(answer: boolean) {
	const confirm = vi.fn((_message?: string) => answer)
	vi.stubGlobal('confirm', confirm)
	return confirm
}

const card = (endpoint = endpointView(), props: { selected?: boolean; errors?: Record<string, string> } = {}) =>
	renderInRouter(
		<ul>
			<EndpointCard
				endpoint={endpoint}
				selected={props.selected ?? false}
				errors={props.errors ?? {}}
				allowHttp={false}
				busy={false}
				onSubmit={() => {}}
			/>
		</ul>,
	)

describe('one endpoint of the webhooks screen', () => {
	test('a switched-off endpoint says what it misses, and cannot be sent a test event', async () => {
		card(endpointView({ enabled: false, disabledReason: 'Failing for 5 days' }))
		expect(await screen.findByText(/While it is off, events are not kept for it/)).toBeTruthy()
		expect(screen.getByText(/Off — Failing for 5 days/)).toBeTruthy()
		expect(screen.getByRole('button', { name: 'Send test event' })).toHaveProperty('disabled', true)
		expect(screen.getByRole('button', { name: 'Switch on' })).toBeTruthy()
	})

	test('a switched-on endpoint can be tested and switched off', async () => {
		const { posted } = card()
		expect(await screen.findByRole('button', { name: 'Send test event' })).toHaveProperty('disabled', false)
		expect(screen.queryByText(/While it is off/)).toBeNull()
		fireEvent.click(screen.getByRole('button', { name: 'Switch off' }))
		await waitFor(() => expect(posted).toHaveLength(1))
		expect(Object.fromEntries(posted[0]!)).toEqual({ id: endpointView().id, intent: 'toggle', enabled: 'false' })
	})

	test('a HubSpot endpoint signs nothing: it has no Rotate secret, and is named by its form', async () => {
		card(
			endpointView({
				kind: 'hubspot',
				description: '',
				hubspot: { portalId: '123456', formGuid: 'a1b2c3d4-0000-4000-8000-000000000000', subscriptionTypeId: null },
			}),
		)
		const actions = await screen.findByRole('group', {
			name: 'Actions for HubSpot form a1b2c3d4-0000-4000-8000-000000000000 in account 123456',
		})
		expect(within(actions).queryByRole('button', { name: 'Rotate secret' })).toBeNull()
	})

	test('an actions group is named by the description, or by the address cut at 80 characters', async () => {
		const url = `https://crm.example.com/${'a'.repeat(100)}`
		card(endpointView({ description: '', url }))
		expect(await screen.findByRole('group', { name: `Actions for ${url.slice(0, 79)}…` })).toBeTruthy()
	})

	test('Delete asks first, and sends nothing when the answer is no', async () => {
		const confirm = confirmAnswering(false)
		const { posted } = card()
		fireEvent.click(await screen.findByRole('button', { name: 'Delete' }))
		expect(confirm).toHaveBeenCalledWith(`Delete the endpoint ${endpointView().url} and its deliveries?`)
		confirm.mockReturnValue(true)
		fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
		await waitFor(() => expect(posted).toHaveLength(1))
		expect(posted[0]!.get('intent')).toBe('delete')
	})

	test('rotating while a previous secret still signs warns that it stops at once', async () => {
		const confirm = confirmAnswering(false)
		card(endpointView({ rotating: true, previousSecretExpiresAt: new Date('2026-11-02T12:00:00Z') }))
		fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }))
		expect(confirm.mock.calls[0]![0]).toMatch(/the one before it, still signing now, stops at once/)
		expect(screen.getByText(/previous secret signs until/)).toBeTruthy()
	})

	test('its edit form is folded away until asked for', async () => {
		const { container } = card()
		await screen.findByText('Edit')
		expect(container.querySelector('details')?.open).toBe(false)
	})

	test('an edit refused shows its form open at the error', async () => {
		const { container } = card(endpointView(), { errors: { url: 'Enter an https:// address' } })
		await screen.findByText('Enter an https:// address')
		expect(container.querySelector('details')?.open).toBe(true)
	})

	test('the selected endpoint’s Deliveries link says it is current', async () => {
		card(endpointView(), { selected: true })
		expect((await screen.findByRole('link', { name: 'Deliveries' })).getAttribute('aria-current')).toBe('true')
	})
})
