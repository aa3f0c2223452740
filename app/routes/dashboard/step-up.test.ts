import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rateLimits, sessions, users } from '#db/schema.ts'
import { requireRecentAuth } from '#app/features/auth/step-up.server.ts'
import { activityEntries, lastActivity } from '../../../tests/activity-entries.ts'
import { formRequest, openSeededApp, routeContext, type SeededApp } from '../../../tests/test-services.ts'
import { type SignedInStaff, secondFactorRequirementOff, signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { action as loginAction } from '../auth/login.tsx'
import { action as twoFactorAction } from '../auth/login-two-factor.tsx'
import { loader as activityExport } from './activity.export.ts'
import { action as confirmAction } from './confirm.tsx'
import { action as dataRequestsAction } from './data-requests.tsx'
import { action as dataRequestExport } from './data-requests.export.ts'
import { loader as leadsExport } from './leads.export.ts'
import { action as pricingAction } from './pricing.tsx'
import { action as usersAction } from './users.tsx'
import { action as webhooksAction } from './webhooks.tsx'
import { outcome } from '../../../tests/route-outcome.ts'

/** docs/decisions/0088: step-up: the password and second factor within the last 5 minutes before a sensitive action. */

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())

const origin = 'http://localhost:3000'

/** The session was signed in this long ago (and used just now). */
const signedInAgo = (staff: SignedInStaff, ms: number) =>
	handle.db
		.update(sessions)
		.set({ createdAt: new Date(Date.now() - ms), reauthenticatedAt: null, lastSeenAt: new Date() })
		.where(eq(sessions.userId, staff.user.id))

type Handler = (args: never) => Promise<unknown>
const call = (handler: Handler, staff: SignedInStaff, url: string, fields?: Record<string, string>) =>
	outcome(() =>
		handler({
			request: staffRequest(`${origin}${url}`, staff.cookie, fields ? { method: 'POST', body: new URLSearchParams(fields) } : {}),
			context: routeContext(services),
			params: {},
		} as never),
	)

const confirm = (staff: SignedInStaff, fields: Record<string, string>, redirectTo = '/dashboard/leads/export?search=x') =>
	call(confirmAction as Handler, staff, `/dashboard/confirm?redirectTo=${encodeURIComponent(redirectTo)}`, fields)

const confirmUrl = (back: string) => `/dashboard/confirm?redirectTo=${encodeURIComponent(back)}`

describe('the sensitive actions', () => {
	test('5 minutes after the sign-in, each sends to the confirm screen (and back to its page), and nothing is done', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const colleague = await signedInStaff(services, ['user'])
		await signedInAgo(admin, 5 * 60_000 + 5_000)
		const sensitive: Array<[string, Handler, string, Record<string, string>?]> = [
			['leads CSV', leadsExport as Handler, '/dashboard/leads/export?search=Smith'],
			['activity CSV', activityExport as Handler, '/dashboard/activity/export?action=lead.viewed'],
			['role change', usersAction as Handler, '/dashboard/users', { intent: 'roles', userId: colleague.user.id, roles: 'admin' }],
			['rate sheet publish', pricingAction as Handler, '/dashboard/pricing', { intent: 'publish' }],
			['webhook secret rotation', webhooksAction as Handler, '/dashboard/webhooks', { intent: 'rotate', id: '1' }],
		]
		for (const [name, handler, url, fields] of sensitive) {
			expect(await call(handler, admin, url, fields), name).toMatchObject({ status: 302, location: confirmUrl(url) })
		}
		// A data request's download is posted from its page, and comes back there; its erase too.
		const requestId = 'a0000000-0000-4000-8000-0000000000d1'
		expect(
			await call(dataRequestExport as Handler, admin, '/dashboard/data-requests/export', { id: requestId, format: 'json' }),
			'data request export',
		).toMatchObject({ status: 302, location: confirmUrl(`/dashboard/data-requests?id=${requestId}`) })
		expect(
			await call(dataRequestsAction as Handler, admin, `/dashboard/data-requests?id=${requestId}`, {
				intent: 'erase',
				id: requestId,
				reason: 'Verified deletion request from the borrower',
			}),
			'data request erase',
		).toMatchObject({ status: 302, location: confirmUrl(`/dashboard/data-requests?id=${requestId}`) })
		// Any other step of a request needs no confirmation.
		expect(
			await call(dataRequestsAction as Handler, admin, `/dashboard/data-requests?id=${requestId}`, {
				intent: 'acknowledge',
				id: requestId,
			}),
		).toMatchObject({ location: null })
		const [after] = await handle.db.select({ role: users.role }).from(users).where(eq(users.id, colleague.user.id))
		expect(after!.role).toBe('user')
		expect(await activityEntries(handle.db, 'leads.exported')).toHaveLength(0)
		expect(await activityEntries(handle.db, 'activity.exported')).toHaveLength(0)
	})

	test('within 5 minutes of the sign-in they go through', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const colleague = await signedInStaff(services, ['user'])
		await signedInAgo(admin, 5 * 60_000 - 15_000)
		expect((await call(leadsExport as Handler, admin, '/dashboard/leads/export')).status).toBe(200)
		const roles = await call(usersAction as Handler, admin, '/dashboard/users', {
			intent: 'roles',
			userId: colleague.user.id,
			roles: 'moderator',
		})
		expect(roles.body).toMatchObject({ ok: true })
	})
})

