import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rateLimits, sessions, twoFactors, users } from '#db/schema.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { acceptTotpStep } from '#app/features/auth/totp-steps.server.ts'
import { formRequest, routeContext, openSeededApp, type SeededApp } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { totpFromKey } from '../../../tests/totp.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import { action as loginAction } from '../auth/login.tsx'
import { action as twoFactorAction } from '../auth/login-two-factor.tsx'
import { action } from './security.tsx'

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())

async function post(cookie: string, fields: Record<string, string>) {
	const result = await action({
		request: staffRequest('http://localhost:3000/dashboard/security', cookie, {
			method: 'POST',
			body: new URLSearchParams(fields),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		}),
		context: routeContext(services),
		params: {},
	} as never)
	const { data, init } = result as unknown as {
		data: { error?: string; done?: string; enrolment?: { account: string; key: string; backupCodes: string[] } }
		init: ResponseInit | null
	}
	return { status: init?.status ?? 200, body: data, cookies: new Headers(init?.headers).getSetCookie() }
}

const cookieHeader = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(';')[0]).join('; ')

async function enrol() {
	const admin = await signedInStaff(services, ['admin'], { secondFactor: false })
	const started = await post(admin.cookie, { intent: 'start', password: admin.password })
	expect(started.body.enrolment!.account).toBe(`Example Lending Co.:${admin.email}`)
	expect(started.body.enrolment!.key).toMatch(/^[A-Z2-7]{16,}$/)
	expect(started.body.enrolment!.backupCodes.length).toBeGreaterThanOrEqual(8)
	const wrong = await post(admin.cookie, { intent: 'confirm', code: '000000', enrolment: JSON.stringify(started.body.enrolment) })
	expect(wrong.status).toBe(400)
	const enrolledAt = Date.now()
	const confirmCode = totpFromKey(started.body.enrolment!.key, enrolledAt)
	const confirmed = await post(admin.cookie, {
		intent: 'confirm',
		code: confirmCode,
		enrolment: JSON.stringify(started.body.enrolment),
	})
	expect(confirmed.body.done).toBe('enabled')
	// Turning two-factor on replaces the session; the browser gets the new cookie.
	const cookie = confirmed.cookies.length > 0 ? cookieHeader(confirmed.cookies) : admin.cookie
	const key = started.body.enrolment!.key
	return {
		...admin,
		cookie,
		key,
		backupCodes: started.body.enrolment!.backupCodes,
		confirmCode,
		/** The code of the step after the one that confirmed the enrolment (each code is accepted once). */
		nextCode: () => totpFromKey(key, enrolledAt + 30_000),
	}
}

async function signIn(email: string, password: string) {
	await handle.db.delete(rateLimits)
	const first = (await loginAction({
		request: formRequest('http://localhost:3000/login', { email, password }),
		context: routeContext(services),
		params: {},
	} as never)) as Response
	return first
}

async function secondFactor(twoFactorCookie: string, fields: Record<string, string>) {
	const request = new Request('http://localhost:3000/login/two-factor', {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000', Cookie: twoFactorCookie },
		body: new URLSearchParams(fields),
	})
	return twoFactorAction({ request, context: routeContext(services), params: {} } as never)
}

