import http from 'node:http'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { pageCache } from './page-cache.ts'
import { securityHeaders } from './security-headers.ts'

let version = 'v1'
let renders = 0
let status = 200
let closeServer: (() => Promise<unknown>) | null = null

/** A stand-in for React Router: a page whose scripts carry the request's nonce, rendered once per call. */
async function serve() {
	renders = 0
	const app = express()
	app.use(securityHeaders({ isProduction: true, https: false }))
	app.use(pageCache({ content: { version: async () => version }, paths: new Set(['/', '/dscr-loans']) }))
	app.use((req, res) => {
		renders++
		const nonce = res.locals.nonce as string
		res.status(status).type('html')
		res.write(`<!DOCTYPE html><html><body><h1>${req.path} ${version}</h1>`)
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

	test('staff sessions, other paths, other queries and answers other than 200 are not served from the cache', async () => {
		const port = await serve()
		await get(port, '/')
		await get(port, '/', { Cookie: 'better-auth.session_token=abc' })
		expect(renders).toBe(2)
		await get(port, '/?utm_source=tv')
		expect(renders).toBe(3)
		await get(port, '/contact')
		await get(port, '/contact')
		expect(renders).toBe(5)
		status = 503
		await get(port, '/dscr-loans')
		await get(port, '/dscr-loans')
		expect(renders).toBe(7)
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
