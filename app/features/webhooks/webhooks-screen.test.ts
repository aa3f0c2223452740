import { describe, expect, test } from 'vitest'
import { type WebhooksResult, endpointName, formErrorsFor, shortName, showsRefusalAbove } from './webhooks-screen.ts'

const id = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890'
const none = { form: '', errors: {} }

describe('which form shows which errors', () => {
	const refusedEdit: WebhooksResult = { ok: false, intent: 'update', errors: { url: 'Enter an https:// address' }, endpointId: id }
	const refusedAdd: WebhooksResult = { ok: false, intent: 'create', errors: { eventTypes: 'Choose at least one event' } }

	test('the server’s refusal of an edit shows in that endpoint’s form only', () => {
		expect(formErrorsFor(id, none, refusedEdit)).toEqual(refusedEdit.errors)
		expect(formErrorsFor(undefined, none, refusedEdit)).toEqual({})
		expect(formErrorsFor('another', none, refusedEdit)).toEqual({})
	})

	test('the server’s refusal of an add shows in the add form only', () => {
		expect(formErrorsFor(undefined, none, refusedAdd)).toEqual(refusedAdd.errors)
		expect(formErrorsFor(id, none, refusedAdd)).toEqual({})
	})

	test('the browser’s check of the form last sent comes before the server’s answer', () => {
		const client = { form: 'create', errors: { url: 'Enter an address' } }
		expect(formErrorsFor(undefined, client, refusedAdd)).toEqual(client.errors)
		expect(formErrorsFor(id, client, refusedEdit)).toEqual(refusedEdit.errors)
	})

	test('a success shows no errors anywhere', () => {
		expect(formErrorsFor(undefined, none, { ok: true, intent: 'create', message: 'Endpoint added' })).toEqual({})
	})
})

describe('the refusal shown above the forms', () => {
	test('a refused action on an endpoint is shown above; a refused add or edit is shown in its form', () => {
		expect(showsRefusalAbove({ ok: false, intent: 'test', errors: { id: 'Test event failed' } })).toBe(true)
		expect(showsRefusalAbove({ ok: false, intent: 'update', errors: { id: 'This endpoint no longer exists' } })).toBe(true)
		expect(showsRefusalAbove({ ok: false, intent: 'update', errors: { url: 'x' }, endpointId: id })).toBe(false)
		expect(showsRefusalAbove({ ok: false, intent: 'create', errors: { url: 'x' } })).toBe(false)
		expect(showsRefusalAbove({ ok: true, intent: 'test', message: 'Test event delivered' })).toBe(false)
		expect(showsRefusalAbove(undefined)).toBe(false)
	})
})

describe('how an endpoint is named', () => {
	test('a HubSpot endpoint by its form and account, a signed one by its address', () => {
		expect(endpointName({ kind: 'hubspot', url: 'https://api.hsforms.com/x', hubspot: { formGuid: 'f-1', portalId: '42' } })).toBe(
			'HubSpot form f-1 in account 42',
		)
		expect(endpointName({ kind: 'standard', url: 'https://crm.example.com/hook' })).toBe('https://crm.example.com/hook')
	})

	test('where it repeats, a name over 80 characters is cut to 80 with an ellipsis', () => {
		const url = `https://crm.example.com/${'a'.repeat(56)}`
		expect(url).toHaveLength(80)
		expect(shortName({ kind: 'standard', url })).toBe(url)
		expect(shortName({ kind: 'standard', url: `${url}b` })).toBe(`${url.slice(0, 79)}…`)
	})
})
