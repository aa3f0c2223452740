import type { AddressInfo } from 'node:net'
import express from 'express'
import { describe, expect, test } from 'vitest'
import { securityHeaders } from './security-headers.ts'

/** The headers one answer of a bare app behind securityHeaders carries, and the nonce the page was given. */
async function answer(options: Parameters<typeof securityHeaders>[0]) {
	const app = express()
	app.disable('x-powered-by')
	app.use(securityHeaders(options))
	app.get('/', (_req, res) => {
		res.send(String(res.locals.nonce))
	})
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	try {
		const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
		return { headers: response.headers, nonce: await response.text() }
	} finally {
		await new Promise((resolve) => server.close(resolve))
	}
}

/** The CSP as directive name → value, in the header's order (a separator's spacing is not part of the policy). */
const directives = (csp: string | null) =>
	Object.fromEntries(
		String(csp)
			.split(';')
			.map((part) => part.trim())
			.filter(Boolean)
			.map((part) => {
				const [name, ...values] = part.split(/\s+/)
				return [name, values.join(' ')]
			}),
	)

describe('the security headers, literally (docs/decisions/0083)', () => {
	test('production over https: the nonce policy, no framing, HSTS', async () => {
		const { headers, nonce } = await answer({ isProduction: true, https: true })
		expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
		expect(directives(headers.get('content-security-policy'))).toEqual({
			'default-src': "'self'",
			'script-src': `'self' 'nonce-${nonce}'`,
			'style-src': "'self' 'unsafe-inline'",
			'img-src': "'self' data: https:",
			'font-src': "'self'",
			'connect-src': "'self'",
			'frame-src': 'https://www.openstreetmap.org',
			'frame-ancestors': "'none'",
			'base-uri': "'self'",
			'form-action': "'self'",
			'object-src': "'none'",
		})
		expect(Object.keys(directives(headers.get('content-security-policy')))[0]).toBe('default-src')
		expect(headers.get('x-content-type-options')).toBe('nosniff')
		expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
		expect(headers.get('x-frame-options')).toBe('DENY')
		expect(headers.get('cross-origin-opener-policy')).toBe('same-origin')
		expect(headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=()')
		expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
	})

	test('every answer gets a fresh nonce', async () => {
		const [first, second] = [await answer({ isProduction: true, https: true }), await answer({ isProduction: true, https: true })]
		expect(first.nonce).not.toBe(second.nonce)
		expect(second.headers.get('content-security-policy')).toContain(`'nonce-${second.nonce}'`)
	})

	test('plain http: no HSTS (a browser would refuse the site afterwards); nothing else is sent besides the policy', async () => {
		const { headers } = await answer({ isProduction: true, https: false })
		expect(headers.get('strict-transport-security')).toBeNull()
		// Only what the policy names: none of the other headers a library could add on its own.
		for (const name of [
			'cross-origin-embedder-policy',
			'cross-origin-resource-policy',
			'origin-agent-cluster',
			'x-dns-prefetch-control',
			'x-download-options',
			'x-permitted-cross-domain-policies',
			'x-xss-protection',
			'x-powered-by',
			'content-security-policy-report-only',
		])
			expect(headers.get(name), name).toBeNull()
		expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests')
	})

	test("development: Vite's inline scripts and its socket are allowed; a scheduling page may be framed", async () => {
		const { headers } = await answer({ isProduction: false, https: false, schedulingUrl: 'https://calendly.com/lender/call?x=1' })
		const csp = directives(headers.get('content-security-policy'))
		expect(csp['script-src']).toBe("'self' 'unsafe-inline' 'unsafe-eval'")
		expect(csp['connect-src']).toBe("'self' ws: wss:")
		expect(csp['frame-src']).toBe('https://www.openstreetmap.org https://calendly.com')
		expect(headers.get('x-frame-options')).toBe('DENY')
	})
})
