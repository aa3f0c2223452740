import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { rateLimits } from '#db/schema.ts'
import { LOGIN_ACCOUNT_SLOWDOWN, LOGIN_RATE_LIMIT } from '#app/features/auth/login-schema.ts'
import { formRequest, routeContext } from '../../../tests/test-services.ts'
import { secondFactorRequirementOff, signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { action as securityAction } from '../dashboard/security.tsx'
import { action as loginAction } from './login.tsx'
import { call, dataOf, handle, origin, resetTokenFor, resetWith, services, setUpAuthApp } from '../../../tests/auth-hardening-harness.ts'

// Counts every password check better-auth makes, with the real Argon2id verification behind it.
const passwordChecks = vi.hoisted(() => ({ count: 0 }))
vi.mock('#app/features/auth/password-hash.server.ts', async (importOriginal) => {
	const original = await importOriginal<typeof import('#app/features/auth/password-hash.server.ts')>()
	return {
		...original,
		verifyPassword: async (input: { hash: string; password: string }) => {
			passwordChecks.count++
			return original.verifyPassword(input)
		},
	}
})

/** Sign-in limits per address and per account, and the password check of two-factor enrolment (docs/decisions/0046, 0076). */

setUpAuthApp()

describe('the sign-in limit', () => {
	test(`${LOGIN_RATE_LIMIT.limit * 10} wrong passwords at once from one address: exactly ${LOGIN_RATE_LIMIT.limit} are checked`, async () => {
		// 10 failed sign-ins per 15 minutes per address (docs/decisions/0046, 0076), written out so the loops below use the decision's figure.
		expect(LOGIN_RATE_LIMIT).toEqual({ limit: 10, windowSeconds: 900 })
		const { email } = await signedInStaff(services, ['admin'])
		await handle.db.delete(rateLimits)
		passwordChecks.count = 0
		const attempts = Array.from({ length: LOGIN_RATE_LIMIT.limit * 10 }, (_, index) =>
			call(
				loginAction,
				formRequest(`${origin}/login`, { email, password: `wrong-password-${index}` }),
				routeContext(services, { clientIp: '203.0.113.150' }),
			),
		)
		const statuses = (await Promise.all(attempts)).map((result) => dataOf(result).init?.status)
		expect(passwordChecks.count).toBe(LOGIN_RATE_LIMIT.limit)
		expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_RATE_LIMIT.limit)
		expect(statuses.filter((status) => status === 429)).toHaveLength(LOGIN_RATE_LIMIT.limit * 9)
	})
})

