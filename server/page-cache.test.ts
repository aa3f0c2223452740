import crypto from 'node:crypto'
import http from 'node:http'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import express from 'express'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { pageCache } from './page-cache.ts'
import { securityHeaders } from './security-headers.ts'

let version = 'v1'
let renders = 0
let status = 200
/** What a prefix page (/verify/...) says of its own freshness; null: nothing. */
let ownCacheControl: string | null = null
let closeServer: (() => Promise<unknown>) | null = null
let cache: ReturnType<typeof pageCache>
// The garbage collector, so a test can count what is really kept.
v8.setFlagsFromString('--expose-gc')

/** A stand-in for React Router: a page whose scripts carry the request's nonce, rendered once per call. */
async function serve(options: { maxBytes?: number } = {}) {
	renders = 0
	const app = express()
	app.use(securityHeaders({ isProduction: true, https: false }))
	cache = pageCache({
		content: { version: async () => version },
		pages: new Map([
			['/', []],
			['/dscr-loans', []],
			['/dscr-calculator', ['monthlyRent', 'loanAmount']],
		]),
		prefixes: ['/verify/'],
		...options,
	})
	app.use(cache)
	app.use((req, res) => {
		renders++
		const nonce = res.locals.nonce as string
		res.status(status).type('html')
		if (req.path.startsWith('/verify/') && ownCacheControl) res.setHeader('Cache-Control', ownCacheControl)
		// Like React Router, the page prints what it was rendered for (a form's action keeps the query).
		res.write(`<!DOCTYPE html><html><body><h1>${req.path} ${version}</h1><form action="${req.originalUrl}"></form>`)
		res.end(`<script nonce="${nonce}">1</script><script nonce="${nonce}">2</script></body></html>`)
	})
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	closeServer = () => new Promise((resolve) => server.close(resolve))
	return (server.address() as AddressInfo).port
}
afterEach(async () => {
	await closeServer?.()
	version = 'v1'
	status = 200
	ownCacheControl = null
	vi.useRealTimers()
})

function get(port: number, path: string, headers: Record<string, string> = {}) {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
		http
			.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => {
					const raw = Buffer.concat(chunks)
					const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw).toString() : raw.toString()
					resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
				})
			})
			.on('error', reject)
	})
}

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))![1]!

