import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { sessions, users } from '#db/schema.ts'
import { SESSION_IDLE_MESSAGE, SESSION_LIFETIME_MESSAGE } from '#app/features/content/staff-settings.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { loader as overviewLoader } from './overview.tsx'
import { action as settingsAction } from './settings.tsx'
import { action, loader } from './sessions.tsx'

/** docs/decisions/0089: an admin sees every staff session and ends any of them; the limits are bounded settings. */
let handle: DatabaseHandle
let services: AppServices
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
})
afterAll(() => handle.close())

const origin = 'http://localhost:3000'
const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function run(
	handler: (args: never) => Promise<unknown>,
	url: string,
	cookie: string,
	fields?: Record<string, string>,
	userAgent = 'vitest',
) {
	const init = fields
		? { method: 'POST', body: new URLSearchParams(fields), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
		: {}
	try {
		const result = await handler({
			request: staffRequest(`${origin}${url}`, cookie, init),
			context: routeContext(services, { clientIp: '192.0.2.44', userAgent }),
			params: {},
		} as never)
		if (result instanceof Response) return { status: result.status, response: result, body: null as any }
		const wrapped = result as { data?: unknown; init?: ResponseInit | null }
		if (wrapped && typeof wrapped === 'object' && 'data' in wrapped)
			return { status: wrapped.init?.status ?? 200, response: null, body: wrapped.data as any }
		return { status: 200, response: null, body: result as any }
	} catch (thrown) {
		if (thrown instanceof Response) return { status: thrown.status, response: thrown, body: null as any }
		throw thrown
	}
}

describe('the Sessions screen', () => {
	test('lists every live staff session with its person, address, device in words, sign-in and last seen', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const officer = await signedInStaff(services, ['user'])
		// The officer's request records its address and device.
		await run(overviewLoader as never, '/dashboard/leads', officer.cookie, undefined, chrome).catch(() => null)
		const { status, body } = await run(loader as never, '/dashboard/sessions', admin.cookie)
		expect(status).toBe(200)
		const rows = body.sessions as Array<Record<string, unknown>>
		const mine = rows.find((row) => row.email === admin.email)!
		const theirs = rows.find((row) => row.email === officer.email)!
		expect(mine).toMatchObject({ current: true, roles: 'Admin', ipAddress: '192.0.2.44' })
		expect(theirs).toMatchObject({
			current: false,
			roles: 'Loan officer',
			ipAddress: '192.0.2.44',
			device: 'Chrome on Windows',
			name: 'Test user',
		})
		expect(Date.parse(theirs.signedInAt as string)).toBeLessThanOrEqual(Date.parse(theirs.lastSeenAt as string))
		expect(body.limits).toEqual({ idleMinutes: 30, lifetimeHours: 168 })
	})

	test('the most recently used session comes first, whenever it signed in', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const early = await signedInStaff(services, ['user'])
		const late = await signedInStaff(services, ['user'])
		const seen = async (email: string, minutesAgo: number) => {
			const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
			await handle.db
				.update(sessions)
				.set({ lastSeenAt: new Date(Date.now() - minutesAgo * 60_000) })
				.where(eq(sessions.userId, user!.id))
		}
		// The one who signed in first used the dashboard last.
		await seen(early.email, 1)
		await seen(late.email, 5)
		const { body } = await run(loader as never, '/dashboard/sessions', admin.cookie)
		const emails = (body.sessions as Array<{ email: string }>).map((row) => row.email)
		expect(emails.indexOf(early.email)).toBeLessThan(emails.indexOf(late.email))
	})

	test('a session past the idle timeout (30 minutes) or the lifetime (7 days) is not listed; one a minute within each is', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const idle = await signedInStaff(services, ['user'])
		const old = await signedInStaff(services, ['user'])
		const nearlyIdle = await signedInStaff(services, ['user'])
		const nearlyOld = await signedInStaff(services, ['user'])
		const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
		const set = (userId: string, values: Partial<typeof sessions.$inferInsert>) =>
			handle.db.update(sessions).set(values).where(eq(sessions.userId, userId))
		await set(idle.user.id, { lastSeenAt: minutesAgo(31) })
		await set(nearlyIdle.user.id, { lastSeenAt: minutesAgo(29) })
		await set(old.user.id, { createdAt: minutesAgo(7 * 24 * 60 + 1), lastSeenAt: minutesAgo(1) })
		await set(nearlyOld.user.id, { createdAt: minutesAgo(7 * 24 * 60 - 1), lastSeenAt: minutesAgo(1) })
		const { body } = await run(loader as never, '/dashboard/sessions', admin.cookie)
		const emails = (body.sessions as Array<{ email: string }>).map((row) => row.email)
		expect(emails).not.toContain(idle.email)
		expect(emails).not.toContain(old.email)
		expect(emails).toContain(nearlyIdle.email)
		expect(emails).toContain(nearlyOld.email)
	})

	test("an admin ends another person's session: its next request is signed out", async () => {
		const admin = await signedInStaff(services, ['admin'])
		const manager = await signedInStaff(services, ['moderator'])
		expect((await run(overviewLoader as never, '/dashboard', manager.cookie)).status).toBe(200)
		const [session] = await handle.db.select().from(sessions).where(eq(sessions.userId, manager.user.id))
		const ended = await run(action as never, '/dashboard/sessions', admin.cookie, { intent: 'end', sessionId: session!.id })
		expect(ended).toMatchObject({ status: 200, body: { ok: true, message: 'Session ended' } })
		const after = await run(overviewLoader as never, '/dashboard', manager.cookie)
		expect(after.status).toBe(302)
		expect(after.response!.headers.get('Location')).toMatch(/^\/login/)
		// Ending it again says so.
		expect((await run(action as never, '/dashboard/sessions', admin.cookie, { intent: 'end', sessionId: session!.id })).status).toBe(404)
	})

	test('ending your own session signs you out: to /login, with the session cookie cleared', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const [session] = await handle.db.select().from(sessions).where(eq(sessions.userId, admin.user.id))
		const ended = await run(action as never, '/dashboard/sessions', admin.cookie, { intent: 'end', sessionId: session!.id })
		expect(ended.status).toBe(302)
		expect(ended.response!.headers.get('Location')).toBe('/login')
		expect(ended.response!.headers.getSetCookie().some((cookie) => /session_token=;/.test(cookie) || /Max-Age=0/.test(cookie))).toBe(true)
		expect(await handle.db.select().from(sessions).where(eq(sessions.userId, admin.user.id))).toEqual([])
	})

	test('a sales manager or a loan officer cannot end a session (403), and the session stays', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const [session] = await handle.db.select().from(sessions).where(eq(sessions.userId, admin.user.id))
		for (const roles of [['moderator'], ['user']] as const) {
			const other = await signedInStaff(services, [...roles])
			expect((await run(action as never, '/dashboard/sessions', other.cookie, { intent: 'end', sessionId: session!.id })).status).toBe(403)
		}
		expect(await handle.db.select().from(sessions).where(eq(sessions.id, session!.id))).toHaveLength(1)
	})
})