describe('the confirm screen', () => {
	test('asks for the password and a code from the app; a wrong one is refused and logged; the right ones come back', async () => {
		const admin = await signedInStaff(services, ['admin'])
		await signedInAgo(admin, 10 * 60_000)
		expect(await confirm(admin, { password: 'Wrong-Password-11', code: admin.totpCode!(1) })).toMatchObject({
			status: 400,
			body: { error: 'Your password is not correct' },
		})
		expect(await lastActivity(handle.db, 'auth.step_up', admin.user.id)).toMatchObject({ details: { passed: false, method: 'totp' } })
		expect(await confirm(admin, { password: admin.password })).toMatchObject({
			status: 400,
			body: { error: 'Enter the code from your authenticator app, or a recovery code' },
		})
		expect((await confirm(admin, { password: admin.password, code: '000000' })).status).toBe(400)
		expect((await call(leadsExport as Handler, admin, '/dashboard/leads/export?search=x')).status).toBe(302)

		const passed = await confirm(admin, { password: admin.password, code: admin.totpCode!(1) })
		expect(passed).toMatchObject({ status: 302, location: '/dashboard/leads/export?search=x' })
		expect(await lastActivity(handle.db, 'auth.step_up', admin.user.id)).toMatchObject({
			actorId: admin.user.id,
			details: { passed: true, method: 'totp' },
		})
		expect((await call(leadsExport as Handler, admin, '/dashboard/leads/export?search=x')).status).toBe(200)
		// The same code again is refused (each is accepted once).
		expect((await confirm(admin, { password: admin.password, code: admin.totpCode!(1) })).status).toBe(400)
	})

	test('a recovery code works once there too; a hostile return address goes to the dashboard', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const code = admin.backupCodes[0]!
		expect(await confirm(admin, { password: admin.password, code }, '//evil.example/phish')).toMatchObject({
			status: 302,
			location: '/dashboard',
		})
		expect(await lastActivity(handle.db, 'auth.step_up', admin.user.id)).toMatchObject({
			details: { passed: true, method: 'recovery_code' },
		})
		expect((await confirm(admin, { password: admin.password, code })).status).toBe(400)
	})

	test('5 wrong attempts per 15 minutes; then even the right ones wait', async () => {
		const admin = await signedInStaff(services, ['admin'])
		for (let attempt = 0; attempt < 5; attempt++)
			expect((await confirm(admin, { password: `Wrong-Password-${attempt}`, code: '123456' })).status, `attempt ${attempt + 1}`).toBe(400)
		const refused = await confirm(admin, { password: admin.password, code: admin.totpCode!(1) })
		expect(refused).toMatchObject({ status: 429, body: { error: 'Too many wrong attempts. Please try again in 15 minutes.' } })
		// The limit is the account's: a colleague confirms at once.
		const colleague = await signedInStaff(services, ['admin'])
		expect((await confirm(colleague, { password: colleague.password, code: colleague.totpCode!(1) })).status).toBe(302)
	})
})

