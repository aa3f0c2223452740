import { describe, expect, test } from 'vitest'
import { authCookieOptions, hasAuthCookie } from './auth-cookies.server.ts'
import { cookiesOf, forwardCookies } from './forward-cookies.server.ts'

describe('the auth cookies’ names (docs/decisions/0076)', () => {
	test('an auth cookie is recognised under each of its names, first or after another cookie', () => {
		for (const header of [
			'better-auth.session_token=abc',
			'__Secure-better-auth.session_token=abc',
			'__Host-better-auth.session_token=abc',
			'theme=dark; __Secure-better-auth.session_token=abc',
			'theme=dark;better-auth.two_factor=abc',
		])
			expect(hasAuthCookie(header), header).toBe(true)
		for (const header of ['', 'theme=dark', 'notbetter-auth.session_token=abc', 'theme=better-auth.session_token'])
			expect(hasAuthCookie(header), header).toBe(false)
	})

	test('over https they are __Host- cookies: Secure, Path=/, no Domain; over http better-auth’s own', () => {
		expect(authCookieOptions('https://lender.example')).toEqual({
			useSecureCookies: false,
			cookiePrefix: '__Host-better-auth',
			defaultCookieAttributes: { secure: true, path: '/' },
		})
		expect(authCookieOptions('http://localhost:3000')).toEqual({})
	})
})

describe('the cookies of an auth answer', () => {
	test('every Set-Cookie is copied, not only the last, and read back as the browser would send them', () => {
		const from = new Response(null, {
			headers: [
				['Set-Cookie', 'better-auth.session_token=abc; Path=/; HttpOnly'],
				['Set-Cookie', 'better-auth.dont_remember=def; Path=/; HttpOnly'],
			],
		})
		const to = forwardCookies(from, new Headers({ 'Set-Cookie': 'theme=dark; Path=/' }))
		expect(to.getSetCookie()).toEqual([
			'theme=dark; Path=/',
			'better-auth.session_token=abc; Path=/; HttpOnly',
			'better-auth.dont_remember=def; Path=/; HttpOnly',
		])
		expect(cookiesOf(from)).toBe('better-auth.session_token=abc; better-auth.dont_remember=def')
	})
})
