import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { passkeys, rateLimits, sessions, verifications } from '#db/schema.ts'
import { confirmWithPasskey } from '#app/features/auth/passkey-step-up.server.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { STEP_UP_LIMIT, confirmRecentAuth } from '#app/features/auth/step-up.server.ts'
import { lastActivity } from '../../../tests/activity-entries.ts'
import { ORIGIN, registerPasskey } from '../../../tests/passkey-harness.ts'
import { type SeededApp, openSeededApp, routeContext } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { SoftwareAuthenticator } from '../../../tests/webauthn-authenticator.ts'
import { action } from './confirm.passkey.ts'
import { loader as confirmLoader } from './confirm.tsx'

/** docs/decisions/0093: the confirm screen takes one of the account's own passkeys, and makes no new session. */
let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(rateLimits)
})

async function post(cookie: string, fields: Record<string, string>, redirectTo = '/dashboard/users') {
	try {
		return (await action({
			request: staffRequest(`${ORIGIN}/dashboard/confirm/passkey?redirectTo=${encodeURIComponent(redirectTo)}`, cookie, {
				method: 'POST',
				body: new URLSearchParams(fields),
			}),
			context: routeContext(services),
			params: {},
		} as never)) as Response
	} catch (thrown) {
		if (thrown instanceof Response) return thrown
		throw thrown
	}
}

/** The confirmation's ceremony: options for this session, the authenticator's assertion, then `verify`. */
async function confirmWith(
	cookie: string,
	authenticator: SoftwareAuthenticator,
	ceremony: Parameters<SoftwareAuthenticator['authenticate']>[1] = {},
) {
	const options = await post(cookie, { intent: 'options' })
	expect(options.status).toBe(200)
	const assertion = authenticator.authenticate(await options.json(), ceremony)
	return post(cookie, { intent: 'verify', response: JSON.stringify(assertion) })
}

/** A staff account with a passkey, whose sign-in is older than the step-up window. */
async function staleStaffWithPasskey() {
	const staff = await signedInStaff(services, ['admin'])
	const authenticator = new SoftwareAuthenticator()
	expect((await registerPasskey(services, staff.cookie, authenticator, 'Laptop')).status).toBe(200)
	const long = new Date(Date.now() - 10 * 60_000)
	await handle.db.update(sessions).set({ createdAt: long, reauthenticatedAt: null }).where(eq(sessions.userId, staff.user.id))
	return { staff, authenticator }
}

const sessionsOf = (userId: string) => handle.db.select().from(sessions).where(eq(sessions.userId, userId))

