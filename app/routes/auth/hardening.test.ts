import crypto from 'node:crypto'
import fs from 'node:fs'
import { Writable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { AppServices } from '#app/context.ts'
import { outbox, rateLimits, sessions, users, verifications } from '#db/schema.ts'
import { editorClient } from '../../../tests/content-editor-kit.ts'
import { createAuth } from '#app/features/auth/auth.server.ts'
import { LOGIN_ACCOUNT_SLOWDOWN, LOGIN_RATE_LIMIT } from '#app/features/auth/login-schema.ts'
import { passwordResetsSettled } from '#app/features/auth/password-reset-request.server.ts'
import { RESET_LINKS_PER_HOUR } from '#app/features/auth/set-password-links.server.ts'
import { SESSION_ABSOLUTE_SECONDS } from '#app/features/auth/staff-session.server.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { FORM_NOT_READABLE } from '#app/features/http/form-body.server.ts'
import { ALREADY_HAS_PASSWORD } from '#app/features/users/users.server.ts'
import { createLogger } from '#server/logger.ts'
import { createTestServices, formRequest, routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import { rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import * as companyRoute from '../dashboard/company.tsx'
import { loader as overviewLoader } from '../dashboard/overview.tsx'
import { action as securityAction } from '../dashboard/security.tsx'
import { action as usersAction } from '../dashboard/users.tsx'
import { action as forgotAction } from './forgot-password.tsx'
import { action as loginAction } from './login.tsx'
import { action as resetAction } from './reset-password.tsx'

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

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(async () => {
	await passwordResetsSettled()
	await handle.close()
})
beforeEach(async () => {
	await handle.db.delete(rateLimits)
	await handle.db.delete(outbox)
})

const origin = 'http://localhost:3000'
const call = <T>(run: (args: never) => Promise<T>, request: Request, context = routeContext(services)) =>
	run({ request, context, params: {} } as never)
const dataOf = (result: unknown) => result as { data: Record<string, any>; init: ResponseInit | null }

/** Asks for a reset link and returns the token of the e-mail it queued. */
async function resetTokenFor(email: string) {
	await handle.db.delete(outbox)
	await call(forgotAction, formRequest(`${origin}/forgot-password`, { email }))
	await passwordResetsSettled()
	const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'password-reset'))
	return decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec((mail!.payload as { text: string }).text)![1]!)
}

const resetWith = async (token: string, password: string) =>
	dataOf(await call(resetAction, formRequest(`${origin}/reset-password`, { token, password, confirm: password }))).data