describe('each row of the Sessions screen (docs/decisions/0089)', () => {
	test('says when the session signed in and when it ends (its idle end or its lifetime end, the first), and every role in words', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const both = await signedInStaff(services, ['admin', 'user'])
		const old = await signedInStaff(services, ['user'])
		const minute = 60_000
		const signedIn = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * 60 * minute)
		const lastSeen = new Date(signedIn.getTime() + 100 * minute)
		await handle.db.update(sessions).set({ createdAt: signedIn, lastSeenAt: lastSeen }).where(eq(sessions.userId, both.user.id))
		// Signed in 7 days less 10 minutes ago and seen a minute ago: the lifetime ends it first.
		const longAgo = new Date(Math.floor(Date.now() / 1000) * 1000 - (7 * 24 * 60 - 10) * minute)
		const justNow = new Date(Math.floor(Date.now() / 1000) * 1000 - minute)
		await handle.db.update(sessions).set({ createdAt: longAgo, lastSeenAt: justNow }).where(eq(sessions.userId, old.user.id))
		const { body } = await run(loader as never, '/dashboard/sessions', admin.cookie)
		const rows = body.sessions as Array<Record<string, unknown>>
		expect(rows.find((row) => row.email === both.email)).toMatchObject({
			roles: 'Admin, Loan officer',
			signedInAt: signedIn.toISOString(),
			lastSeenAt: lastSeen.toISOString(),
			endsAt: new Date(lastSeen.getTime() + 30 * minute).toISOString(),
		})
		expect(rows.find((row) => row.email === old.email)).toMatchObject({
			signedInAt: longAgo.toISOString(),
			endsAt: new Date(longAgo.getTime() + 7 * 24 * 60 * minute).toISOString(),
		})
		// Only the admin's own session is marked as theirs.
		expect(rows.filter((row) => row.current).map((row) => row.email)).toEqual([admin.email])
	})

	test('any other intent is refused with a 400, and ends nothing', async () => {
		const admin = await signedInStaff(services, ['admin'])
		const officer = await signedInStaff(services, ['user'])
		const [session] = await handle.db.select().from(sessions).where(eq(sessions.userId, officer.user.id))
		const refused = await run(action as never, '/dashboard/sessions', admin.cookie, { intent: 'end-all', sessionId: session!.id })
		expect(refused).toMatchObject({ status: 400, body: { ok: false, message: 'Unknown action' } })
		expect(await handle.db.select().from(sessions).where(eq(sessions.id, session!.id))).toHaveLength(1)
	})
})