describe('confirming with a passkey', () => {
	test('the account’s own passkey confirms the session in use (no new one), goes back, and is logged', async () => {
		const { staff, authenticator } = await staleStaffWithPasskey()
		const before = await sessionsOf(staff.user.id)
		const answer = await confirmWith(staff.cookie, authenticator)
		expect({ status: answer.status, location: answer.headers.get('Location') }).toEqual({ status: 302, location: '/dashboard/users' })
		expect(answer.headers.getSetCookie()).toEqual([])
		const after = await sessionsOf(staff.user.id)
		expect(after.map((session) => session.id)).toEqual(before.map((session) => session.id))
		expect(after[0]!.reauthenticatedAt).not.toBeNull()
		expect(await lastActivity(handle.db, 'auth.step_up', staff.user.id)).toMatchObject({
			details: { passed: true, method: 'passkey' },
		})
	})

	test('the confirmation counts for the session in use only: the account’s session on another device still has to confirm', async () => {
		const { staff, authenticator } = await staleStaffWithPasskey()
		const [inUse] = await sessionsOf(staff.user.id)
		const elsewhere = `other-device-${Math.random().toString(36).slice(2)}`
		await handle.db.insert(sessions).values({ ...inUse!, id: elsewhere, token: `${elsewhere}-token` })
		expect((await confirmWith(staff.cookie, authenticator)).status).toBe(302)
		const after = new Map((await sessionsOf(staff.user.id)).map((session) => [session.id, session.reauthenticatedAt]))
		expect(after.get(inUse!.id)).not.toBeNull()
		expect(after.get(elsewhere)).toBeNull()
	})

	test('a passkey without user verification, or another account’s, does not confirm; the failure is logged', async () => {
		const { staff, authenticator } = await staleStaffWithPasskey()
		const refused = await confirmWith(staff.cookie, authenticator, { userVerified: false })
		expect(refused.status).toBe(400)
		const other = await staleStaffWithPasskey()
		const theirs = await confirmWith(staff.cookie, other.authenticator)
		expect(theirs.status).toBe(400)
		expect((await sessionsOf(staff.user.id))[0]!.reauthenticatedAt).toBeNull()
		expect(await lastActivity(handle.db, 'auth.step_up', staff.user.id)).toMatchObject({
			details: { passed: false, method: 'passkey' },
		})
	})

	test('a challenge belongs to the session that asked for it, and is used once', async () => {
		const { staff, authenticator } = await staleStaffWithPasskey()
		const options = await post(staff.cookie, { intent: 'options' })
		const assertion = JSON.stringify(authenticator.authenticate(await options.json()))
		// Another session of the same account cannot answer it.
		const second = await signedInStaff(services, ['admin'])
		expect((await post(second.cookie, { intent: 'verify', response: assertion })).status).toBe(400)
		expect((await post(staff.cookie, { intent: 'verify', response: assertion })).status).toBe(302)
		expect((await post(staff.cookie, { intent: 'verify', response: assertion })).status).toBe(400)
	})

	test('the confirm screen offers a passkey only to an account that has one; without, it says to use the password and code', async () => {
		const screen = async (cookie: string) =>
			(await confirmLoader({
				request: staffRequest(`${ORIGIN}/dashboard/confirm`, cookie),
				context: routeContext(services),
				params: {},
			} as never)) as { hasPasskey: boolean }
		const { staff } = await staleStaffWithPasskey()
		expect((await screen(staff.cookie)).hasPasskey).toBe(true)
		const without = await signedInStaff(services, ['user'])
		expect((await screen(without.cookie)).hasPasskey).toBe(false)
		const answer = await post(without.cookie, { intent: 'options' })
		expect(answer.status).toBe(400)
	})

	test('wrong answers count against the confirm screen’s limit; past it even the right passkey waits', async () => {
		// 5 wrong answers per 15 minutes per account (docs/decisions/0088, 0093), written out so the loop uses the decision's figure.
		expect(STEP_UP_LIMIT).toEqual({ limit: 5, windowSeconds: 900 })
		const { staff, authenticator } = await staleStaffWithPasskey()
		for (let attempt = 0; attempt < STEP_UP_LIMIT.limit; attempt++)
			expect((await confirmWith(staff.cookie, authenticator, { userVerified: false })).status).toBe(400)
		const waiting = await confirmWith(staff.cookie, authenticator)
		expect(waiting.status).toBe(429)
		// The wait runs to the end of the 15 minutes, not a minute and a half.
		expect(Number(waiting.headers.get('Retry-After'))).toBeGreaterThan(850)
		expect((await waiting.json()).error).toBe('Too many wrong attempts. Please try again in 15 minutes.')
		expect((await sessionsOf(staff.user.id))[0]!.reauthenticatedAt).toBeNull()
	})
})

