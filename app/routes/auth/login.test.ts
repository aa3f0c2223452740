import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { accounts, outbox, rateLimits, sessions, users } from '#db/schema.ts'
import { createStaffAccount, ensureAdminAccount, StaffAccountError } from '#app/features/users/staff-accounts.server.ts'
import { createAuth } from '#app/features/auth/auth.server.ts'
import { passwordResetsSettled } from '#app/features/auth/password-reset-request.server.ts'
import { formRequest, routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { action as loginAction, loader as loginLoader } from './login.tsx'
import { action as logoutAction } from './logout.ts'
import { action as forgotAction } from './forgot-password.tsx'
import { action as resetAction } from './reset-password.tsx'

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(rateLimits)
})

const password = 'Correct-Horse-Battery-9'

async function login(fields: Record<string, string>, clientIp = '198.51.100.80', url = 'http://localhost:3000/login') {
	const result = await loginAction({
		request: formRequest(url, fields),
		context: routeContext(services, { clientIp }),
		params: {},
	} as never)
	if (result instanceof Response)
		return { status: result.status, location: result.headers.get('Location'), cookies: result.headers.getSetCookie(), body: null }
	const { data, init } = result as unknown as { data: Record<string, any>; init: ResponseInit | null }
	return { status: init?.status ?? 200, location: null, cookies: new Headers(init?.headers).getSetCookie(), body: data }
}

