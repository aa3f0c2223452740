import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import routes from '#app/routes.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { createTestDatabase } from '../../tests/test-database.ts'
import { seededServices } from '../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../tests/staff-session.ts'
import { handleAppRequest } from '../../tests/request-handler.ts'
import { janeContact, refinanceAnswers } from '../../tests/lead-fixtures.ts'

type RouteModule = { loader?: unknown; action?: unknown; default?: unknown }
type RouteEntry = { path?: string; file: string; children?: RouteEntry[] }

// Every module of the dashboard (as in access-control.test.ts), matched to its URL in app/routes.ts.
const modules = import.meta.glob<RouteModule>([
	'./dashboard/*.ts',
	'./dashboard/*.tsx',
	'!./dashboard/*.test.ts',
	'!./dashboard/*.test.tsx',
	'!./dashboard/layout.tsx',
])
const dashboardLayout = (routes as RouteEntry[]).find((entry) => entry.file === 'routes/dashboard/layout.tsx')!
const screens = Object.keys(modules).map((file) => {
	const entry = dashboardLayout.children!.find((child) => child.file === `routes/dashboard/${path.basename(file)}`)
	return { file, url: entry ? `/${entry.path}` : `unrouted ${file}` }
})

const origin = 'http://localhost:3000'
let handle: DatabaseHandle
let services: AppServices
let adminCookie: string
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	adminCookie = (await signedInStaff(services, ['admin'])).cookie
})
afterAll(() => handle.close())

/** Sends the request through React Router as the server does, and returns the status and the Cache-Control it got. */
async function send(url: string, cookie: string | null, init: RequestInit = {}) {
	const response = await handleAppRequest(services, staffRequest(`${origin}${url}`, cookie, init))
	await response.body?.cancel()
	return { url, method: init.method ?? 'GET', status: response.status, cacheControl: response.headers.get('Cache-Control') }
}

const post = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) })
const noStore = (result: { status: number }) => expect.objectContaining({ status: result.status, cacheControl: 'no-store' })

describe('the dashboard', () => {
	test('every module of app/routes/dashboard is a route of the dashboard layout', () => {
		expect(screens.filter((screen) => screen.url.startsWith('unrouted'))).toEqual([])
		expect(screens.length).toBeGreaterThanOrEqual(12)
	})

	test.each(screens)('$url: page, data request and action answer no-store', async ({ file, url }) => {
		const module = await modules[file]!()
		const results = []
		if (module.loader) {
			results.push(await send(url, adminCookie))
			// A resource route (the CSV export) has no data request of its own.
			if (module.default) results.push(await send(`${url}.data`, adminCookie))
		}
		// Unknown intents are refused without changing anything; the refusal is still personal to the signed-in admin.
		if (module.action) {
			results.push(await send(`${url}.data`, adminCookie, post({ intent: 'cache-control-check' })))
			results.push(await send(url, adminCookie, post({ intent: 'cache-control-check' })))
		}
		expect(results.length).toBeGreaterThan(0)
		expect(results.some((result) => result.status === 200)).toBe(Boolean(module.loader))
		for (const result of results) expect(result, `${result.method} ${result.url}`).toEqual(noStore(result))
	})

	test('refusals and redirects to sign-in answer no-store too', async () => {
		const user = (await signedInStaff(services, ['user'])).cookie
		for (const result of [
			await send('/dashboard/leads', null),
			await send('/dashboard/leads.data', null),
			await send('/dashboard/users', user),
		]) {
			expect([302, 403, 202, 204]).toContain(result.status)
			expect(result, result.url).toEqual(noStore(result))
		}
	})
})

describe('sign-in pages', () => {
	test.each([
		['/login', { email: 'nobody@example.com', password: 'wrong-password-1' }],
		['/login/two-factor', { method: 'totp', code: '123456' }],
		['/forgot-password', { email: 'nobody@example.com' }],
		['/reset-password?token=unknown', { token: 'unknown', password: 'A-new-passphrase-2026', confirm: 'A-new-passphrase-2026' }],
	])('%s: page, data request and action answer no-store', async (url, fields) => {
		const [pathname, search] = url.split('?')
		const dataUrl = `${pathname}.data${search ? `?${search}` : ''}`
		const results = [await send(url, null), await send(url, null, post(fields)), await send(dataUrl, null, post(fields))]
		expect(results.map((result) => result.status)).toEqual([200, expect.any(Number), expect.any(Number)])
		for (const result of results) expect(result, `${result.method} ${result.url}`).toEqual(noStore(result))
	})

	test('a successful sign-in and sign-out answer no-store', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const signIn = await send('/login', null, post({ email: admin.email, password: admin.password }))
		expect(signIn).toEqual(expect.objectContaining({ status: 302, cacheControl: 'no-store' }))
		expect(await send('/logout', admin.cookie, post({}))).toEqual(expect.objectContaining({ status: 302, cacheControl: 'no-store' }))
	})
})

describe('the lead API', () => {
	const json = (body: unknown, headers: Record<string, string> = {}) => ({
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify(body),
	})
	const formData = {
		...refinanceAnswers,
		...janeContact,
	}

	test('the 201 with the token and every long-form answer are no-store', async () => {
		const response = await handleAppRequest(
			services,
			new Request(`${origin}/api/leads`, json({ formData, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION })),
		)
		expect(response.status).toBe(201)
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		const { id, token } = (await response.json()) as { id: string; token: string }
		const longForm = `/api/leads/${id}/long-form`
		const results = [
			await send(longForm, null, json({ formData: { ...formData, formMode: 'long' } }, { Authorization: `Bearer ${token}` })),
			await send(longForm, null, json({ formData: {} }, { Authorization: 'Bearer wrong' })),
			await send(longForm, null, json({ formData: {} })),
		]
		expect(results.map((result) => result.status)).toEqual([422, 403, 401])
		for (const result of results) expect(result).toEqual(noStore(result))
	})
})
