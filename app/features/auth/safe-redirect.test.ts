import { describe, expect, test } from 'vitest'
import { safeRedirect } from './safe-redirect.ts'

describe('safeRedirect: the return address after signing in stays on this site', () => {
	test.each([
		['/dashboard/leads', '/dashboard/leads'],
		['/dashboard/leads?status=new&q=Jane%20Doe', '/dashboard/leads?status=new&q=Jane%20Doe'],
		['/dashboard/security?required=1#setup', '/dashboard/security?required=1#setup'],
		['/dashboard/../dashboard/users', '/dashboard/users'],
		// A letter beyond ASCII, percent-encoded, is a path like any other.
		['/dashboard/leads/%C3%A9', '/dashboard/leads/%C3%A9'],
	])('keeps the path %j', (target, expected) => {
		expect(safeRedirect(target)).toBe(expected)
	})

	// Each of these, or what a browser makes of it, leaves the site or breaks the Location header.
	test.each([
		['nothing', null],
		['empty', ''],
		['tab after the slash', '/\t/evil.example/phish'],
		['CR', '/\r/evil.example'],
		['LF', '/\n/evil.example'],
		['CR LF header splitting', '/dashboard\r\nSet-Cookie: x=1'],
		['NUL', '/dashboard\u0000'],
		['C1 control', '/dashboard\u0085'],
		['space', '/ /evil.example'],
		['backslash after the slash', '/\\evil.example'],
		['backslash later', '/dashboard\\..\\..\\evil'],
		['protocol-relative', '//evil.example'],
		['three slashes', '///evil.example'],
		['absolute https', 'https://evil.example/phish'],
		['absolute same-looking', 'http://localhost:3000.evil.example/'],
		['scheme-relative without slash', 'evil.example'],
		['javascript:', 'javascript:alert(1)'],
		['data:', 'data:text/html,<script>alert(1)</script>'],
		['non-Latin-1', '/dashboard/\u2028evil'],
		['non-Latin-1 letter', '/dashbоard'],
		['Latin-1 letter', '/dashboard/é'],
		['encoded tab', '/%09/evil.example'],
		['encoded CR LF', '/%0d%0a/evil.example'],
		['encoded slash', '/%2F/evil.example'],
		['encoded slash, upper case', '/%2f%2fevil.example'],
		['encoded backslash', '/%5Cevil.example'],
		['broken percent-encoding', '/%E0%A4%A'],
		['userinfo trick', '//dashboard@evil.example'],
	])('%s falls back to the dashboard', (_label, target) => {
		expect(safeRedirect(target)).toBe('/dashboard')
	})

	test('the fallback can be chosen', () => {
		expect(safeRedirect('//evil.example', '/')).toBe('/')
	})
})