/** Another sign-in of the same account (password, then the app's code `stepsAhead` steps on): a second session's cookie. */
async function anotherSession(staff: SignedInStaff, stepsAhead: number) {
	await handle.db.delete(rateLimits)
	const password = (await loginAction({
		request: formRequest(`${origin}/login`, { email: staff.email, password: staff.password }),
		context: routeContext(services),
		params: {},
	} as never)) as Response
	const cookieOf = (response: Response) =>
		response.headers
			.getSetCookie()
			.map((cookie) => cookie.split(';')[0])
			.join('; ')
	const second = (await twoFactorAction({
		request: new Request(`${origin}/login/two-factor`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, Cookie: cookieOf(password) },
			body: new URLSearchParams({ method: 'totp', code: staff.totpCode!(stepsAhead) }),
		}),
		context: routeContext(services),
		params: {},
	} as never)) as Response
	expect(second.status).toBe(302)
	return { ...staff, cookie: cookieOf(second) }
}

describe('the step-up’s edges (docs/decisions/0088)', () => {
	test('5 minutes to the millisecond after the last proof is too late; a millisecond before is not', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const [session] = await handle.db.select().from(sessions).where(eq(sessions.userId, admin.user.id))
		const user = {
			id: admin.user.id,
			email: admin.email,
			name: 'Test admin',
			roles: ['admin' as const],
			sessionId: session!.id,
			twoFactorEnabled: true,
		}
		const request = staffRequest(`${origin}/dashboard/leads/export?search=Smith`, admin.cookie)
		const at = session!.createdAt.getTime() + 5 * 60_000
		await expect(requireRecentAuth(request, routeContext(services), user, { now: at - 1 })).resolves.toBeUndefined()
		await expect(requireRecentAuth(request, routeContext(services), user, { now: at })).rejects.toMatchObject({ status: 302 })
	})

	test('a data request (.data) comes back to the page itself', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const colleague = await signedInStaff(services, ['user'])
		await signedInAgo(admin, 10 * 60_000)
		const answer = await call(usersAction as Handler, admin, '/dashboard/users.data', {
			intent: 'roles',
			userId: colleague.user.id,
			roles: 'admin',
		})
		expect(answer).toMatchObject({ status: 302, location: confirmUrl('/dashboard/users') })
	})

	test('a code typed with spaces is read without them', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const code = admin.totpCode!(1)
		expect(await confirm(admin, { password: admin.password, code: `${code.slice(0, 3)} ${code.slice(3)}` })).toMatchObject({
			status: 302,
			location: '/dashboard/leads/export?search=x',
		})
	})

	test('an account without a second factor (the requirement off) confirms with its password alone', async () => {
		const restore = await secondFactorRequirementOff(services)
		try {
			const officer = await signedInStaff(services, ['admin'], { secondFactor: false })
			expect(await confirm(officer, { password: officer.password })).toMatchObject({ status: 302 })
			expect(await lastActivity(handle.db, 'auth.step_up', officer.user.id)).toMatchObject({
				details: { passed: true, method: 'password' },
			})
		} finally {
			await restore()
		}
	})

	test('a right answer gives its attempt back: 4 wrong, the right one, then a wrong one is still heard', async () => {
		const admin = await signedInStaff(services, ['admin'])
		for (let attempt = 0; attempt < 4; attempt++)
			expect((await confirm(admin, { password: `Wrong-Password-${attempt}`, code: '123456' })).status).toBe(400)
		expect((await confirm(admin, { password: admin.password, code: admin.totpCode!(1) })).status).toBe(302)
		expect(await confirm(admin, { password: 'Wrong-Password-9', code: '123456' })).toMatchObject({
			status: 400,
			body: { error: 'Your password is not correct' },
		})
	})

	test('a confirmation is this session’s alone; the wrong attempts count for the account, across its sessions', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const other = await anotherSession(admin, 1)
		await handle.db
			.update(sessions)
			.set({ createdAt: new Date(Date.now() - 10 * 60_000) })
			.where(eq(sessions.userId, admin.user.id))
		expect((await confirm(admin, { password: admin.password, code: admin.totpCode!(2) })).status).toBe(302)
		expect((await call(leadsExport as Handler, admin, '/dashboard/leads/export')).status).toBe(200)
		expect((await call(leadsExport as Handler, other, '/dashboard/leads/export')).status).toBe(302)
		for (let attempt = 0; attempt < 5; attempt++)
			expect((await confirm(admin, { password: `Wrong-Password-${attempt}`, code: '123456' })).status).toBe(400)
		expect((await confirm(other, { password: other.password, code: admin.totpCode!(3) })).status).toBe(429)
	})
})