describe('the per-account sign-in slowdown (docs/decisions/0076)', () => {
	const attempt = (email: string, password: string, clientIp: string) =>
		call(loginAction, formRequest(`${origin}/login`, { email, password }), routeContext(services, { clientIp })).then(dataOf)
	/** The status of a sign-in that succeeds (a redirect, returned as a Response). */
	const signInStatus = (email: string, password: string, clientIp: string) =>
		call(loginAction, formRequest(`${origin}/login`, { email, password }), routeContext(services, { clientIp })).then(
			(result) => (result as Response).status,
		)

	test('40 wrong passwords for one account from 40 addresses: only the free ones are checked, then even the right one waits', async () => {
		// Twenty free: twice what one address may try, then 30 seconds doubled up to 15 minutes, forgotten after a day.
		expect(LOGIN_ACCOUNT_SLOWDOWN).toEqual({ free: 20, baseSeconds: 30, maxSeconds: 900, forgetSeconds: 86_400 })
		const { email, password } = await signedInStaff(services, ['admin'])
		passwordChecks.count = 0
		const answers = await Promise.all(
			Array.from({ length: 40 }, (_, index) => attempt(email, `wrong-password-${index}`, `198.51.100.${index + 1}`)),
		)
		expect(passwordChecks.count).toBe(LOGIN_ACCOUNT_SLOWDOWN.free)
		expect(answers.filter((answer) => answer.init?.status === 401)).toHaveLength(LOGIN_ACCOUNT_SLOWDOWN.free)
		const slowed = answers.filter((answer) => answer.init?.status === 429)
		expect(slowed).toHaveLength(40 - LOGIN_ACCOUNT_SLOWDOWN.free)
		expect(slowed[0]!.data.error).toBe(
			'Too many failed sign-ins for this account. Please try again in 1 minute, or reset your password with "Forgot your password?".',
		)
		expect(new Headers(slowed[0]!.init?.headers).get('Retry-After')).toMatch(/^([1-9]|[12]\d|30)$/)

		// From yet another address, the right password waits too: it is not checked.
		const right = await attempt(email, password, '192.0.2.77')
		expect(right.init?.status).toBe(429)
		expect(passwordChecks.count).toBe(LOGIN_ACCOUNT_SLOWDOWN.free)
		// Another account is not slowed down.
		const colleague = await signedInStaff(services, ['admin'])
		expect(await signInStatus(colleague.email, colleague.password, '192.0.2.78')).toBe(302)

		// The reset link by e-mail still works, and signing in with the new password needs no wait.
		const token = await resetTokenFor(email)
		expect(await resetWith(token, 'Fresh-Passphrase-After-Attack-5')).toMatchObject({ done: true })
		expect(await signInStatus(email, 'Fresh-Passphrase-After-Attack-5', '192.0.2.79')).toBe(302)
	})

	test('the browser the owner signed in from before is not held back by an attack on the account, and has a limit of its own', async () => {
		const { email, password } = await signedInStaff(services, ['admin'])
		const victim = await signedInStaff(services, ['admin'])
		const withCookie = (cookie: string, account: string, secret: string, clientIp: string) => {
			const request = formRequest(`${origin}/login`, { email: account, password: secret })
			request.headers.set('Cookie', cookie)
			return call(loginAction, request, routeContext(services, { clientIp }))
		}
		// The owner signs in once: the answer marks the browser as known to the account.
		const first = (await call(
			loginAction,
			formRequest(`${origin}/login`, { email, password }),
			routeContext(services, { clientIp: '192.0.2.90' }),
		)) as Response
		const knownCookie = first.headers.getSetCookie().find((cookie) => cookie.startsWith('known-device='))!
		// Known for a year after this sign-in, and never readable by a script.
		expect(knownCookie).toMatch(/^known-device=[\w-]+\.[\w-]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/)
		const known = knownCookie.split(';')[0]!
		expect(known).toMatch(/^known-device=[\w-]+\.[\w-]+$/)
		// Strangers guess the password of both accounts from many addresses.
		for (const account of [email, victim.email])
			await Promise.all(Array.from({ length: 40 }, (_, index) => attempt(account, `wrong-${index}`, `198.51.100.${index + 50}`)))
		expect((await attempt(email, password, '192.0.2.91')).init?.status).toBe(429)
		// The owner's browser signs in at once.
		expect(((await withCookie(known, email, password, '192.0.2.92')) as Response).status).toBe(302)
		// The cookie is the account's: it does not help with another account, and a forged one helps with none.
		expect(dataOf(await withCookie(known, victim.email, victim.password, '192.0.2.93')).init?.status).toBe(429)
		const forged = known.replace(/\.[\w-]+$/, '.AAAA')
		expect(dataOf(await withCookie(forged, email, password, '192.0.2.94')).init?.status).toBe(429)
		// Stolen, the cookie gives no endless guesses: the browser has its own slowdown.
		passwordChecks.count = 0
		const guesses = await Promise.all(
			Array.from({ length: 30 }, (_, index) => withCookie(known, email, `wrong-${index}`, `203.0.113.${index + 60}`).then(dataOf)),
		)
		expect(passwordChecks.count).toBe(LOGIN_ACCOUNT_SLOWDOWN.free)
		expect(guesses.filter((answer) => answer.init?.status === 429)).toHaveLength(30 - LOGIN_ACCOUNT_SLOWDOWN.free)
	})

	test('the wait doubles with each failure past the free ones, and a success clears the count', async () => {
		const { email, password } = await signedInStaff(services, ['admin'])
		const key = rateLimitKey('login-account', email)
		for (let index = 0; index < LOGIN_ACCOUNT_SLOWDOWN.free; index++)
			expect((await attempt(email, 'wrong-password', `198.51.100.${index + 100}`)).init?.status).toBe(401)
		const waitAfter = async (failures: number) => {
			// As if the last failure were long enough ago: the next attempt is checked, and fails.
			await handle.db
				.update(rateLimits)
				.set({ count: failures, windowStartedAt: new Date(Date.now() - LOGIN_ACCOUNT_SLOWDOWN.maxSeconds * 1000) })
				.where(eq(rateLimits.key, key))
			expect((await attempt(email, 'wrong-password', '198.51.100.200')).init?.status).toBe(401)
			const refused = await attempt(email, 'wrong-password', '198.51.100.201')
			expect(refused.init?.status).toBe(429)
			return Number(new Headers(refused.init?.headers).get('Retry-After'))
		}
		expect(await waitAfter(LOGIN_ACCOUNT_SLOWDOWN.free)).toBeGreaterThan(50)
		expect(await waitAfter(LOGIN_ACCOUNT_SLOWDOWN.free)).toBeLessThanOrEqual(60)
		expect(await waitAfter(LOGIN_ACCOUNT_SLOWDOWN.free + 1)).toBeGreaterThan(110)
		// At most 15 minutes (docs/decisions/0076), written out: a test that read the constant would follow a wrong one.
		expect(await waitAfter(LOGIN_ACCOUNT_SLOWDOWN.free + 20)).toBe(900)
		// The wait over, the right password signs in and the account's count is gone.
		await handle.db
			.update(rateLimits)
			.set({ windowStartedAt: new Date(Date.now() - LOGIN_ACCOUNT_SLOWDOWN.maxSeconds * 1000) })
			.where(eq(rateLimits.key, key))
		expect(await signInStatus(email, password, '198.51.100.202')).toBe(302)
		expect(await handle.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([])
	})

	test('addresses of one IPv6 /64 share one sign-in limit; another /64 and IPv4 are apart', async () => {
		const wrong = (index: number, clientIp: string) => attempt(`nobody-${index}@example.com`, 'wrong-password', clientIp)
		for (let index = 0; index < LOGIN_RATE_LIMIT.limit; index++)
			expect((await wrong(index, `2001:db8:5:7:${index.toString(16)}::1`)).init?.status).toBe(401)
		// The same /64, written in full, and another address in it: refused.
		expect((await wrong(100, '2001:0db8:0005:0007:ffff:ffff:ffff:ffff')).init?.status).toBe(429)
		expect((await wrong(101, '2001:db8:5:7::abcd')).init?.status).toBe(429)
		// The next /64 is another client.
		expect((await wrong(102, '2001:db8:5:8::1')).init?.status).toBe(401)
	})
})

describe('the password check of two-factor enrolment', () => {
	const securityPost = (cookie: string, fields: Record<string, string>) =>
		call(securityAction, staffRequest(`${origin}/dashboard/security`, cookie, { method: 'POST', body: new URLSearchParams(fields) })).then(
			dataOf,
		)

	test(`after ${LOGIN_RATE_LIMIT.limit} wrong passwords the next one is refused without a password check; a right one is given back`, async () => {
		const admin = await signedInStaff(services, ['admin'], { secondFactor: false })
		// A right password does not use up an attempt.
		for (let index = 0; index < 3; index++)
			expect((await securityPost(admin.cookie, { intent: 'start', password: admin.password })).data.enrolment).toBeDefined()
		passwordChecks.count = 0
		// Sent at once, they are still counted one by one before any password is checked.
		const wrong = await Promise.all(
			Array.from({ length: LOGIN_RATE_LIMIT.limit }, (_, index) =>
				securityPost(admin.cookie, { intent: 'start', password: `wrong-${index}` }),
			),
		)
		expect(wrong.map((answer) => answer.data.error)).toEqual(Array(LOGIN_RATE_LIMIT.limit).fill('Your password is not correct'))
		expect(passwordChecks.count).toBe(LOGIN_RATE_LIMIT.limit)
		// Turning a factor off is possible only while the requirement is off (docs/decisions/0088).
		const restore = await secondFactorRequirementOff(services)
		try {
			for (const intent of ['start', 'start', 'disable']) {
				const refused = await securityPost(admin.cookie, { intent, password: admin.password })
				expect(refused.init?.status).toBe(429)
				expect(refused.data.error).toBe('Too many wrong passwords. Please try again in 15 minutes.')
				expect(new Headers(refused.init?.headers).get('Retry-After')).toMatch(/^\d+$/)
			}
		} finally {
			await restore()
		}
		expect(passwordChecks.count).toBe(LOGIN_RATE_LIMIT.limit)
		// The limit is the account's: a colleague (same address) is not held back.
		const colleague = await signedInStaff(services, ['admin'], { secondFactor: false })
		expect((await securityPost(colleague.cookie, { intent: 'start', password: colleague.password })).data.enrolment).toBeDefined()
	})
})