describe('render cache for public pages (docs/decisions/0019)', () => {
	test('a page is rendered once, and every answer carries a fresh nonce in its header and its scripts', async () => {
		const port = await serve()
		const first = await get(port, '/dscr-loans')
		const second = await get(port, '/dscr-loans')
		expect(renders).toBe(1)
		const [a, b] = [nonceOf(first.headers['content-security-policy']), nonceOf(second.headers['content-security-policy'])]
		expect(a).not.toBe(b)
		expect(second.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${b}"`, `nonce="${b}"`])
		expect(second.body.replaceAll(b, a)).toBe(first.body)
		expect(second.headers['cache-control']).toBe('public, no-cache')
	})

	test('a matching If-None-Match gets 304 without a new CSP (the stored copy keeps its own nonce)', async () => {
		const port = await serve()
		await get(port, '/')
		const cached = await get(port, '/')
		expect(cached.headers.etag).toMatch(/^W\/"/)
		const revalidated = await get(port, '/', { 'If-None-Match': cached.headers.etag! })
		expect(revalidated.status).toBe(304)
		expect(revalidated.body).toBe('')
		expect(revalidated.headers['content-security-policy']).toBeUndefined()
		expect(renders).toBe(1)
	})

	test('a content change renders the page again', async () => {
		const port = await serve()
		await get(port, '/')
		version = 'v2'
		const after = await get(port, '/')
		expect(after.body).toContain('/ v2')
		expect(renders).toBe(2)
	})

	test('staff sessions, other paths and answers other than 200 are not served from the cache', async () => {
		const port = await serve()
		await get(port, '/')
		await get(port, '/', { Cookie: 'better-auth.session_token=abc' })
		expect(renders).toBe(2)
		// Over https the session cookie is named `__Host-better-auth.…` (docs/decisions/0076).
		await get(port, '/', { Cookie: 'theme=dark; __Host-better-auth.session_token=abc' })
		expect(renders).toBe(3)
		await get(port, '/contact')
		await get(port, '/contact')
		expect(renders).toBe(5)
		status = 503
		await get(port, '/dscr-loans')
		await get(port, '/dscr-loans')
		expect(renders).toBe(7)
	})

	test('a click id or campaign tag never changes the cached body or costs a render, and is never printed in the page', async () => {
		const port = await serve()
		await get(port, '/dscr-loans')
		const plain = await get(port, '/dscr-loans')
		expect(plain.headers.etag).toBeDefined()
		const nonce = nonceOf(plain.headers['content-security-policy'])
		for (const query of [
			'gclid=Cj0KCQ-abc',
			'fbclid=IwAR-1',
			'msclkid=9f8e',
			'utm_source=google&utm_medium=cpc&utm_campaign=dscr',
			'made_up=1',
		]) {
			const ad = await get(port, `/dscr-loans?${query}&gclid=${crypto.randomUUID()}`)
			expect(ad.status).toBe(200)
			expect(ad.body.replaceAll(nonceOf(ad.headers['content-security-policy']), nonce)).toBe(plain.body)
			expect(ad.headers.etag).toBe(plain.headers.etag)
		}
		expect(renders).toBe(1)
		// The first visitor of a URL with a click id gets the page rendered for the plain URL, not for their query.
		const first = await get(port, '/?gclid=first-visitor-secret')
		expect(first.body).toContain('<form action="/">')
		expect(first.body).not.toContain('first-visitor-secret')
		expect((await get(port, '/')).body).not.toContain('first-visitor-secret')
		expect(renders).toBe(2)
	})

	test('a parameter the page declares is part of the key, in its declared order, with other parameters left out', async () => {
		const port = await serve()
		const a = await get(port, '/dscr-calculator?monthlyRent=3500&gclid=one')
		expect(a.body).toContain('<form action="/dscr-calculator?monthlyRent=3500">')
		const b = await get(port, '/dscr-calculator?monthlyRent=4000')
		expect(b.body).toContain('<form action="/dscr-calculator?monthlyRent=4000">')
		expect(renders).toBe(2)
		await get(port, '/dscr-calculator?utm_source=x&monthlyRent=3500')
		await get(port, '/dscr-calculator?loanAmount=1&monthlyRent=3500')
		await get(port, '/dscr-calculator?monthlyRent=3500&loanAmount=1')
		expect(renders).toBe(3)
		// A value nobody would share is rendered but never stored.
		const long = `/dscr-calculator?monthlyRent=${'9'.repeat(200)}`
		await get(port, long)
		await get(port, long)
		expect(renders).toBe(5)
	})

	test('unknown parameters do not grow the cache, and its bytes stay under the bound', async () => {
		const port = await serve({ maxBytes: 4_000 })
		for (let visit = 0; visit < 50; visit++) await get(port, `/?gclid=${visit}&x${visit}=${visit}`)
		expect(cache.stats().entries).toBe(1)
		for (let rent = 0; rent < 200; rent++) await get(port, `/dscr-calculator?monthlyRent=${rent}`)
		expect(cache.stats().bytes).toBeLessThanOrEqual(4_000)
		expect(cache.stats().entries).toBeLessThan(200)
	})

	test('the bytes counted are the memory the entries really hold, however many unique pages arrive', async () => {
		const gc = runInNewContext('gc') as () => void
		const maxBytes = 200_000
		const port = await serve({ maxBytes })
		// Memory outside the heap is given back once collected buffers are finalised, a turn of the event loop
		// later: collect and wait a few times (one collection alone read the requests' socket buffers too).
		const arrayBuffers = async () => {
			for (let round = 0; round < 5; round++) {
				gc()
				await new Promise((resolve) => setTimeout(resolve, 20))
			}
			return process.memoryUsage().arrayBuffers
		}
		await get(port, '/dscr-calculator?monthlyRent=warm-up')
		const before = await arrayBuffers()
		for (let rent = 0; rent < 400; rent++) await get(port, `/dscr-calculator?monthlyRent=${rent}`)
		expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes)
		// Each entry's gzip pieces (three per page here) are bytes outside the JavaScript heap: they must stay
		// within the budget too (zlib's own output chunks held 16 KB or more per piece: 20 MB here before 0063).
		expect((await arrayBuffers()) - before).toBeLessThanOrEqual(maxBytes)
	})

	test('a page in use stays cached while one-off URLs come and go', async () => {
		const port = await serve({ maxBytes: 6_000 })
		await get(port, '/')
		for (let rent = 0; rent < 100; rent++) {
			await get(port, `/dscr-calculator?monthlyRent=${rent}`)
			await get(port, '/')
		}
		expect(renders).toBe(101)
	})

	test('a cached page is sent gzipped without compressing it again, with the fresh nonce inside', async () => {
		const port = await serve()
		const plain = await get(port, '/')
		const zipped = await get(port, '/', { 'Accept-Encoding': 'gzip, deflate, br' })
		expect(zipped.headers['content-encoding']).toBe('gzip')
		const nonce = nonceOf(zipped.headers['content-security-policy'])
		expect(zipped.body).toContain(`<script nonce="${nonce}">1</script>`)
		expect(zipped.body.replaceAll(nonce, nonceOf(plain.headers['content-security-policy']))).toBe(plain.body)
		expect(renders).toBe(1)
	})
})

describe('prefix pages kept as long as their own answer says (docs/decisions/0095)', () => {
	test('a page that allows a minute is rendered once, and its max-age counts down', async () => {
		ownCacheControl = 'public, max-age=60'
		vi.useFakeTimers({ toFake: ['Date'] })
		const port = await serve()
		const first = await get(port, '/verify/ABCDE12345')
		expect(first.headers['cache-control']).toBe('public, max-age=60')
		vi.setSystemTime(Date.now() + 20_000)
		const second = await get(port, '/verify/ABCDE12345')
		expect(renders).toBe(1)
		const nonces = [first, second].map((answer) => nonceOf(answer.headers['content-security-policy']))
		expect(second.body).toBe(first.body.replaceAll(nonces[0]!, nonces[1]!))
		expect(second.headers['cache-control']).toBe('public, max-age=40')
		// A minute after it was stored, it is rendered again.
		vi.setSystemTime(Date.now() + 40_001)
		await get(port, '/verify/ABCDE12345')
		expect(renders).toBe(2)
	})

	test('a page that allows 5 seconds (a sheet about to expire) is kept 5 seconds', async () => {
		ownCacheControl = 'public, max-age=5'
		vi.useFakeTimers({ toFake: ['Date'] })
		const port = await serve()
		await get(port, '/verify/ABCDE12345')
		vi.setSystemTime(Date.now() + 4_000)
		await get(port, '/verify/ABCDE12345')
		expect(renders).toBe(1)
		vi.setSystemTime(Date.now() + 1_001)
		await get(port, '/verify/ABCDE12345')
		expect(renders).toBe(2)
	})

	test('a page that allows nothing (not found, refused) is never kept; a content change renders again', async () => {
		ownCacheControl = 'no-store'
		const port = await serve()
		for (const _ of [1, 2]) expect((await get(port, '/verify/ZZZZZZZZZZ')).headers['cache-control']).toBe('no-store')
		expect(renders).toBe(2)
		ownCacheControl = 'public, max-age=60'
		await get(port, '/verify/ABCDE12345')
		await get(port, '/verify/ABCDE12345')
		expect(renders).toBe(3)
		version = 'v2'
		await get(port, '/verify/ABCDE12345')
		expect(renders).toBe(4)
	})
})