describe('password reset', () => {
	test('a new reset link voids the older ones; after the reset no link of the account is left', async () => {
		const { email, user } = await signedInStaff(services, ['admin'])
		const first = await resetTokenFor(email)
		const second = await resetTokenFor(email)
		const third = await resetTokenFor(email)
		for (const token of [first, second]) {
			expect(await resetWith(token, 'Attacker-Passphrase-22')).toEqual({
				error: 'This link is invalid or has expired. Please ask for a new one.',
				done: false,
			})
		}
		expect(await resetWith(third, 'Third-New-Passphrase-1')).toMatchObject({ done: true })
		expect(await resetWith(third, 'Third-New-Passphrase-2')).toMatchObject({ done: false })
		expect(await handle.db.select().from(verifications).where(eq(verifications.value, user.id))).toEqual([])
	})

	test(`"Forgot your password?" sends one e-mail at most ${RESET_LINKS_PER_HOUR} links an hour, from any address, with the same answer`, async () => {
		const { email } = await signedInStaff(services, ['admin'])
		const answers = []
		for (let index = 0; index < RESET_LINKS_PER_HOUR + 3; index++) {
			const answer = await call(
				forgotAction,
				formRequest(`${origin}/forgot-password`, { email }),
				routeContext(services, { clientIp: `198.51.100.${index + 30}` }),
			)
			answers.push(dataOf(answer))
		}
		await passwordResetsSettled()
		for (const answer of answers)
			expect({ data: answer.data, init: answer.init }).toEqual({ data: { error: null, sent: true }, init: null })
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'password-reset'))
		expect(mails).toHaveLength(RESET_LINKS_PER_HOUR)
		// The newest e-mailed link works.
		const newest = mails.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!
		const token = decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec((newest.payload as { text: string }).text)![1]!)
		expect(await resetWith(token, 'Newest-Link-Passphrase-3')).toMatchObject({ done: true })
	})

	test("the new password may not contain the account's e-mail or the company's name (docs/decisions/0076)", async () => {
		const { email } = await signedInStaff(services, ['admin'])
		const token = await resetTokenFor(email)
		const localPart = email.split('@')[0]!
		expect(await resetWith(token, `${localPart.toUpperCase()}-Passphrase`)).toEqual({
			error: 'The password must not contain your e-mail address',
			done: false,
		})
		// "Example Lending Co." (the seeded name): its distinctive word is refused too.
		expect(await resetWith(token, 'Example-Tulip-Harbour-42')).toEqual({
			error: "The password must not contain the company's name",
			done: false,
		})
		// The link still works for a good password.
		expect(await resetWith(token, 'Quiet-Tulip-Harbour-42')).toMatchObject({ done: true })
	})

	test('the database keeps only hashes of reset and invitation links: what it holds opens nothing', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const token = await resetTokenFor(admin.email)
		const invite = new URLSearchParams([
			['intent', 'create'],
			['email', 'hashed.invitee@example.com'],
			['fullName', 'Hashed Invitee'],
			['roles', 'user'],
		])
		await call(usersAction, staffRequest(`${origin}/dashboard/users`, admin.cookie, { method: 'POST', body: invite }))
		const [invitation] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'staff-invitation'))
		const inviteToken = decodeURIComponent(/token=([^&\s]+)&invite=1/.exec((invitation!.payload as { text: string }).text)![1]!)
		const rows = await handle.db.select().from(verifications)
		const links = rows.filter((row) => row.identifier.startsWith('reset-password'))
		expect(links.length).toBeGreaterThanOrEqual(2)
		for (const row of links) {
			expect(row.identifier).toMatch(/^reset-password-sha256:[0-9a-f]{64}$/)
			for (const secret of [token, inviteToken]) expect(row.identifier).not.toContain(secret)
			// Whatever a copy of the table holds, sent back as a token, is refused.
			for (const stolen of [row.identifier, row.identifier.replace(/^reset-password-sha256:/, '')])
				expect(await resetWith(stolen, 'Stolen-Row-Passphrase-4')).toMatchObject({ done: false })
		}
		expect(await resetWith(token, 'Real-Link-Passphrase-5')).toMatchObject({ done: true })
		expect(await resetWith(inviteToken, 'Real-Invite-Passphrase-6')).toMatchObject({ done: true })
	})

	test('the migration hashes links stored before: they keep working and their tokens leave the database', async () => {
		const { user } = await signedInStaff(services, ['admin'])
		await handle.db.insert(verifications).values({
			id: `legacy-${Date.now()}`,
			identifier: 'reset-password:LegacyPlainToken0123456789',
			value: user.id,
			expiresAt: new Date(Date.now() + 3600_000),
		})
		const migration = fs.readFileSync(new URL('../../../drizzle/0013_auth_hardening.sql', import.meta.url), 'utf8')
		const statement = migration.split('--> statement-breakpoint').find((part) => part.includes('reset-password-sha256'))!
		await handle.db.execute(sql.raw(statement))
		const rows = await handle.db.select().from(verifications).where(eq(verifications.value, user.id))
		expect(rows.map((row) => row.identifier)).toEqual([
			`reset-password-sha256:${crypto.createHash('sha256').update('reset-password:LegacyPlainToken0123456789').digest('hex')}`,
		])
		expect(await resetWith('LegacyPlainToken0123456789', 'Legacy-Link-Passphrase-7')).toMatchObject({ done: true })
	})

	test('"Forgot your password?" answers before looking the account up, the same for a known and an unknown e-mail', async () => {
		const { email } = await signedInStaff(services, ['admin'])
		// The account lookup and everything after it is held back: the answer must not wait for it.
		let release!: () => void
		const held = new Promise<void>((resolve) => (release = resolve))
		const requestPasswordReset = vi.fn(async () => {
			await held
			return { status: true }
		})
		const gated = { ...services, auth: { ...services.auth, api: { ...services.auth.api, requestPasswordReset } } } as unknown as AppServices
		const answers = []
		try {
			for (const address of [email, 'nobody-here@example.com']) {
				const { data, init } = dataOf(
					await call(forgotAction, formRequest(`${origin}/forgot-password`, { email: address }), routeContext(gated)),
				)
				answers.push({ data, init })
			}
			// Both answers were produced while both lookups were still waiting.
			await vi.waitFor(() => expect(requestPasswordReset).toHaveBeenCalledTimes(2))
		} finally {
			release()
			await passwordResetsSettled()
		}
		expect(answers[0]).toEqual({ data: { error: null, sent: true }, init: null })
		expect(answers[1]).toEqual(answers[0])

		// Unheld, the known e-mail gets its link and the unknown one nothing.
		for (const address of [email, 'nobody-here@example.com'])
			await call(forgotAction, formRequest(`${origin}/forgot-password`, { email: address }))
		await passwordResetsSettled()
		const mails = await handle.db.select().from(outbox)
		expect(mails.map((mail) => (mail.payload as { to: string[] }).to)).toEqual([[email]])
	})
})