describe('the session limits are bounded settings', () => {
	const save = async (cookie: string, fields: Record<string, string>) =>
		run(settingsAction as never, '/dashboard/settings', cookie, {
			intent: 'save',
			siteDescription: 'Investor loans nationwide.',
			adminEmail: 'desk@example.com',
			requireTwoFactor: 'on',
			...fields,
		})

	test.each([
		['sessionIdleMinutes', '4', SESSION_IDLE_MESSAGE],
		['sessionIdleMinutes', '721', SESSION_IDLE_MESSAGE],
		['sessionIdleMinutes', '', SESSION_IDLE_MESSAGE],
		['sessionIdleMinutes', '30.5', SESSION_IDLE_MESSAGE],
		['sessionLifetimeHours', '0', SESSION_LIFETIME_MESSAGE],
		['sessionLifetimeHours', '721', SESSION_LIFETIME_MESSAGE],
		['sessionLifetimeHours', 'a week', SESSION_LIFETIME_MESSAGE],
	])('%s = %j is refused with its bounds', async (field, value, message) => {
		const admin = await signedInStaff(services, ['admin'])
		const { status, body } = await save(admin.cookie, { [field]: value })
		expect(status).toBe(400)
		expect(body.errors[field]).toBe(message)
		expect(await services.content.get('settings')).toMatchObject({ sessionIdleMinutes: 30, sessionLifetimeHours: 168 })
	})

	test('the bounds themselves are accepted and saved: 5 minutes to 12 hours idle, 1 hour to 30 days', async () => {
		const admin = await signedInStaff(services, ['admin'])
		expect((await save(admin.cookie, { sessionIdleMinutes: '5', sessionLifetimeHours: '720' })).status).toBe(200)
		expect(await services.content.get('settings')).toMatchObject({ sessionIdleMinutes: 5, sessionLifetimeHours: 720 })
		expect((await save(admin.cookie, { sessionIdleMinutes: '720', sessionLifetimeHours: '1' })).status).toBe(200)
		expect(await services.content.get('settings')).toMatchObject({ sessionIdleMinutes: 720, sessionLifetimeHours: 1 })
		// A form without the fields (an older page) keeps them.
		expect((await save(admin.cookie, {})).status).toBe(200)
		expect(await services.content.get('settings')).toMatchObject({ sessionIdleMinutes: 720, sessionLifetimeHours: 1 })
		expect((await save(admin.cookie, { sessionIdleMinutes: '30', sessionLifetimeHours: '168' })).status).toBe(200)
	})
})
