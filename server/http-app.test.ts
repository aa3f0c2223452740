import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { createDatabaseHealth } from '#db/health.ts'
import { createTestDatabase } from '../tests/test-database.ts'
import { createTestServices } from '../tests/test-services.ts'
import { HEALTH_PING_TIMEOUT_MS, createHttpApp } from './http-app.ts'

let handle: DatabaseHandle
let services: AppServices
beforeAll(async () => {
	handle = await createTestDatabase()
	services = createTestServices(handle, { NODE_ENV: 'production', BASE_URL: 'https://lender.example.com' })
})
afterAll(() => handle.close())

/** Serves the Express app with a stand-in for React Router that answers every page with "page". */
async function serve(overrides: Partial<AppServices> = {}, lifecycle = { draining: false }) {
	const app = createHttpApp({
		services: { ...services, ...overrides },
		lifecycle,
		reactRouter: (_req, res) => {
			res.status(200).send('page')
		},
	})
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	const port = (server.address() as AddressInfo).port
	return { port, close: () => new Promise((resolve) => server.close(resolve)) }
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string }

function send(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer }): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const chunked = options.headers?.['Transfer-Encoding'] === 'chunked'
		const headers = options.body && !chunked ? { 'Content-Length': String(options.body.length), ...options.headers } : options.headers
		const req = http.request(
			{ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers, agent: false },
			(res) => {
				let body = ''
				res.on('data', (chunk: Buffer) => (body += chunk.toString()))
				res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
			},
		)
		req.on('error', reject)
		if (options.body) req.write(options.body)
		req.end()
	})
}

describe('health check', () => {
	test('answers 200 when the database answers', async () => {
		const site = await serve()
		const answer = await send(site.port, { path: '/healthz' })
		expect(answer.status).toBe(200)
		expect(answer.headers['cache-control']).toBe('no-store')
		await site.close()
	})

	test('answers 503 when the database never answers, instead of hanging', async () => {
		const frozen = createDatabaseHealth(() => new Promise(() => {}))
		const site = await serve({ dbHealth: frozen })
		const answer = await send(site.port, { path: '/healthz' })
		expect(answer.status).toBe(503)
		expect(JSON.parse(answer.body)).toMatchObject({ status: 'unavailable' })
		expect(HEALTH_PING_TIMEOUT_MS).toBeLessThan(2_000)
		frozen.stop()
		await site.close()
	})

	test('answers 503 while shutting down, and every answer then closes its connection', async () => {
		const site = await serve({}, { draining: true })
		const health = await send(site.port, { path: '/healthz' })
		expect(health.status).toBe(503)
		const page = await send(site.port, { path: '/', headers: { Connection: 'keep-alive' } })
		expect(page.status).toBe(200)
		expect(page.headers.connection).toBe('close')
		await site.close()
	})
})

describe('request bodies', () => {
	test('a body larger than the API accepts gets 413 with Connection: close, not a reset', async () => {
		const site = await serve()
		const answer = await send(site.port, {
			method: 'POST',
			path: '/api/leads',
			headers: { 'Content-Type': 'application/json' },
			body: Buffer.alloc(300_000, 'x'),
		})
		expect(answer.status).toBe(413)
		expect(answer.headers.connection).toBe('close')
		expect(JSON.parse(answer.body).error).toMatch(/larger than 65536 bytes/)
		await site.close()
	})

	test('a form elsewhere may not exceed 256 KiB; the dashboard takes an image', async () => {
		const site = await serve()
		const big = Buffer.alloc(300_000, 'x')
		expect((await send(site.port, { method: 'POST', path: '/contact', body: big })).status).toBe(413)
		expect((await send(site.port, { method: 'POST', path: '/dashboard/hero', body: big })).status).toBe(200)
		await site.close()
	})

	test('a form body without a declared length gets 411 instead of being read without bound; the API measures its own', async () => {
		const site = await serve()
		const chunked = { 'Transfer-Encoding': 'chunked', 'Content-Type': 'application/x-www-form-urlencoded' }
		for (const path of ['/contact', '/dashboard/hero', '/login']) {
			const answer = await send(site.port, { method: 'POST', path, headers: chunked, body: Buffer.alloc(2_000_000, 'x') })
			expect(answer.status, path).toBe(411)
			expect(answer.headers.connection, path).toBe('close')
		}
		// The API's own reader measures a chunked body and stops at its limit (json-body.server.test.ts): it is let through.
		const api = await send(site.port, {
			method: 'POST',
			path: '/api/leads',
			headers: { 'Transfer-Encoding': 'chunked', 'Content-Type': 'application/json' },
			body: Buffer.alloc(300_000, 'x'),
		})
		expect(api.status).toBe(200)
		await site.close()
	})
})

