import { describe, expect, test } from 'vitest'
import { FORM_NOT_READABLE, FORM_WRONG_CONTENT_TYPE, requireReadableForm } from './form-body.server.ts'

const request = (path: string, init: RequestInit) => new Request(`http://localhost:3000${path}`, init)
const refusal = async (promise: Promise<unknown>) => {
	const thrown = await promise.then(
		() => null,
		(error: unknown) => error as Response,
	)
	return thrown && { status: thrown.status, text: await thrown.text(), cacheControl: thrown.headers.get('Cache-Control') }
}

describe('a page action’s body is a readable form', () => {
	test('either form encoding, its type in any letter case and with parameters, passes', async () => {
		const urlEncoded = request('/contact', {
			method: 'POST',
			headers: { 'Content-Type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' },
			body: 'name=Jane',
		})
		expect(await refusal(requireReadableForm(urlEncoded))).toBeNull()
		const form = new FormData()
		form.set('name', 'Jane')
		expect(await refusal(requireReadableForm(request('/contact', { method: 'POST', body: form })))).toBeNull()
	})

	test('any other type is a 415 with the message, never cached; a broken multipart a 400', async () => {
		expect(
			await refusal(requireReadableForm(request('/contact', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }))),
		).toEqual({
			status: 415,
			text: FORM_WRONG_CONTENT_TYPE,
			cacheControl: 'no-store',
		})
		const broken = request('/contact', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data' }, body: 'x' })
		expect(await refusal(requireReadableForm(broken))).toEqual({ status: 400, text: FORM_NOT_READABLE, cacheControl: 'no-store' })
	})

	test('a GET, a HEAD and the JSON API are not its business', async () => {
		expect(await refusal(requireReadableForm(request('/contact', { method: 'GET' })))).toBeNull()
		expect(await refusal(requireReadableForm(request('/contact', { method: 'HEAD' })))).toBeNull()
		const api = request('/api/leads', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
		expect(await refusal(requireReadableForm(api))).toBeNull()
	})
})
