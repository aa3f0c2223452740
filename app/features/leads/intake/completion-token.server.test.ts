import { expect, test } from 'vitest'
import { completionTokenFor, leadTokenKeyFrom } from './completion-token.server.ts'

const key = leadTokenKeyFrom('a-test-secret-of-at-least-32-characters')
const lead = '6f1c2b1e-8a4b-4c55-9f0e-2d7c1a3b4e5f'
const otherLead = '0b9d8c7e-6f5a-4b3c-8d2e-1f0a9b8c7d6e'

test('a completion token made with an Idempotency-Key is the same on a retry, and bound to its lead (docs/decisions/0048)', () => {
	// A retry of the same request answers the token the first caller may already hold.
	expect(completionTokenFor(key, lead, 'key-12345678')).toBe(completionTokenFor(key, lead, 'key-12345678'))
	// The same key for another lead gives another token: a token never opens a lead it was not made for.
	expect(completionTokenFor(key, otherLead, 'key-12345678')).not.toBe(completionTokenFor(key, lead, 'key-12345678'))
	expect(completionTokenFor(key, lead, 'key-87654321')).not.toBe(completionTokenFor(key, lead, 'key-12345678'))
	// Another server's secret gives another token.
	expect(completionTokenFor(leadTokenKeyFrom('another-secret-of-at-least-32-characters'), lead, 'key-12345678')).not.toBe(
		completionTokenFor(key, lead, 'key-12345678'),
	)
})

test('a completion token without an Idempotency-Key is random, 32 bytes', () => {
	const token = completionTokenFor(key, lead, null)
	expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
	expect(completionTokenFor(key, lead, null)).not.toBe(token)
})

test('a token already handed out is answered again after a restart or an upgrade: a fixed key, lead and Idempotency-Key', () => {
	// docs/decisions/0048: only the token's hash is stored, so a retry must derive exactly the token the caller holds.
	expect(completionTokenFor(key, lead, 'key-12345678')).toBe('HIT3bQ9q-IWx8otv0gjZUf1mhtoWwrw9K1fUshEGTSc')
})