describe('security headers', () => {
	test('every page gets a CSP with a fresh nonce, and HSTS when the site is https', async () => {
		const site = await serve()
		const first = await send(site.port, { path: '/' })
		const second = await send(site.port, { path: '/' })
		const nonce = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1]
		expect(first.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/)
		expect(first.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
		expect(nonce(first.headers['content-security-policy'])).not.toBe(nonce(second.headers['content-security-policy']))
		expect(first.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
		expect(first.headers['x-content-type-options']).toBe('nosniff')
		await site.close()
	})

	test('no HSTS on a plain-http site (a browser would refuse the site afterwards)', async () => {
		const site = await serve({ config: { ...services.config, baseUrl: 'http://localhost:3000' } })
		expect((await send(site.port, { path: '/' })).headers['strict-transport-security']).toBeUndefined()
		await site.close()
	})
})

describe('security headers on every answer', () => {
	/** The headers every answer must carry, with the CSP's per-request nonce left out. */
	const securityHeadersOf = (headers: http.IncomingHttpHeaders) => ({
		csp: String(headers['content-security-policy'] ?? '').replace(/'nonce-[^']+'/, "'nonce'"),
		nosniff: headers['x-content-type-options'],
		referrer: headers['referrer-policy'],
		frames: headers['x-frame-options'],
		opener: headers['cross-origin-opener-policy'],
		permissions: headers['permissions-policy'],
		hsts: headers['strict-transport-security'],
	})

	test('health checks, 411, 413, static files, a 404 and an unanswered error carry the same headers as a page', async () => {
		const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'http-app-static-'))
		fs.mkdirSync(path.join(staticDir, 'assets'))
		fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)')
		fs.writeFileSync(path.join(staticDir, 'favicon.ico'), 'icon')
		const build = (lifecycle: { draining: boolean }) =>
			createHttpApp({
				services,
				lifecycle,
				staticDir,
				reactRouter: (req, res, next) => {
					if (req.path === '/broken') return next(new Error('the build failed to load'))
					if (req.path === '/bad-request') return next(Object.assign(new Error('bad'), { status: 400 }))
					res.status(req.path === '/' ? 200 : 404).send('page')
				},
			})
		const listen = async (lifecycle: { draining: boolean }) => {
			const server = build(lifecycle).listen(0, '127.0.0.1')
			await new Promise((resolve) => server.once('listening', resolve))
			return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(resolve)) }
		}
		const site = await listen({ draining: false })
		const draining = await listen({ draining: true })
		try {
			const page = await send(site.port, { path: '/' })
			const expected = securityHeadersOf(page.headers)
			expect(expected.csp).toContain("frame-ancestors 'none'")
			expect(expected.hsts).toBeDefined()
			const answers: Array<[string, number, Promise<Answer>]> = [
				['/healthz', 200, send(site.port, { path: '/healthz' })],
				['/healthz while shutting down', 503, send(draining.port, { path: '/healthz' })],
				[
					'411',
					411,
					send(site.port, { method: 'POST', path: '/contact', headers: { 'Transfer-Encoding': 'chunked' }, body: Buffer.from('a=b') }),
				],
				['413', 413, send(site.port, { method: 'POST', path: '/contact', body: Buffer.alloc(300_000, 'x') })],
				['413 of the API', 413, send(site.port, { method: 'POST', path: '/api/leads', body: Buffer.alloc(300_000, 'x') })],
				['a static asset', 200, send(site.port, { path: '/assets/app.js' })],
				['a static file', 200, send(site.port, { path: '/favicon.ico' })],
				['a missing asset (404)', 404, send(site.port, { path: '/assets/missing.js' })],
				['a folder of static files', 404, send(site.port, { path: '/assets' })],
				['an error nothing answered', 500, send(site.port, { path: '/broken' })],
				['a client error nothing answered', 400, send(site.port, { path: '/bad-request' })],
			]
			for (const [label, status, pending] of answers) {
				const answer = await pending
				expect(answer.status, label).toBe(status)
				expect(securityHeadersOf(answer.headers), label).toEqual(expected)
			}
		} finally {
			await site.close()
			await draining.close()
			fs.rmSync(staticDir, { recursive: true, force: true })
		}
	})
})