describe('user management', () => {
	async function inviteAndSetPassword(admin: { cookie: string }, email: string) {
		const post = (fields: Array<[string, string]>) =>
			call(
				usersAction,
				staffRequest(`${origin}/dashboard/users`, admin.cookie, { method: 'POST', body: new URLSearchParams(fields) }),
			).then(dataOf)
		expect(
			(
				await post([
					['intent', 'create'],
					['email', email],
					['fullName', 'Invited Officer'],
					['roles', 'admin'],
				])
			).data.ok,
		).toBe(true)
		/** The link of the newest invitation e-mailed to the address. */
		const newestLink = async () => {
			const invited = (await handle.db.select().from(outbox).where(eq(outbox.kind, 'staff-invitation')))
				.filter((mail) => (mail.payload as { to: string[] }).to[0] === email)
				.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
				.at(-1)
			return decodeURIComponent(/reset-password\?token=([^&\s]+)&invite=1/.exec((invited!.payload as { text: string }).text)![1]!)
		}
		const firstLink = await newestLink()
		return { post, firstLink, setPassword: async () => resetWith(await newestLink(), 'Invited-Passphrase-77') }
	}

	test('"Resend invitation" works while the invitation is pending and is refused once the account has a password', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const { post, firstLink, setPassword } = await inviteAndSetPassword(admin, 'pending.officer@example.com')
		const [account] = (await services.db.query.users.findMany()).filter((user) => user.email === 'pending.officer@example.com')
		expect(
			(
				await post([
					['intent', 'resend'],
					['userId', account!.id],
				])
			).data,
		).toMatchObject({ ok: true, message: 'Invitation sent again' })

		// The resent link replaced the first one (docs/decisions/0076).
		expect(await resetWith(firstLink, 'First-Link-Passphrase-8')).toMatchObject({ done: false })
		expect(await setPassword()).toMatchObject({ done: true })
		await handle.db.delete(outbox)
		const before = await handle.db.select().from(verifications).where(eq(verifications.value, account!.id))
		const refused = await post([
			['intent', 'resend'],
			['userId', account!.id],
		])
		expect(refused.init?.status).toBe(400)
		expect(refused.data).toMatchObject({ ok: false, message: ALREADY_HAS_PASSWORD })
		// No link was made and no e-mail queued.
		expect(await handle.db.select().from(outbox)).toEqual([])
		expect(await handle.db.select().from(verifications).where(eq(verifications.value, account!.id))).toEqual(before)
	})
})

describe('the sign-in limit', () => {
	test(`${LOGIN_RATE_LIMIT.limit * 10} wrong passwords at once from one address: exactly ${LOGIN_RATE_LIMIT.limit} are checked`, async () => {
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
		const known = first.headers
			.getSetCookie()
			.find((cookie) => cookie.startsWith('known-device='))!
			.split(';')[0]!
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
		expect(await waitAfter(LOGIN_ACCOUNT_SLOWDOWN.free + 20)).toBe(LOGIN_ACCOUNT_SLOWDOWN.maxSeconds)
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
		const admin = await signedInStaff(services, ['admin'])
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
		for (const intent of ['start', 'start', 'disable']) {
			const refused = await securityPost(admin.cookie, { intent, password: admin.password })
			expect(refused.init?.status).toBe(429)
			expect(refused.data.error).toBe('Too many wrong passwords. Please try again in 15 minutes.')
			expect(new Headers(refused.init?.headers).get('Retry-After')).toMatch(/^\d+$/)
		}
		expect(passwordChecks.count).toBe(LOGIN_RATE_LIMIT.limit)
		// The limit is the account's: a colleague (same address) is not held back.
		const colleague = await signedInStaff(services, ['admin'])
		expect((await securityPost(colleague.cookie, { intent: 'start', password: colleague.password })).data.enrolment).toBeDefined()
	})
})

