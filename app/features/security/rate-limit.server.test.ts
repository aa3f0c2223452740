import { describe, expect, test } from 'vitest'
import { rateLimitKey, rateLimitSubject } from './rate-limit.server.ts'

describe('what a limit counts (docs/decisions/0076)', () => {
	test('an IPv6 address counts as its /64, however it is written', () => {
		for (const address of ['2001:db8:a:b::1', '2001:0db8:000a:000b:ffff:1:2:3', '2001:DB8:A:B:0:0:0:9', '2001:db8:a:b::1%eth0'])
			expect(rateLimitSubject(address)).toBe('2001:db8:a:b::/64')
		expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64')
		expect(rateLimitSubject('2001:db8::1.2.3.4')).toBe('2001:db8:0:0::/64')
		expect(rateLimitKey('login', '2001:db8:a:b::1')).toBe(rateLimitKey('login', '2001:db8:a:b:cafe::2'))
		expect(rateLimitKey('login', '2001:db8:a:b::1')).not.toBe(rateLimitKey('login', '2001:db8:a:c::1'))
	})

	test('IPv4, written plainly or mapped into IPv6, is the address itself', () => {
		expect(rateLimitSubject('203.0.113.9')).toBe('203.0.113.9')
		expect(rateLimitSubject('::ffff:203.0.113.9')).toBe('203.0.113.9')
		expect(rateLimitSubject('::ffff:cb00:7109')).toBe('203.0.113.9')
		expect(rateLimitKey('login', '::ffff:203.0.113.9')).toBe(rateLimitKey('login', '203.0.113.9'))
		expect(rateLimitKey('login', '203.0.113.9')).not.toBe(rateLimitKey('login', '203.0.113.10'))
		// Each limit counts apart: the same address under another scope is another key.
		expect(rateLimitKey('two-factor', '203.0.113.9')).not.toBe(rateLimitKey('login', '203.0.113.9'))
		expect(rateLimitKey('login', '203.0.113.9')).toMatch(/^login:[0-9a-f]{32}$/)
	})

	test('what is not an address is kept as it is', () => {
		for (const subject of ['jane@example.com', '550e8400-e29b-41d4-a716-446655440000', '+15551234567', 'unknown'])
			expect(rateLimitSubject(subject)).toBe(subject)
	})
})
