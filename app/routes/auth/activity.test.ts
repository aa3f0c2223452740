import { describe, expect, test } from 'vitest'
import { rateLimits } from '#db/schema.ts'
import { activityEntries, lastActivity } from '../../../tests/activity-entries.ts'
import { call, handle, origin, resetTokenFor, resetWith, services, setUpAuthApp } from '../../../tests/auth-hardening-harness.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import { secondFactorRequirementOff, signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { formRequest, routeContext } from '../../../tests/test-services.ts'
import { totpFromKey } from '../../../tests/totp.ts'
import { action as securityAction } from '../dashboard/security.tsx'
import { action as twoFactorAction } from './login-two-factor.tsx'
import { action as loginAction } from './login.tsx'

/** docs/decisions/0087: staff sign-in and account security in the activity log, through better-auth's hooks. */

setUpAuthApp()

const cookieHeader = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(';')[0]).join('; ')
const browser = { clientIp: '198.51.100.23', userAgent: 'Mozilla/5.0 (activity test)' }

async function security(cookie: string, fields: Record<string, string>) {
	const result = await call(
		securityAction,
		staffRequest(`${origin}/dashboard/security`, cookie, { method: 'POST', body: new URLSearchParams(fields) }),
	)
	const { data, init } = result as unknown as { data: { done?: string; enrolment?: { key: string } }; init: ResponseInit | null }
	return { body: data, cookies: new Headers(init?.headers).getSetCookie() }
}

async function enrol() {
	const staff = await signedInStaff(services, ['user'], { secondFactor: false })
	const started = await security(staff.cookie, { intent: 'start', password: staff.password })
	const key = started.body.enrolment!.key
	const enrolledAt = Date.now()
	const confirmed = await security(staff.cookie, { intent: 'confirm', code: totpFromKey(key, enrolledAt) })
	expect(confirmed.body.done).toBe('enabled')
	return { ...staff, cookie: cookieHeader(confirmed.cookies), nextCode: () => totpFromKey(key, enrolledAt + 30_000) }
}

describe('sign-in, sign-out and failures', () => {
	test('a sign-in through the site is logged with the account as it was, the IP and the browser', async () => {
		const staff = await signedInStaff(services, ['moderator'], { secondFactor: false })
		const response = await handleAppRequest(
			services,
			formRequest(`${origin}/login`, { email: staff.email, password: staff.password }),
			browser,
		)
		expect(response.status).toBe(302)
		expect(await lastActivity(handle.db, 'auth.signed_in', staff.user.id)).toMatchObject({
			actorId: staff.user.id,
			actorEmail: staff.email,
			actorRoles: 'moderator',
			ip: browser.clientIp,
			userAgent: browser.userAgent,
			subjectKind: 'user',
			details: { method: 'password' },
		})
	})

	test('a wrong password is logged as a failed sign-in with the e-mail typed, never the password', async () => {
		const staff = await signedInStaff(services, ['user'])
		await handleAppRequest(services, formRequest(`${origin}/login`, { email: staff.email, password: 'Wrong-Passphrase-77' }), browser)
		const entry = await lastActivity(handle.db, 'auth.sign_in_failed', staff.user.id)
		expect(entry).toMatchObject({ actorId: null, ip: browser.clientIp, details: { email: staff.email, step: 'password' } })
		expect(JSON.stringify(entry)).not.toContain('Wrong-Passphrase-77')
	})

	test('the e-mail typed is logged whole, however long (up to 320 characters)', async () => {
		const email = `${'a'.repeat(60)}@example.com`
		await handleAppRequest(services, formRequest(`${origin}/login`, { email, password: 'Wrong-Passphrase-77' }), browser)
		expect(await lastActivity(handle.db, 'auth.sign_in_failed')).toMatchObject({ details: { email, step: 'password' } })
	})

	test('signing out is logged', async () => {
		const staff = await signedInStaff(services, ['user'])
		const response = await handleAppRequest(
			services,
			staffRequest(`${origin}/logout`, staff.cookie, { method: 'POST', body: new URLSearchParams() }),
			browser,
		)
		expect(response.status).toBe(302)
		expect(await lastActivity(handle.db, 'auth.signed_out', staff.user.id)).toMatchObject({ actorEmail: staff.email, ip: browser.clientIp })
	})
})

