import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { passkeys, rateLimits, sessions, users } from '#db/schema.ts'
import { getStaffUser } from '#app/features/auth/staff-session.server.ts'
import { NO_DASHBOARD_ACCESS, PASSKEY_SIGN_IN_FAILED, PASSKEY_SIGN_IN_LIMIT } from '#app/features/auth/passkeys.server.ts'
import { setStaffDisabled } from '#app/features/users/users.server.ts'
import { lastActivity } from '../../../tests/activity-entries.ts'
import { postPasskeySignIn, registerPasskey, signInWithPasskey, withCookies } from '../../../tests/passkey-harness.ts'
import { type SeededApp, formRequest, openSeededApp, routeContext } from '../../../tests/test-services.ts'
import { signedInStaff } from '../../../tests/staff-session.ts'
import { SoftwareAuthenticator } from '../../../tests/webauthn-authenticator.ts'
import { action as loginAction } from './login.tsx'

/** docs/decisions/0093: "Sign in with a passkey" is a whole sign-in, under every rule of the password's. */
let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(rateLimits)
})

/** A staff account with its app and one passkey on a software authenticator. */
async function withPasskey(roles: Parameters<typeof signedInStaff>[1] = ['admin']) {
	const staff = await signedInStaff(services, roles)
	const authenticator = new SoftwareAuthenticator()
	const added = await registerPasskey(services, staff.cookie, authenticator, 'Laptop')
	expect(added.status).toBe(200)
	return { staff, authenticator }
}

/** The staff member a browser holding these cookies is, for the dashboard. */
const staffOf = (cookie: string) =>
	getStaffUser(new Request('http://localhost:3000/dashboard', { headers: { cookie } }), routeContext(services))

