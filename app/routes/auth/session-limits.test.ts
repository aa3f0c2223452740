import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { sessions } from '#db/schema.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { LONGEST_SESSION_SECONDS } from '#app/features/auth/session-limits.ts'
import { routeContext } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { loader as overviewLoader } from '../dashboard/overview.tsx'
import { call, handle, origin, services, setUpAuthApp } from '../../../tests/auth-hardening-harness.ts'

/** docs/decisions/0089 (amending 0022): a staff session ends after the Settings' idle timeout and lifetime, by time travel. */

setUpAuthApp()

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const dashboard = (cookie: string, clientIp = '203.0.113.10', userAgent = 'vitest') =>
	call(overviewLoader, staffRequest(`${origin}/dashboard`, cookie), routeContext(services, { clientIp, userAgent }))

async function saveLimits(limits: { sessionIdleMinutes?: number; sessionLifetimeHours?: number }) {
	await services.content.saveVersion('settings', { ...(await services.content.get('settings')), ...limits }, null)
}
afterEach(async () => {
	const { sessionIdleMinutes, sessionLifetimeHours } = defaultContent().settings
	await saveLimits({ sessionIdleMinutes, sessionLifetimeHours })
})

/** A signed-in admin whose session was signed in and last used the given times ago; its stored expiry is far off. */
async function sessionAged({ signedIn, lastSeen }: { signedIn: number; lastSeen: number }) {
	const admin = await signedInStaff(services, ['admin'])
	await handle.db
		.update(sessions)
		.set({
			createdAt: new Date(Date.now() - signedIn),
			lastSeenAt: new Date(Date.now() - lastSeen),
			// Far off, so only the rule under test can end the session.
			expiresAt: new Date(Date.now() + 20 * 24 * HOUR),
		})
		.where(eq(sessions.userId, admin.user.id))
	return admin
}

const stored = async (userId: string) => handle.db.select().from(sessions).where(eq(sessions.userId, userId))

