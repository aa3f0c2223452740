import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { leadTokenKeyFrom } from './completion-token.server.ts'
import { issueReturnToken, readReturnToken, returnLinkKeyFrom } from './return-link.server.ts'

/** docs/decisions/0096: the return link is signed with a key of its own, derived from the completion tokens' key. */

const leadId = '8d6a4f0e-3b7c-4e51-9a2d-6f1e0c9b7a33'
const completionKey = leadTokenKeyFrom('a-server-secret-of-at-least-32-characters')

describe('the return link’s key', () => {
	test('is never the completion tokens’ key itself: a link signed with that key opens nothing', () => {
		const linkKey = returnLinkKeyFrom(completionKey)
		expect(linkKey.equals(completionKey)).toBe(false)
		expect(readReturnToken(linkKey, issueReturnToken(completionKey, leadId))).toBeNull()
		expect(readReturnToken(linkKey, issueReturnToken(linkKey, leadId))).toMatchObject({ leadId })
	})

	test('is the same after a restart (derived from the same secret), and another secret’s links open nothing', () => {
		const again = returnLinkKeyFrom(leadTokenKeyFrom('a-server-secret-of-at-least-32-characters'))
		expect(again.equals(returnLinkKeyFrom(completionKey))).toBe(true)
		const other = returnLinkKeyFrom(crypto.randomBytes(32))
		expect(readReturnToken(returnLinkKeyFrom(completionKey), issueReturnToken(other, leadId))).toBeNull()
	})
})

describe('a link already sent', () => {
	// docs/decisions/0096: nothing is stored for a link, so one in yesterday's e-mail opens its lead only while the key
	// is derived, and the token laid out and signed, exactly as when it was issued. A fixed link of a fixed secret.
	const issuedAt = new Date(Date.UTC(2026, 10, 1, 12))
	const sent = 'jWpPDjt8TlGaLW8eDJt6M2rnKcA.YJgWzOkTTsn-IJpF-9Bqew'

	test('is the same token when issued again from the same secret, lead and second', () => {
		expect(issueReturnToken(returnLinkKeyFrom(completionKey), leadId, issuedAt)).toBe(sent)
	})

	test('still reads as its lead and the second it was issued', () => {
		expect(readReturnToken(returnLinkKeyFrom(completionKey), sent)).toEqual({ leadId, issuedAt: Date.UTC(2026, 10, 1, 12) / 1000 })
	})
})
