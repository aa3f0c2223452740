import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import routes from '#app/routes.ts'
import { CROSS_ORIGIN_PATHS } from '#app/features/http/origin-check.server.ts'
import { handleAppRequest } from '../../tests/request-handler.ts'
import { type SeededApp, openSeededApp } from '../../tests/test-services.ts'

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] }

/** Every URL of app/routes.ts (a parameter filled in, the catch-all as an unknown page): a new route is walked too. */
function everyPath() {
	const found: string[] = []
	const visit = (entries: RouteEntry[]) => {
		for (const entry of entries) {
			if (entry.path !== undefined)
				found.push(`/${entry.path.replace(/:\w+/g, '3f0c1a8e-8f3a-4a51-9d5e-0c2b7b1d2e4f').replace('*', 'no-such-page')}`)
			else if (entry.index) found.push('/')
			visit(entry.children ?? [])
		}
	}
	visit(routes as RouteEntry[])
	return found
}

// docs/decisions/0078: the site sits behind a proxy at https://lender.example.com, and the proxy hands the request on
// to 127.0.0.1:3000 with that as its Host (nginx's default proxy_pass).
const PUBLIC = 'https://lender.example.com'
const REACHED = 'http://127.0.0.1:3000'

let app: SeededApp
beforeAll(async () => {
	app = await openSeededApp({ admin: true, env: { BASE_URL: PUBLIC } })
})
afterAll(() => app.handle.close())

/** A request as the proxy hands it on: to the address it reached, with the browser's headers and the admin's cookie. */
const send = (path: string, method: string, headers: Record<string, string>, body = 'x=1', cookie = app.admin!.cookie) =>
	handleAppRequest(
		app.services,
		new Request(`${REACHED}${path}`, {
			method,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}), ...headers },
			body,
		}),
		{ clientIp: `198.51.100.${Math.floor(Math.random() * 250)}` },
	)

describe('every state-changing request passes one Origin check', () => {
	test('the walk finds the routes that React Router itself never checked', () => {
		const paths = everyPath()
		expect(paths).toContain('/logout')
		expect(paths).toContain('/dashboard/leads/columns')
		expect(paths).toContain('/api/leads')
		expect(paths.length).toBeGreaterThan(40)
	})

	test('a post, put, patch or delete from another site is refused with a 403 on every route, pages, resource routes and the API', async () => {
		const refused: string[] = []
		for (const path of everyPath()) {
			if (CROSS_ORIGIN_PATHS.includes(path)) continue
			for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
				for (const target of path.startsWith('/api/') ? [path] : [path, `${path === '/' ? '/_root' : path}.data`]) {
					for (const headers of [
						{ Origin: 'https://evil.example' },
						{ Origin: 'null' },
						{ 'Sec-Fetch-Site': 'cross-site' },
						{ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
						{ Origin: 'http://lender.example.com' },
					] as Record<string, string>[]) {
						const response = await send(target, method, headers)
						if (response.status !== 403) refused.push(`${method} ${target} ${JSON.stringify(headers)}: ${response.status}`)
						await response.body?.cancel()
					}
				}
			}
		}
		expect(refused).toEqual([])
	}, 240_000)

	test('the refusal is logged at warn with the origin and the expected one, and the page says what happened', async () => {
		app.services.log.warn = vi.fn()
		const response = await send('/login', 'POST', { Origin: 'https://evil.example', Accept: 'text/html' })
		expect(response.status).toBe(403)
		const html = await response.text()
		expect(html).toContain('This form could not be sent')
		expect(html).toContain(PUBLIC)
		expect(html).not.toContain('Unexpected Application Error')
		expect(app.services.log.warn).toHaveBeenCalledWith(
			expect.objectContaining({ origin: 'https://evil.example', expected: PUBLIC, path: '/login' }),
			'cross-origin request refused',
		)
		const api = await send('/api/leads', 'POST', { Origin: 'https://evil.example', 'Content-Type': 'application/json' }, '{}')
		expect(api.status).toBe(403)
		expect((await api.json()) as { error: string }).toMatchObject({ error: expect.stringContaining(PUBLIC) })
	})
})

describe("behind a reverse proxy that rewrites Host or X-Forwarded-Proto, BASE_URL's origin is the site's", () => {
	test('signing in from the public address reaches the sign-in action instead of a bare 400', async () => {
		for (const target of ['/login', '/login.data']) {
			const response = await send(
				target,
				'POST',
				{ Origin: PUBLIC },
				new URLSearchParams({ email: 'nobody@example.com', password: 'wrong-password-1' }).toString(),
				'',
			)
			expect(response.status, target).not.toBe(400)
			expect(response.status, target).not.toBe(403)
			expect(response.status, target).toBe(401)
		}
	})

	test('signing out (a resource route) works from the public address and from the address reached', async () => {
		for (const origin of [PUBLIC, REACHED]) {
			const response = await send('/logout', 'POST', { Origin: origin })
			expect(response.status, origin).toBe(302)
		}
	})

	test('a browser that says same-origin is believed; a request with neither header (an integration) passes', async () => {
		const sameOrigin = await send('/logout', 'POST', { Origin: 'https://www.lender.example.com', 'Sec-Fetch-Site': 'same-origin' })
		expect(sameOrigin.status).toBe(302)
		const noHeaders = await send('/logout', 'POST', {})
		expect(noHeaders.status).toBe(302)
	})

	test('same-site is not same-origin: a post from a sibling subdomain is refused (docs/decisions/0086)', async () => {
		for (const target of ['/logout', '/api/leads', '/dashboard/settings']) {
			const response = await send(target, 'POST', { Origin: 'https://blog.lender.example.com', 'Sec-Fetch-Site': 'same-site' })
			expect(response.status, target).toBe(403)
			await response.body?.cancel()
		}
	})
})

describe('a 4xx answer is logged at info, not error', () => {
	test('a post to a page without an action (405) or an unknown one leaves no error-level line', async () => {
		app.services.log.error = vi.fn()
		app.services.log.info = vi.fn()
		for (const [path, status] of [
			['/dscr-loans', 405],
			['/dscr-loans.data', 405],
			['/no-such-page', 405],
		] as const) {
			const response = await send(path, 'POST', { Origin: PUBLIC }, 'x=1', '')
			expect(response.status, path).toBe(status)
			await response.body?.cancel()
		}
		expect(app.services.log.error).not.toHaveBeenCalled()
		expect(app.services.log.info).toHaveBeenCalledWith(expect.objectContaining({ status: 405, path: '/dscr-loans' }), 'request refused')
	})
})