describe('session lifetime', () => {
	const dashboard = (cookie: string) => call(overviewLoader, staffRequest(`${origin}/dashboard`, cookie))

	async function sessionSignedInAgo(seconds: number) {
		const admin = await signedInStaff(services, ['admin'])
		// Used a minute ago and not expired by idleness: only its age since sign-in differs.
		await handle.db
			.update(sessions)
			.set({
				createdAt: new Date(Date.now() - seconds * 1000),
				updatedAt: new Date(Date.now() - 60_000),
				expiresAt: new Date(Date.now() + 11 * 3600_000),
			})
			.where(eq(sessions.userId, admin.user.id))
		return admin
	}

	test('a session used recently still ends 7 days after its sign-in', async () => {
		const old = await sessionSignedInAgo(SESSION_ABSOLUTE_SECONDS + 60)
		await expect(dashboard(old.cookie)).rejects.toMatchObject({ status: 302, headers: expect.any(Headers) })
		const thrown = await dashboard(old.cookie).catch((error: Response) => error)
		expect((thrown as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fdashboard')
		// The session is gone for good, not only refused here.
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, old.user.id))).toEqual([])
	})

	test('a session younger than 7 days keeps working', async () => {
		const recent = await sessionSignedInAgo(SESSION_ABSOLUTE_SECONDS - 3600)
		await expect(dashboard(recent.cookie)).resolves.toBeTruthy()
	})

	test('the absolute length is 7 days (decision 0022): a session signed in 7 days and a minute ago, used daily, is refused', async () => {
		expect(SESSION_ABSOLUTE_SECONDS).toBe(7 * 24 * 60 * 60)
		const old = await sessionSignedInAgo(7 * 24 * 3600 + 60)
		await expect(dashboard(old.cookie)).rejects.toMatchObject({ status: 302 })
		const sixDays = await sessionSignedInAgo(6 * 24 * 3600)
		await expect(dashboard(sixDays.cookie)).resolves.toBeTruthy()
	})

	test('an account disabled (banned) while signed in has no session: its existing session stops working', async () => {
		const admin = await signedInStaff(services, ['admin'])
		await expect(dashboard(admin.cookie)).resolves.toBeTruthy()
		// Banned by any path that leaves its sessions in place (the dashboard also deletes them; this rule must not rely on it).
		await handle.db.update(users).set({ banned: true }).where(eq(users.id, admin.user.id))
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, admin.user.id))).toHaveLength(1)
		await expect(dashboard(admin.cookie)).rejects.toMatchObject({ status: 302 })
	})
})

describe('logs', () => {
	test('sign-in, invitation and reset flows log no e-mail address, and better-auth logs through the app logger', async () => {
		const lines: string[] = []
		const log = createLogger(
			'debug',
			new Writable({
				write: (chunk, _encoding, done) => {
					lines.push(String(chunk))
					done()
				},
			}),
		)
		const base = createTestServices(handle)
		const logged: AppServices = {
			...base,
			log,
			auth: createAuth({
				db: handle.db,
				baseUrl: base.config.baseUrl,
				secret: 'test-secret-test-secret-test-secret-0123',
				adminEmails: [],
				log,
			}),
		}
		const context = () => routeContext(logged, { clientIp: '203.0.113.160' })
		const admin = await signedInStaff(logged, ['admin'])
		await call(loginAction, formRequest(`${origin}/login`, { email: admin.email, password: 'Wrong-Password-123' }), context())
		await call(
			loginAction,
			formRequest(`${origin}/login`, { email: 'unknown.person@example.com', password: 'Wrong-Password-123' }),
			context(),
		)
		await call(loginAction, formRequest(`${origin}/login`, { email: admin.email, password: admin.password }), context())
		const invite = new URLSearchParams([
			['intent', 'create'],
			['email', 'logged.invitee@example.com'],
			['fullName', 'Logged Invitee'],
			['roles', 'admin'],
		])
		await call(usersAction, staffRequest(`${origin}/dashboard/users`, admin.cookie, { method: 'POST', body: invite }), context())
		for (const email of [admin.email, 'unknown.person@example.com'])
			await call(forgotAction, formRequest(`${origin}/forgot-password`, { email }), context())
		await passwordResetsSettled()
		// A content save is logged with who made it.
		expect((await editorClient(logged, '/dashboard/company', companyRoute).save(admin.cookie, defaultContent().company)).status).toBe(200)
		// A whole request through React Router, with the 2FA page's action.
		await handleAppRequest(
			logged,
			staffRequest(`${origin}/dashboard/security`, admin.cookie, {
				method: 'POST',
				body: new URLSearchParams({ intent: 'start', password: 'wrong' }),
			}),
		)

		const output = lines.join('')
		expect(output).toContain('"source":"better-auth"')
		expect(output).toMatch(/Invalid password|User not found/)
		expect(output).toContain('"msg":"content saved"')
		expect(output.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g)).toBeNull()
	})
})