describe('two-factor sign-in', () => {
	test('turning it on is logged once, not as a sign-in or a sign-out; a code sign-in and a wrong code are logged', async () => {
		const staff = await enrol()
		expect(await activityEntries(handle.db, 'auth.second_factor_added', staff.user.id)).toHaveLength(1)
		// signedInStaff's own sign-in only: the session swapped by the enrolment is neither.
		expect(await activityEntries(handle.db, 'auth.signed_in', staff.user.id)).toHaveLength(1)
		expect(await activityEntries(handle.db, 'auth.signed_out', staff.user.id)).toHaveLength(0)

		await handle.db.delete(rateLimits)
		const first = (await call(loginAction, formRequest(`${origin}/login`, { email: staff.email, password: staff.password }))) as Response
		const pending = cookieHeader(first.headers.getSetCookie())
		// The password alone is no sign-in yet.
		expect(await activityEntries(handle.db, 'auth.signed_in', staff.user.id)).toHaveLength(1)
		const secondFactor = (code: string) =>
			call(
				twoFactorAction,
				new Request(`${origin}/login/two-factor`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, Cookie: pending },
					body: new URLSearchParams({ method: 'totp', code }),
				}),
				routeContext(services),
			)
		await secondFactor('000000')
		expect(await lastActivity(handle.db, 'auth.sign_in_failed')).toMatchObject({ details: { email: null, step: 'second_factor' } })
		const done = (await secondFactor(staff.nextCode())) as Response
		expect(done.status).toBe(302)
		expect(await lastActivity(handle.db, 'auth.signed_in', staff.user.id)).toMatchObject({ details: { method: 'totp' } })
	})

	test('a wrong code while setting it up is no failed sign-in', async () => {
		const staff = await signedInStaff(services, ['user'], { secondFactor: false })
		await security(staff.cookie, { intent: 'start', password: staff.password })
		const failedBefore = (await activityEntries(handle.db, 'auth.sign_in_failed')).length
		await security(staff.cookie, { intent: 'confirm', code: '000000' })
		expect(await activityEntries(handle.db, 'auth.sign_in_failed')).toHaveLength(failedBefore)
	})

	test('turning it off is logged', async () => {
		const staff = await enrol()
		const restore = await secondFactorRequirementOff(services)
		const off = await security(staff.cookie, { intent: 'disable', password: staff.password }).finally(restore)
		expect(off.body.done).toBe('disabled')
		expect(await lastActivity(handle.db, 'auth.second_factor_removed', staff.user.id)).toMatchObject({
			actorEmail: staff.email,
			details: { method: 'totp' },
		})
	})
})

describe('passwords and sessions', () => {
	test('a password reset is logged, with the sessions it ended', async () => {
		const staff = await signedInStaff(services, ['user'])
		expect(await resetWith(await resetTokenFor(staff.email), 'Brand-New-Passphrase-31')).toMatchObject({ done: true })
		expect(await lastActivity(handle.db, 'auth.password_reset', staff.user.id)).toMatchObject({
			actorEmail: staff.email,
			details: { sessionsRevoked: true },
		})
	})

	test('a password change is logged without either password', async () => {
		const staff = await signedInStaff(services, ['user'])
		await services.auth.api.changePassword({
			body: { currentPassword: staff.password, newPassword: 'Changed-Passphrase-42' },
			headers: new Headers({ cookie: staff.cookie }),
		})
		const entry = await lastActivity(handle.db, 'auth.password_changed', staff.user.id)
		expect(entry).toMatchObject({ actorEmail: staff.email, details: {} })
		expect(JSON.stringify(entry)).not.toContain('Passphrase')
	})

	test('a session ended from the account is logged as revoked', async () => {
		const staff = await signedInStaff(services, ['user'], { secondFactor: false })
		const other = await services.auth.api.signInEmail({ body: { email: staff.email, password: staff.password }, headers: new Headers() })
		await services.auth.api.revokeSession({ body: { token: other.token }, headers: new Headers({ cookie: staff.cookie }) })
		expect(await lastActivity(handle.db, 'auth.session_revoked', staff.user.id)).toMatchObject({ actorEmail: staff.email })
	})
})