describe('staff accounts', () => {
	test('passwords are stored as Argon2id with OWASP parameters, never in clear', async () => {
		const user = await createStaffAccount(services.auth, services.db, {
			email: 'Hash.Check@Example.com',
			name: 'Hash Check',
			password,
			roles: ['admin'],
		})
		const [account] = await handle.db.select().from(accounts).where(eq(accounts.userId, user.id))
		expect(account!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
		expect(account!.password).not.toContain(password)
		const [row] = await handle.db.select().from(users).where(eq(users.id, user.id))
		expect(row).toMatchObject({ email: 'hash.check@example.com', role: 'admin' })
	})

	test('short and common passwords are refused', async () => {
		await expect(
			createStaffAccount(services.auth, services.db, { email: 'a@example.com', name: 'A', password: 'short1', roles: ['user'] }),
		).rejects.toThrow('Password must be at least 8 characters')
		await expect(
			createStaffAccount(services.auth, services.db, { email: 'b@example.com', name: 'B', password: 'password123', roles: ['user'] }),
		).rejects.toThrow(StaffAccountError)
		await expect(
			createStaffAccount(services.auth, services.db, { email: 'c@example.com', name: 'C', password: 'iloveyou', roles: ['user'] }),
		).rejects.toThrow('This password is too common')
	})

	test("a password with the account's e-mail or the company's name is refused (docs/decisions/0076)", async () => {
		await expect(
			createStaffAccount(services.auth, services.db, {
				email: 'marco.polo@example.com',
				name: 'M',
				password: 'MarcoPolo-2026!',
				roles: ['user'],
			}),
		).rejects.toThrow('The password must not contain your e-mail address')
		const company = (await services.content.get('company')).name
		await expect(
			createStaffAccount(services.auth, services.db, { email: 'd@example.com', name: 'D', password: `${company} 2026!`, roles: ['user'] }),
		).rejects.toThrow("The password must not contain the company's name")
	})

	test('ADMIN_EMAIL at start creates the admin once and never resets a changed password', async () => {
		await ensureAdminAccount(services.auth, services.db, 'Boss@Example.com', password)
		await ensureAdminAccount(services.auth, services.db, 'boss@example.com', 'A-different-passw0rd')
		const rows = await handle.db.select().from(users).where(eq(users.email, 'boss@example.com'))
		expect(rows).toHaveLength(1)
		expect(rows[0]!.role).toBe('admin')
		expect((await login({ email: 'boss@example.com', password })).status).toBe(302)
	})
})

describe('/login', () => {
	test('an admin signs in, gets a session cookie and goes to the dashboard (or where they were going)', async () => {
		const { email } = await signedInStaff(services, ['admin'], { secondFactor: false })
		const result = await login({ email, password })
		expect(result.status).toBe(302)
		expect(result.location).toBe('/dashboard')
		expect(result.cookies.join(';')).toMatch(/session_token=/)
		expect(result.cookies.join(';')).toMatch(/HttpOnly/i)
		const back = await login({ email, password }, '198.51.100.81', 'http://localhost:3000/login?redirectTo=%2Fdashboard%2Fleads')
		expect(back.location).toBe('/dashboard/leads')
		const offsite = await login({ email, password }, '198.51.100.82', 'http://localhost:3000/login?redirectTo=%2F%2Fevil.example')
		expect(offsite.location).toBe('/dashboard')
	})

	test('every sign-in makes a new session', async () => {
		const { email, user } = await signedInStaff(services, ['admin'], { secondFactor: false })
		await login({ email, password })
		await login({ email, password })
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(3)
	})

	test('a wrong password shows the server’s message; missing fields are required', async () => {
		const { email } = await signedInStaff(services, ['admin'], { secondFactor: false })
		const wrong = await login({ email, password: 'not-the-password' })
		expect(wrong.status).toBe(401)
		expect(wrong.body!.error).toBe('Invalid email or password')
		const empty = await login({ email: '', password: '' })
		expect(empty.body!.fieldErrors).toEqual({ email: 'Email is required', password: 'Password is required' })
		// spec 2 §5: a password longer than 256 characters is refused before it is checked.
		const long = await login({ email, password: 'x'.repeat(257) })
		expect(long.body!.fieldErrors).toEqual({ password: 'Password is too long' })
	})

	test('every staff role signs in (docs/decisions/0034: officers and managers have their own dashboard)', async () => {
		for (const roles of [['user'], ['moderator'], ['user', 'moderator']] as const) {
			const { email } = await signedInStaff(services, [...roles], { secondFactor: false })
			expect((await login({ email, password })).status).toBe(302)
		}
	})

	test('an account without any role is told so and keeps no session', async () => {
		for (const roles of [[]] as const) {
			const { email, user } = await signedInStaff(services, [...roles], { secondFactor: false })
			const before = (await handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).length
			const result = await login({ email, password })
			expect(result.status).toBe(403)
			expect(result.body!.error).toBe('Your account does not have access to the dashboard.')
			expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(before)
		}
	})

	test('after 10 failed attempts from one address sign-in waits, without locking the account for others', async () => {
		const { email } = await signedInStaff(services, ['admin'], { secondFactor: false })
		// Successful sign-ins do not count.
		for (let i = 0; i < 12; i++) expect((await login({ email, password }, '203.0.113.99')).status).toBe(302)
		for (let i = 0; i < 10; i++) expect((await login({ email, password: 'wrong-wrong' }, '203.0.113.99')).status).toBe(401)
		const limited = await login({ email, password }, '203.0.113.99')
		expect(limited.status).toBe(429)
		expect(limited.body!.error).toMatch(/^Too many sign-in attempts\. Please try again in 15 minutes\.$/)
		expect((await login({ email, password }, '198.51.100.200')).status).toBe(302)
	})

	test('over https the session cookie is a __Host- cookie; over plain http it keeps its name (docs/decisions/0076)', async () => {
		const { email } = await signedInStaff(services, ['admin'], { secondFactor: false })
		for (const [baseUrl, expected] of [
			['https://lender.example', /^__Host-better-auth\.session_token=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/],
			['http://localhost:3000', /^better-auth\.session_token=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/],
		] as const) {
			const auth = createAuth({ db: handle.db, baseUrl, secret: 'test-secret-test-secret-test-secret-0123', adminEmails: [] })
			const response = await auth.api.signInEmail({ body: { email, password }, headers: new Headers(), asResponse: true })
			const cookies = response.headers.getSetCookie()
			expect(
				cookies.find((cookie) => cookie.includes('session_token=')),
				baseUrl,
			).toMatch(expected)
			expect(cookies.join('\n'), baseUrl).not.toMatch(/Domain=/i)
			// The session is read back under the same name.
			const cookie = cookies.map((line) => line.split(';')[0]).join('; ')
			expect((await auth.api.getSession({ headers: new Headers({ cookie }) }))?.user.email, baseUrl).toBe(email)
		}
	})

	test('a signed-in admin who opens /login goes to the dashboard', async () => {
		const { cookie } = await signedInStaff(services, ['admin'], { secondFactor: false })
		await expect(
			loginLoader({ request: staffRequest('http://localhost:3000/login', cookie), context: routeContext(services), params: {} } as never),
		).rejects.toMatchObject({ status: 302 })
		expect(
			await loginLoader({
				request: staffRequest('http://localhost:3000/login', null),
				context: routeContext(services),
				params: {},
			} as never),
		).toBeNull()
	})

	test('sign-out ends the session', async () => {
		const { cookie, user } = await signedInStaff(services, ['admin'], { secondFactor: false })
		const response = (await logoutAction({
			request: staffRequest('http://localhost:3000/logout', cookie, { method: 'POST' }),
			context: routeContext(services),
			params: {},
		} as never)) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/')
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
		expect(await services.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull()
	})
})

describe('password reset', () => {
	test('the reset e-mail goes through the outbox; the new password works and every old session is revoked', async () => {
		const { email, user, cookie } = await signedInStaff(services, ['admin'], { secondFactor: false })
		await handle.db.delete(outbox)
		const asked = await forgotAction({
			request: formRequest('http://localhost:3000/forgot-password', { email }),
			context: routeContext(services),
			params: {},
		} as never)
		expect((asked as unknown as { data: { sent: boolean } }).data.sent).toBe(true)
		await passwordResetsSettled()
		const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'password-reset'))
		expect(mail!.payload).toMatchObject({ to: [email], subject: 'Reset your password' })
		const token = /reset-password\?token=([^\s]+)/.exec((mail!.payload as { text: string }).text)![1]!

		const common = await resetAction({
			request: formRequest('http://localhost:3000/reset-password', {
				token: decodeURIComponent(token),
				password: 'password1',
				confirm: 'password1',
			}),
			context: routeContext(services),
			params: {},
		} as never)
		expect((common as unknown as { data: { error: string } }).data.error).toBe(
			'This password is too common; choose one that is harder to guess',
		)
		const newPassword = 'Another-Strong-Passw0rd'
		const done = await resetAction({
			request: formRequest('http://localhost:3000/reset-password', {
				token: decodeURIComponent(token),
				password: newPassword,
				confirm: newPassword,
			}),
			context: routeContext(services),
			params: {},
		} as never)
		expect((done as unknown as { data: { done: boolean } }).data.done).toBe(true)
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
		expect(await services.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull()
		expect((await login({ email, password: newPassword })).status).toBe(302)
		expect((await login({ email, password }, '198.51.100.90')).status).toBe(401)
	})

	test('an unknown e-mail gets the same answer and no mail', async () => {
		await handle.db.delete(outbox)
		const asked = await forgotAction({
			request: formRequest('http://localhost:3000/forgot-password', { email: 'nobody@example.com' }),
			context: routeContext(services),
			params: {},
		} as never)
		expect((asked as unknown as { data: { sent: boolean } }).data.sent).toBe(true)
		await passwordResetsSettled()
		expect(await handle.db.select().from(outbox)).toHaveLength(0)
	})
})