describe('the confirmation’s challenge and passkeys (docs/decisions/0093)', () => {
	const challengeOf = async (sessionId: string) =>
		handle.db
			.select()
			.from(verifications)
			.where(eq(verifications.identifier, `passkey-step-up:${sessionId}`))

	test('the options name only this account’s passkeys and require user verification; the challenge lasts 5 minutes', async () => {
		const { staff } = await staleStaffWithPasskey()
		// Another account's passkey exists too: it is not offered.
		await staleStaffWithPasskey()
		const asked = Date.now()
		const options = (await (await post(staff.cookie, { intent: 'options' })).json()) as {
			userVerification: string
			allowCredentials: Array<{ id: string }>
		}
		const own = await handle.db.select().from(passkeys).where(eq(passkeys.userId, staff.user.id))
		expect(options.userVerification).toBe('required')
		expect(options.allowCredentials.map((credential) => credential.id)).toEqual(own.map((passkey) => passkey.credentialID))
		const [session] = await sessionsOf(staff.user.id)
		const [challenge] = await challengeOf(session!.id)
		const lasts = challenge!.expiresAt.getTime() - asked
		expect(lasts).toBeGreaterThan(5 * 60_000 - 5_000)
		expect(lasts).toBeLessThanOrEqual(5 * 60_000 + 1_000)
	})

	test('a challenge past its 5 minutes does not confirm', async () => {
		const { staff, authenticator } = await staleStaffWithPasskey()
		const options = await post(staff.cookie, { intent: 'options' })
		const assertion = JSON.stringify(authenticator.authenticate(await options.json()))
		const [session] = await sessionsOf(staff.user.id)
		await handle.db
			.update(verifications)
			.set({ expiresAt: new Date(Date.now() - 1_000) })
			.where(eq(verifications.identifier, `passkey-step-up:${session!.id}`))
		expect((await post(staff.cookie, { intent: 'verify', response: assertion })).status).toBe(400)
		expect((await sessionsOf(staff.user.id))[0]!.reauthenticatedAt).toBeNull()
	})

	test('a confirmation marks the passkey used (its counter and when), and only that one of the account’s passkeys', async () => {
		const { staff, authenticator } = await staleStaffWithPasskey()
		// A second passkey, added while the sign-in is recent; then the session is old again.
		await handle.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, staff.user.id))
		expect((await registerPasskey(services, staff.cookie, new SoftwareAuthenticator(), 'Phone')).status).toBe(200)
		const long = new Date(Date.now() - 10 * 60_000)
		await handle.db.update(sessions).set({ createdAt: long, reauthenticatedAt: null }).where(eq(sessions.userId, staff.user.id))
		expect((await confirmWith(staff.cookie, authenticator)).status).toBe(302)
		const rows = new Map((await handle.db.select().from(passkeys).where(eq(passkeys.userId, staff.user.id))).map((row) => [row.name, row]))
		expect(rows.get('Laptop')).toMatchObject({ counter: 1, lastUsedAt: expect.any(Date) })
		expect(rows.get('Phone')).toMatchObject({ counter: 0, lastUsedAt: null })
	})

	test('a right passkey is not counted against the limit: after it, a fifth wrong answer is still only wrong', async () => {
		const { staff, authenticator } = await staleStaffWithPasskey()
		for (let attempt = 0; attempt < 4; attempt++)
			expect((await confirmWith(staff.cookie, authenticator, { userVerified: false })).status).toBe(400)
		expect((await confirmWith(staff.cookie, authenticator)).status).toBe(302)
		// Four wrong answers so far (decision 0093: 5 per 15 minutes); the right one was given back.
		expect((await confirmWith(staff.cookie, authenticator, { userVerified: false })).status).toBe(400)
		expect((await confirmWith(staff.cookie, authenticator)).status).toBe(429)
	})

	test('a new challenge replaces the older one: only the latest options can be answered', async () => {
		const { staff, authenticator } = await staleStaffWithPasskey()
		const first = await post(staff.cookie, { intent: 'options' })
		const firstAssertion = JSON.stringify(authenticator.authenticate(await first.json()))
		expect((await post(staff.cookie, { intent: 'options' })).status).toBe(200)
		expect((await post(staff.cookie, { intent: 'verify', response: firstAssertion })).status).toBe(400)
		expect((await sessionsOf(staff.user.id))[0]!.reauthenticatedAt).toBeNull()
		const third = await post(staff.cookie, { intent: 'options' })
		const thirdAssertion = JSON.stringify(authenticator.authenticate(await third.json()))
		expect((await post(staff.cookie, { intent: 'verify', response: thirdAssertion })).status).toBe(302)
	})

	test('the limit of 5 is the account’s: shared with the password and code, and with its other sessions', async () => {
		const { staff, authenticator } = await staleStaffWithPasskey()
		for (let attempt = 0; attempt < 5; attempt++)
			expect((await confirmWith(staff.cookie, authenticator, { userVerified: false })).status).toBe(400)
		const request = staffRequest(`${ORIGIN}/dashboard/confirm`, staff.cookie, { method: 'POST' })
		const user = { ...staff.user, sessionId: (await sessionsOf(staff.user.id))[0]!.id } as unknown as StaffUser
		const byPassword = await confirmRecentAuth(services, request, user, { password: staff.password, code: staff.totpCode!() })
		expect(byPassword).toMatchObject({ ok: false, status: 429 })
		// The same account on another device (another session) waits too.
		const elsewhere = { ...user, sessionId: 'another-device-session' } as StaffUser
		expect(await confirmWithPasskey(services, elsewhere, { id: 'whatever' })).toMatchObject({ ok: false, status: 429 })
	})
})