describe('two-factor enrolment', () => {
	const payload = '<img src=x onerror="alert(document.cookie)">'
	const securityPost = (cookie: string, fields: Record<string, string>, url = '/dashboard/security') =>
		handleAppRequest(services, staffRequest(`${origin}${url}`, cookie, { method: 'POST', body: new URLSearchParams(fields) }))

	test('the QR code is an image the server drew; a posted enrolment (qrSvg, key, backup codes) is never sent back', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const started = await securityPost(admin.cookie, { intent: 'start', password: admin.password })
		expect(started.status).toBe(200)
		const page = await started.text()
		expect(page).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="QR code for your authenticator app"/)
		// Not the SVG markup of the qrcode package (the page's icons are SVG too).
		expect(page).not.toContain('crispEdges')
		// For typing in by hand: the base32 key in groups of four, never the whole otpauth:// URI.
		expect(page).toMatch(/<code data-testid="totp-key"[^>]*>(?:[A-Z2-7]{4} )+[A-Z2-7]{1,4}<\/code>/)
		expect(page).toContain('Copy key')
		expect(page).not.toContain('otpauth://')

		const hostile = JSON.stringify({
			step: 'scan',
			totpURI: `otpauth://totp/x?secret=${payload}`,
			qrSvg: payload,
			qrImage: `javascript:${payload}`,
			backupCodes: [payload],
		})
		for (const url of ['/dashboard/security', '/dashboard/security.data']) {
			const refused = await securityPost(admin.cookie, { intent: 'confirm', code: '000000', enrolment: hostile }, url)
			expect(refused.status).toBe(400)
			const body = await refused.text()
			expect(body).toContain('That code is not valid')
			expect(body).not.toContain('onerror')
			expect(body).not.toContain('javascript:')
		}
	})
})

describe('the return address after signing in (redirectTo)', () => {
	// Each is sent percent-encoded in the query, as a link would carry it.
	const hostile = [
		'/\t/evil.example/phish',
		'/\r/evil.example',
		'/\n/evil.example',
		'/dashboard\r\nSet-Cookie: x=1',
		'/\\evil.example',
		'//evil.example',
		'/%09/evil.example',
		'/%2F%2Fevil.example',
		'https://evil.example',
		'javascript:alert(1)',
		'/dashboard/\u2028',
		'/dashbоard',
	]
	const loginUrl = (target: string) => `${origin}/login?redirectTo=${encodeURIComponent(target)}`

	test('a signed-in staff member opening /login with a hostile address goes to the dashboard, never a 500', async () => {
		const admin = await signedInStaff(services, ['admin'])
		for (const target of hostile) {
			const response = await handleAppRequest(services, staffRequest(loginUrl(target), admin.cookie))
			expect(response.status, JSON.stringify(target)).toBe(302)
			expect(response.headers.get('Location'), JSON.stringify(target)).toBe('/dashboard')
		}
		const fine = await handleAppRequest(services, staffRequest(loginUrl('/dashboard/leads?status=new'), admin.cookie))
		expect(fine.headers.get('Location')).toBe('/dashboard/leads?status=new')
	})

	test('signing in (POST /login) with a hostile address goes to the dashboard, never a 500', async () => {
		const { email, password } = await signedInStaff(services, ['admin'])
		for (const [index, target] of hostile.entries()) {
			const response = await handleAppRequest(services, formRequest(loginUrl(target), { email, password }), {
				clientIp: `203.0.113.${170 + index}`,
			})
			expect(response.status, JSON.stringify(target)).toBe(302)
			expect(response.headers.get('Location'), JSON.stringify(target)).toBe('/dashboard')
		}
	})
})

describe('sign-in pages and a body that is not a readable form', () => {
	test('multipart without or with a wrong boundary gets a 400 with a message on /login, /forgot-password and /reset-password, nothing logged as an error', async () => {
		const bodies: Array<[string, string]> = [
			['multipart/form-data', 'email=jane%40example.com&password=x'],
			['multipart/form-data; boundary=----x', 'email=jane%40example.com'],
			['multipart/form-data; boundary=other', '------x\r\nContent-Disposition: form-data; name="email"\r\n\r\njane\r\n------x--\r\n'],
		]
		vi.mocked(services.log.error).mockClear()
		for (const path of ['/login', '/login/two-factor', '/forgot-password', '/reset-password']) {
			for (const [contentType, body] of bodies) {
				for (let attempt = 0; attempt < 5; attempt++) {
					const response = await handleAppRequest(
						services,
						new Request(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': contentType, Origin: origin }, body }),
					)
					expect(response.status, `${path} ${contentType}`).toBe(400)
					expect(await response.text(), `${path} ${contentType}`).toContain(FORM_NOT_READABLE)
				}
			}
		}
		expect(services.log.error).not.toHaveBeenCalled()
	})
})