describe('signing in with a passkey', () => {
	test('a right passkey signs in: a session, the dashboard, a known browser, the log says how, the passkey when', async () => {
		const { staff, authenticator } = await withPasskey()
		const answer = await signInWithPasskey(services, authenticator)
		expect({ status: answer.status, location: answer.headers.get('Location') }).toEqual({ status: 302, location: '/dashboard' })
		expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith('known-device='))).toBe(true)
		const user = await staffOf(withCookies('', answer))
		expect(user).toMatchObject({ id: staff.user.id, twoFactorEnabled: true })
		expect(await lastActivity(handle.db, 'auth.signed_in', staff.user.id)).toMatchObject({
			actorId: staff.user.id,
			details: { method: 'passkey' },
		})
		const [stored] = await handle.db.select().from(passkeys).where(eq(passkeys.userId, staff.user.id))
		expect(stored!.lastUsedAt).not.toBeNull()
	})

	test('the options ask for user verification; signing in marks the passkey used and not the account’s others', async () => {
		const options = (await (await postPasskeySignIn(services, '', { intent: 'options' })).json()) as { userVerification: string }
		expect(options.userVerification).toBe('required')
		const { staff, authenticator } = await withPasskey()
		expect((await registerPasskey(services, staff.cookie, new SoftwareAuthenticator(), 'Phone')).status).toBe(200)
		expect((await signInWithPasskey(services, authenticator)).status).toBe(302)
		const used = new Map((await handle.db.select().from(passkeys).where(eq(passkeys.userId, staff.user.id))).map((row) => [row.name, row]))
		expect(used.get('Laptop')!.lastUsedAt).not.toBeNull()
		expect(used.get('Phone')!.lastUsedAt).toBeNull()
	})

	test('the session it makes has the idle timeout of every session', async () => {
		const { authenticator } = await withPasskey()
		const cookie = withCookies('', await signInWithPasskey(services, authenticator))
		const user = await staffOf(cookie)
		const idle = (await services.content.get('settings')).sessionIdleMinutes
		const lastSeenAt = new Date(Date.now() - (idle + 1) * 60_000)
		await handle.db.update(sessions).set({ lastSeenAt, createdAt: lastSeenAt }).where(eq(sessions.id, user!.sessionId))
		expect(await staffOf(cookie)).toBeNull()
	})

	test('a disabled account gets no session; the failure is logged against it', async () => {
		const { staff, authenticator } = await withPasskey(['user'])
		const admin = await signedInStaff(services, ['admin'])
		await setStaffDisabled(services, { ...admin.user, roles: ['admin'], sessionId: 'test', twoFactorEnabled: true }, staff.user.id, true)
		const answer = await signInWithPasskey(services, authenticator)
		expect(answer.status).toBe(403)
		expect(await answer.json()).toEqual({ error: NO_DASHBOARD_ACCESS })
		expect(
			answer.headers.getSetCookie().filter((cookie) => cookie.includes('session_token=') && !cookie.includes('session_token=;')),
		).toEqual([])
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, staff.user.id))).toEqual([])
		expect(await lastActivity(handle.db, 'auth.sign_in_failed', staff.user.id)).toMatchObject({ details: { email: null, step: 'passkey' } })
	})

	test('an account without a staff role keeps no session', async () => {
		const { staff, authenticator } = await withPasskey(['user'])
		await handle.db.update(users).set({ role: null }).where(eq(users.id, staff.user.id))
		const before = await handle.db.select().from(sessions).where(eq(sessions.userId, staff.user.id))
		const answer = await signInWithPasskey(services, authenticator)
		expect(answer.status).toBe(403)
		expect(await answer.json()).toEqual({ error: NO_DASHBOARD_ACCESS })
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, staff.user.id))).toEqual(before)
	})

	test('an assertion without user verification signs nobody in', async () => {
		const { staff, authenticator } = await withPasskey(['user'])
		const answer = await signInWithPasskey(services, authenticator, { userVerified: false })
		expect(answer.status).toBe(401)
		expect(await answer.json()).toEqual({ error: PASSKEY_SIGN_IN_FAILED })
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, staff.user.id))).toHaveLength(1)
		expect(await lastActivity(handle.db, 'auth.sign_in_failed', staff.user.id)).toMatchObject({ details: { step: 'passkey' } })
	})

	test('a passkey the site does not know, or one signed for another site, is refused', async () => {
		const stranger = new SoftwareAuthenticator()
		stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'nobody' } })
		expect((await signInWithPasskey(services, stranger)).status).toBe(401)
		const { authenticator } = await withPasskey(['user'])
		expect((await signInWithPasskey(services, authenticator, { origin: 'http://evil.example' })).status).toBe(401)
	})

	test('an assertion is accepted once: its challenge is spent', async () => {
		const { authenticator } = await withPasskey(['user'])
		const options = await postPasskeySignIn(services, '', { intent: 'options' })
		const assertion = JSON.stringify(authenticator.authenticate(await options.json()))
		const cookie = withCookies('', options)
		expect((await postPasskeySignIn(services, cookie, { intent: 'verify', response: assertion })).status).toBe(302)
		expect((await postPasskeySignIn(services, cookie, { intent: 'verify', response: assertion })).status).toBe(401)
	})

	test('attempts are limited per address, counted before the passkey is checked; a right one is given back', async () => {
		// docs/decisions/0093: the password's rule, 10 attempts per 15 minutes per address.
		expect(PASSKEY_SIGN_IN_LIMIT).toEqual({ limit: 10, windowSeconds: 900 })
		const { authenticator } = await withPasskey(['user'])
		const clientIp = '198.51.100.91'
		// A right one gives its attempt back: as many as the limit, and more, go through.
		for (let attempt = 0; attempt <= PASSKEY_SIGN_IN_LIMIT.limit; attempt++)
			expect((await signInWithPasskey(services, authenticator, { clientIp })).status).toBe(302)
		for (let attempt = 0; attempt < PASSKEY_SIGN_IN_LIMIT.limit; attempt++)
			expect((await postPasskeySignIn(services, '', { intent: 'verify', response: '{"id":"made-up"}' }, clientIp)).status).toBe(401)
		const refused = await signInWithPasskey(services, authenticator, { clientIp })
		expect(refused.status).toBe(429)
		expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
		// Another address is not held back.
		expect((await signInWithPasskey(services, authenticator, { clientIp: '198.51.100.92' })).status).toBe(302)
	})
})

describe('the password of an account with a passkey', () => {
	test('still needs its authenticator code: the password alone gives no session', async () => {
		const { staff } = await withPasskey(['user'])
		const before = await handle.db.select().from(sessions).where(eq(sessions.userId, staff.user.id))
		const answer = (await loginAction({
			request: formRequest('http://localhost:3000/login', { email: staff.email, password: staff.password }),
			context: routeContext(services, { clientIp: '198.51.100.93' }),
			params: {},
		} as never)) as Response
		expect({ status: answer.status, location: answer.headers.get('Location') }).toEqual({ status: 302, location: '/login/two-factor' })
		expect(await staffOf(withCookies('', answer))).toBeNull()
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, staff.user.id))).toEqual(before)
	})
})
