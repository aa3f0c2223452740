import { render, screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { HUBSPOT_DEFAULT_EVENTS, WEBHOOK_EVENT_TYPES } from '#app/features/webhooks/webhook-schema.ts'
import '../../../../tests/render-in-router.tsx'
import { EndpointFields } from './endpoint-fields.tsx'
import { endpointView } from '../../../../tests/webhook-views.ts'

const checkedEvents = (container: HTMLElement) =>
	[...container.querySelectorAll<HTMLInputElement>('input[name="eventTypes"]')].filter((box) => box.checked).map((box) => box.value)

describe('the fields of an endpoint (docs/decisions/0068, 0070)', () => {
	test('a new signed webhook starts with every event checked', () => {
		const { container } = render(<EndpointFields prefix="webhook" kind="standard" errors={{}} allowHttp={false} endpoint={null} />)
		expect(checkedEvents(container)).toEqual([...WEBHOOK_EVENT_TYPES])
	})

	test('a new HubSpot endpoint starts with only the events a HubSpot form is for', () => {
		const { container } = render(<EndpointFields prefix="webhook" kind="hubspot" errors={{}} allowHttp={false} endpoint={null} />)
		expect(checkedEvents(container)).toEqual(
			WEBHOOK_EVENT_TYPES.filter((type) => (HUBSPOT_DEFAULT_EVENTS as readonly string[]).includes(type)),
		)
	})

	test('an endpoint being edited shows its own events, address and description', () => {
		const endpoint = endpointView({ eventTypes: ['lead.assigned'] })
		const { container } = render(<EndpointFields prefix="edit" kind="standard" errors={{}} allowHttp={false} endpoint={endpoint} />)
		expect(checkedEvents(container)).toEqual(['lead.assigned'])
		expect(screen.getByLabelText(/^Address/)).toHaveProperty('value', endpoint.url)
		expect(screen.getByLabelText(/^Description/)).toHaveProperty('value', 'CRM')
	})

	test('the address hint says whether http:// is allowed', () => {
		render(<EndpointFields prefix="a" kind="standard" errors={{}} allowHttp={false} endpoint={null} />)
		expect(screen.getByText('https:// only')).toBeTruthy()
		render(<EndpointFields prefix="b" kind="standard" errors={{}} allowHttp endpoint={null} />)
		expect(screen.getByText('https:// (or http:// for a local receiver)')).toBeTruthy()
	})

	test('a kept HubSpot access token is never shown, and can be removed', () => {
		const endpoint = endpointView({
			kind: 'hubspot',
			hubspot: { portalId: '123456', formGuid: 'a1b2c3d4-0000-4000-8000-000000000000', subscriptionTypeId: null },
			hasAccessToken: true,
		})
		render(<EndpointFields prefix="edit" kind="hubspot" errors={{}} allowHttp={false} endpoint={endpoint} />)
		expect(screen.getByLabelText(/^Private app access token/)).toHaveProperty('value', '')
		expect(screen.getByText('A token is kept; leave empty to keep it, or enter a new one')).toBeTruthy()
		expect(screen.getByLabelText('Remove the kept token')).toBeTruthy()
	})

	test('without a kept token there is nothing to remove', () => {
		render(<EndpointFields prefix="webhook" kind="hubspot" errors={{}} allowHttp={false} endpoint={null} />)
		expect(screen.queryByLabelText('Remove the kept token')).toBeNull()
	})

	test('an error is shown at its field and describes it', () => {
		render(
			<EndpointFields
				prefix="webhook"
				kind="standard"
				errors={{ url: 'Enter an https:// address', eventTypes: 'Choose at least one event' }}
				allowHttp={false}
				endpoint={null}
			/>,
		)
		expect(screen.getByLabelText(/^Address/).getAttribute('aria-invalid')).toBe('true')
		expect(screen.getByText('Enter an https:// address')).toBeTruthy()
		expect(screen.getByText('Choose at least one event')).toBeTruthy()
	})
})
