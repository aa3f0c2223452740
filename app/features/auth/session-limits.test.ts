import { expect, test } from 'vitest'
import { sessionEndsAt, sessionLimitEnd, sessionLimitsOf } from './session-limits.ts'

const limits = sessionLimitsOf({ sessionIdleMinutes: 30, sessionLifetimeHours: 7 * 24 })
const at = (iso: string) => new Date(iso)
const signedIn = at('2026-11-20T08:00:00.000Z')
const lastSeen = at('2026-11-27T07:50:00.000Z')

test('a session ends at the first of its idle end, its lifetime end and its stored expiry (docs/decisions/0089)', () => {
	// The lifetime (7 days after sign-in, 08:00) comes before the idle end (08:20).
	expect(sessionLimitEnd({ createdAt: signedIn, lastSeenAt: lastSeen }, limits).toISOString()).toBe('2026-11-27T08:00:00.000Z')
	// Signed in yesterday: the idle end comes first.
	expect(sessionLimitEnd({ createdAt: at('2026-11-26T08:00:00.000Z'), lastSeenAt: lastSeen }, limits).toISOString()).toBe(
		'2026-11-27T08:20:00.000Z',
	)
	// A stored expiry before both (a limit raised after the old one had ended the session) stands.
	expect(
		sessionEndsAt({ createdAt: signedIn, lastSeenAt: lastSeen, expiresAt: at('2026-11-27T07:55:00.000Z') }, limits).toISOString(),
	).toBe('2026-11-27T07:55:00.000Z')
	// One after both: the limits decide.
	expect(
		sessionEndsAt({ createdAt: signedIn, lastSeenAt: lastSeen, expiresAt: at('2026-12-20T00:00:00.000Z') }, limits).toISOString(),
	).toBe('2026-11-27T08:00:00.000Z')
})