async function expectSignedOut(cookie: string) {
	const thrown = await dashboard(cookie).catch((error: Response) => error)
	expect(thrown).toBeInstanceOf(Response)
	expect((thrown as Response).status).toBe(302)
	expect((thrown as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fdashboard')
}

describe('the idle timeout', () => {
	test('30 minutes by default: a session idle 31 minutes is refused and deleted, one idle 29 minutes is not', async () => {
		const idle = await sessionAged({ signedIn: 2 * HOUR, lastSeen: 31 * MINUTE })
		await expectSignedOut(idle.cookie)
		// Gone for good, not only refused here.
		expect(await stored(idle.user.id)).toEqual([])

		const recent = await sessionAged({ signedIn: 2 * HOUR, lastSeen: 29 * MINUTE })
		await expect(dashboard(recent.cookie)).resolves.toBeTruthy()
	})

	test('is the setting: at 60 minutes a session idle 45 minutes works and one idle 61 minutes is refused', async () => {
		await saveLimits({ sessionIdleMinutes: 60 })
		await expect(dashboard((await sessionAged({ signedIn: 2 * HOUR, lastSeen: 45 * MINUTE })).cookie)).resolves.toBeTruthy()
		await expectSignedOut((await sessionAged({ signedIn: 2 * HOUR, lastSeen: 61 * MINUTE })).cookie)
	})

	test('a request counts as use: it moves last seen and the stored expiry forward and records its address and device', async () => {
		const admin = await sessionAged({ signedIn: HOUR, lastSeen: 20 * MINUTE })
		// As the request 20 minutes ago stored it: its idle end, 10 minutes from now.
		await handle.db
			.update(sessions)
			.set({ expiresAt: new Date(Date.now() + 10 * MINUTE) })
			.where(eq(sessions.userId, admin.user.id))
		const before = Date.now()
		await expect(
			dashboard(admin.cookie, '198.51.100.7', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Version/17.5 Safari/605.1.15'),
		).resolves.toBeTruthy()
		const [session] = await stored(admin.user.id)
		expect(session!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
		expect(session!.ipAddress).toBe('198.51.100.7')
		expect(session!.userAgent).toContain('Safari')
		// The stored expiry is now the idle end from this request (30 minutes on), so better-auth itself refuses the
		// session once idle, and a session in use keeps going.
		expect(Math.abs(session!.expiresAt.getTime() - (session!.lastSeenAt.getTime() + 30 * MINUTE))).toBeLessThan(1000)
	})

	test('last seen is written at most once a minute: a request 30 seconds after the last moves nothing, one 2 minutes after moves it', async () => {
		const [clientIp, userAgent] = ['198.51.100.8', 'vitest']
		const admin = await sessionAged({ signedIn: HOUR, lastSeen: 30_000 })
		// The address and device stored are this request's, so only the time since last seen decides.
		await handle.db.update(sessions).set({ ipAddress: clientIp, userAgent }).where(eq(sessions.userId, admin.user.id))
		const [quiet] = await stored(admin.user.id)
		await expect(dashboard(admin.cookie, clientIp, userAgent)).resolves.toBeTruthy()
		expect((await stored(admin.user.id))[0]!.lastSeenAt).toEqual(quiet!.lastSeenAt)

		await handle.db
			.update(sessions)
			.set({ lastSeenAt: new Date(Date.now() - 2 * MINUTE) })
			.where(eq(sessions.userId, admin.user.id))
		const before = Date.now()
		await expect(dashboard(admin.cookie, clientIp, userAgent)).resolves.toBeTruthy()
		expect((await stored(admin.user.id))[0]!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
	})

	test('a session in use keeps working past its first idle end: requests 20 minutes apart for an hour', async () => {
		const admin = await signedInStaff(services, ['admin'])
		for (let step = 0; step < 4; step++) {
			await expect(dashboard(admin.cookie), `request ${step}`).resolves.toBeTruthy()
			// 20 minutes pass: every time the session holds is moved back by 20 minutes.
			await handle.db
				.update(sessions)
				.set({
					createdAt: sql`${sessions.createdAt} - interval '20 minutes'`,
					lastSeenAt: sql`${sessions.lastSeenAt} - interval '20 minutes'`,
					expiresAt: sql`${sessions.expiresAt} - interval '20 minutes'`,
				})
				.where(eq(sessions.userId, admin.user.id))
		}
		await expect(dashboard(admin.cookie)).resolves.toBeTruthy()
	})

	test('a limit raised later does not revive a session the old one ended (its stored expiry has passed)', async () => {
		const admin = await sessionAged({ signedIn: 2 * HOUR, lastSeen: 40 * MINUTE })
		await handle.db
			.update(sessions)
			.set({ expiresAt: new Date(Date.now() - 10 * MINUTE) })
			.where(eq(sessions.userId, admin.user.id))
		await saveLimits({ sessionIdleMinutes: 120 })
		await expectSignedOut(admin.cookie)
	})
})

describe('the absolute lifetime', () => {
	test('7 days by default (decision 0022): a session used a minute ago is refused 7 days and a minute after its sign-in', async () => {
		const old = await sessionAged({ signedIn: 7 * 24 * HOUR + MINUTE, lastSeen: MINUTE })
		await expectSignedOut(old.cookie)
		expect(await stored(old.user.id)).toEqual([])
		const sixDays = await sessionAged({ signedIn: 6 * 24 * HOUR, lastSeen: MINUTE })
		await expect(dashboard(sixDays.cookie)).resolves.toBeTruthy()
	})

	test('is the setting: at 2 hours a busy session ends 2 hours after its sign-in', async () => {
		await saveLimits({ sessionLifetimeHours: 2 })
		await expectSignedOut((await sessionAged({ signedIn: 2 * HOUR + MINUTE, lastSeen: MINUTE })).cookie)
		await expect(dashboard((await sessionAged({ signedIn: 2 * HOUR - 5 * MINUTE, lastSeen: MINUTE })).cookie)).resolves.toBeTruthy()
	})

	test("better-auth's own expiry is the longest lifetime allowed (30 days), so only the settings end a session sooner", async () => {
		expect(LONGEST_SESSION_SECONDS).toBe(30 * 24 * 3600)
		const admin = await signedInStaff(services, ['admin'])
		const [session] = await stored(admin.user.id)
		expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBeGreaterThan(29 * 24 * HOUR)
	})
})