describe('two-factor sign-in (TOTP)', () => {
	test('enrolment needs the password and a valid code; then sign-in asks for the code', async () => {
		const admin = await enrol()
		expect((await handle.db.select().from(users).where(eq(users.id, admin.user.id)))[0]!.twoFactorEnabled).toBe(true)
		const first = await signIn(admin.email, admin.password)
		expect(first.status).toBe(302)
		expect(first.headers.get('Location')).toBe('/login/two-factor')
		const pending = cookieHeader(first.headers.getSetCookie())
		// The password alone gives no session.
		expect(await services.auth.api.getSession({ headers: new Headers({ cookie: pending }) })).toBeNull()
		const wrong = await secondFactor(pending, { method: 'totp', code: '123456' })
		expect((wrong as unknown as { init: ResponseInit }).init.status).toBe(401)
		const done = (await secondFactor(pending, { method: 'totp', code: admin.nextCode() })) as Response
		expect(done.status).toBe(302)
		expect(done.headers.get('Location')).toBe('/dashboard')
		const session = await services.auth.api.getSession({ headers: new Headers({ cookie: cookieHeader(done.headers.getSetCookie()) }) })
		expect(session?.user.email).toBe(admin.email)
	})

	test('a code is accepted once (RFC 6238 §5.2): used again it is refused and leaves no session', async () => {
		const admin = await enrol()
		const sessionsOf = () => handle.db.select().from(sessions).where(eq(sessions.userId, admin.user.id))
		const signedInWith = async (code: string) => {
			const first = await signIn(admin.email, admin.password)
			return secondFactor(cookieHeader(first.headers.getSetCookie()), { method: 'totp', code })
		}
		const before = (await sessionsOf()).length
		// The code that turned two-factor on cannot sign in.
		const enrolmentCode = (await signedInWith(admin.confirmCode)) as unknown as { data: { error: string }; init: ResponseInit }
		expect(enrolmentCode.init.status).toBe(401)
		expect(enrolmentCode.data.error).toBe('This code has already been used. Sign in again and enter the next code from your app.')
		expect(await sessionsOf()).toHaveLength(before)
		// The next code signs in, once.
		expect(((await signedInWith(admin.nextCode())) as Response).status).toBe(302)
		expect(await sessionsOf()).toHaveLength(before + 1)
		const replayed = (await signedInWith(admin.nextCode())) as unknown as { data: { error: string }; init: ResponseInit }
		expect(replayed.init.status).toBe(401)
		expect(replayed.data.error).toBe('This code has already been used. Sign in again and enter the next code from your app.')
		expect(await sessionsOf()).toHaveLength(before + 1)
	})

	test('a code is looked for two 30-second steps either side of now, and its own step is the one recorded (docs/decisions/0076)', async () => {
		const admin = await enrol()
		const step = 30_000
		const now = Math.floor((Date.now() + 20 * step) / step) * step + 1_000
		const accept = (code: string, at = now) => acceptTotpStep(services.auth, handle.db, admin.user.id, code, at)
		// Three steps ahead is too far; two ahead (a boundary passed since better-auth checked it) is found.
		expect(await accept(totpFromKey(admin.key, now + 3 * step))).toBe(false)
		expect(await accept(totpFromKey(admin.key, now + 2 * step))).toBe(true)
		// Its own step was recorded, not now's: it, and the step before it, are refused from then on.
		expect(await accept(totpFromKey(admin.key, now + 2 * step))).toBe(false)
		expect(await accept(totpFromKey(admin.key, now + step))).toBe(false)
		// Two steps behind a later now is found; three behind is not.
		const later = now + 20 * step
		expect(await accept(totpFromKey(admin.key, later - 3 * step), later)).toBe(false)
		expect(await accept(totpFromKey(admin.key, later - 2 * step), later)).toBe(true)
		// A code of none of the five steps, and an account without an authenticator app, are refused.
		const nearby = [-2, -1, 0, 1, 2].map((offset) => totpFromKey(admin.key, later + 10 * step + offset * step))
		const wrong = ['000000', '111111', '222222'].find((code) => !nearby.includes(code))!
		expect(await accept(wrong, later + 10 * step)).toBe(false)
		const noFactor = await signedInStaff(services, ['admin'], { secondFactor: false })
		expect(await acceptTotpStep(services.auth, handle.db, noFactor.user.id, totpFromKey(admin.key, later), later)).toBe(false)
	})

	test('the two-factor step sends a hostile return address (redirectTo) to the dashboard, never a 500', async () => {
		const admin = await enrol()
		for (const target of [
			'/\t/evil.example/phish',
			'/\r\n/evil.example',
			'//evil.example',
			'/\\evil.example',
			'https://evil.example',
			'/ü',
		]) {
			const query = `?redirectTo=${encodeURIComponent(target)}`
			await handle.db.delete(rateLimits)
			// This test is about the return address: the one code is used for each sign-in, so its last use is forgotten.
			await handle.db.update(twoFactors).set({ lastTotpStep: null }).where(eq(twoFactors.userId, admin.user.id))
			const first = (await loginAction({
				request: formRequest(`http://localhost:3000/login${query}`, { email: admin.email, password: admin.password }),
				context: routeContext(services),
				params: {},
			} as never)) as Response
			// The hostile address is not even passed on to the second step.
			expect(first.headers.get('Location'), JSON.stringify(target)).toBe('/login/two-factor')
			const request = new Request(`http://localhost:3000/login/two-factor${query}`, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					Origin: 'http://localhost:3000',
					Cookie: cookieHeader(first.headers.getSetCookie()),
				},
				body: new URLSearchParams({ method: 'totp', code: totpFromKey(admin.key) }),
			})
			const done = await handleAppRequest(services, request)
			expect(done.status, JSON.stringify(target)).toBe(302)
			expect(done.headers.get('Location'), JSON.stringify(target)).toBe('/dashboard')
		}
	}, 120_000)

	test('a backup code works once', async () => {
		const admin = await enrol()
		const first = await signIn(admin.email, admin.password)
		const done = (await secondFactor(cookieHeader(first.headers.getSetCookie()), {
			method: 'backup',
			code: admin.backupCodes[0]!,
		})) as Response
		expect(done.status).toBe(302)
		const again = await signIn(admin.email, admin.password)
		const reused = await secondFactor(cookieHeader(again.headers.getSetCookie()), { method: 'backup', code: admin.backupCodes[0]! })
		expect((reused as unknown as { init: ResponseInit }).init.status).toBe(401)
	})

	test('the confirm step of the set-up takes 5 wrong codes per 15 minutes; then even the right one waits', async () => {
		const admin = await signedInStaff(services, ['admin'], { secondFactor: false })
		const started = await post(admin.cookie, { intent: 'start', password: admin.password })
		const key = started.body.enrolment!.key
		for (let attempt = 0; attempt < 5; attempt++) {
			const wrong = await post(admin.cookie, { intent: 'confirm', code: String(100000 + attempt) })
			expect(wrong.status).toBe(400)
			expect(wrong.body.error).toBe('That code is not valid. Check the time on your phone and try again.')
		}
		const refused = await post(admin.cookie, { intent: 'confirm', code: totpFromKey(key) })
		expect(refused.status).toBe(429)
		expect(refused.body.error).toBe('Too many wrong codes. Please try again in 15 minutes.')
		expect((await handle.db.select().from(users).where(eq(users.id, admin.user.id)))[0]!.twoFactorEnabled).not.toBe(true)
		// The limit is the account's: a colleague sets up at once.
		await enrol()
	})

	test('the set-up page’s data request (.data) is let through too; a signed-out data request comes back to its page', async () => {
		const admin = await signedInStaff(services, ['admin'], { secondFactor: false })
		await expect(
			requireAdmin(staffRequest('http://localhost:3000/dashboard/security.data', admin.cookie), routeContext(services)),
		).resolves.toMatchObject({ email: admin.email })
		const signedOut = (await requireAdmin(
			staffRequest('http://localhost:3000/dashboard/leads.data?status=new', null),
			routeContext(services),
		).catch((thrown: unknown) => thrown)) as Response
		expect(signedOut.headers.get('Location')).toBe('/login?redirectTo=%2Fdashboard%2Fleads%3Fstatus%3Dnew')
	})

	test('a wrong password cannot start enrolment', async () => {
		const admin = await signedInStaff(services, ['admin'], { secondFactor: false })
		expect((await post(admin.cookie, { intent: 'start', password: 'not-mine' })).body.error).toBe('Your password is not correct')
	})

	test('when the settings require it, an admin without two-factor may only open the set-up page', async () => {
		const admin = await signedInStaff(services, ['admin'], { secondFactor: false })
		const settings = await services.content.get('settings')
		await services.content.save('settings', { ...settings, requireTwoFactor: true }, 'test')
		try {
			await expect(
				requireAdmin(staffRequest('http://localhost:3000/dashboard/leads', admin.cookie), routeContext(services)),
			).rejects.toMatchObject({ status: 302 })
			await expect(
				requireAdmin(staffRequest('http://localhost:3000/dashboard/security', admin.cookie), routeContext(services)),
			).resolves.toMatchObject({ email: admin.email })
			const enrolled = await enrol()
			await expect(
				requireAdmin(staffRequest('http://localhost:3000/dashboard/leads', enrolled.cookie), routeContext(services)),
			).resolves.toMatchObject({ email: enrolled.email })
			expect((await post(enrolled.cookie, { intent: 'disable', password: enrolled.password })).body.error).toBe(
				'Two-factor sign-in is required by the settings and cannot be turned off',
			)
		} finally {
			await services.content.save('settings', settings, 'test')
		}
	})
})
