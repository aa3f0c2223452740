import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { passkeys, rateLimits, sessions } from '#db/schema.ts'
import { PASSKEY_NEEDS_TOTP, PASSKEY_NOT_VERIFIED } from '#app/features/auth/passkey-options.server.ts'
import { listPasskeys, removePasskey, renamePasskey } from '#app/features/auth/passkeys.server.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { resetSecondFactor } from '#app/features/users/users.server.ts'
import { lastActivity } from '../../../tests/activity-entries.ts'
import { postPasskeys, registerPasskey, withCookies } from '../../../tests/passkey-harness.ts'
import { type SeededApp, openSeededApp, routeContext } from '../../../tests/test-services.ts'
import { secondFactorRequirementOff, signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { SoftwareAuthenticator } from '../../../tests/webauthn-authenticator.ts'
import { PASSKEYS_FIRST, action as securityAction, loader as securityLoader } from './security.tsx'

/** docs/decisions/0093: the Security screen's passkeys: who may add one, when, and what is logged. */
let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(rateLimits)
})

const passkeysOf = (userId: string) => handle.db.select().from(passkeys).where(eq(passkeys.userId, userId))

/** Moves the session's sign-in (and any confirmation) back, so its step-up window is over. */
const ageSession = async (cookie: string, userId: string) => {
	const long = new Date(Date.now() - 10 * 60_000)
	await handle.db.update(sessions).set({ createdAt: long, reauthenticatedAt: null }).where(eq(sessions.userId, userId))
	return cookie
}

describe('adding a passkey', () => {
	test('an account with its authenticator app adds a passkey under its name; the log names it, never its key', async () => {
		const staff = await signedInStaff(services, ['user'])
		const authenticator = new SoftwareAuthenticator()
		const added = await registerPasskey(services, staff.cookie, authenticator, 'Work laptop')
		expect(added.status).toBe(200)
		const [stored] = await passkeysOf(staff.user.id)
		expect(stored).toMatchObject({ name: 'Work laptop', credentialID: Buffer.from(authenticator.credentials[0]!.id).toString('base64url') })
		const entry = await lastActivity(handle.db, 'auth.passkey_added', staff.user.id)
		expect(entry).toMatchObject({ actorId: staff.user.id, details: { name: 'Work laptop' } })
		expect(JSON.stringify(entry)).not.toContain(stored!.publicKey)
		expect(JSON.stringify(entry)).not.toContain(stored!.credentialID)
		// The Security screen lists it by name and dates, never with its key or credential id.
		const screen = (await securityLoader({
			request: staffRequest('http://localhost:3000/dashboard/security', staff.cookie),
			context: routeContext(services),
			params: {},
		} as never)) as { passkeys: unknown[] }
		expect(screen.passkeys).toEqual([
			{ id: stored!.id, name: 'Work laptop', createdAt: stored!.createdAt!.toISOString(), lastUsedAt: null, synced: false },
		])
	})

	test('an account without an authenticator app is sent to set one up, and better-auth refuses it too', async () => {
		const staff = await signedInStaff(services, ['admin'], { secondFactor: false })
		const refused = await postPasskeys(services, staff.cookie, { intent: 'options', name: 'Laptop' })
		expect({ status: refused.status, location: refused.headers.get('Location') }).toEqual({
			status: 302,
			location: '/dashboard/security?required=1',
		})
		// Straight to the plugin (every way in is checked where the credential is stored): no passkey without the app.
		const options = await services.auth.api.generatePasskeyRegistrationOptions({
			headers: new Headers({ cookie: staff.cookie }),
			asResponse: true,
		})
		const credential = new SoftwareAuthenticator().register(await options.json())
		const stored = await services.auth.api.verifyPasskeyRegistration({
			body: { response: credential, name: 'Sneaked in' },
			headers: new Headers({ cookie: withCookies(staff.cookie, options), origin: 'http://localhost:3000' }),
			asResponse: true,
		})
		expect(stored.status).toBe(403)
		expect(((await stored.json()) as { message: string }).message).toBe(PASSKEY_NEEDS_TOTP)
		expect(await passkeysOf(staff.user.id)).toEqual([])
	})

	test('with the requirement switched off, an account without an authenticator app still cannot add one', async () => {
		const restore = await secondFactorRequirementOff(services)
		try {
			const staff = await signedInStaff(services, ['user'], { secondFactor: false })
			const refused = await postPasskeys(services, staff.cookie, { intent: 'options', name: 'Laptop' })
			expect(refused.status).toBe(403)
			expect(await refused.json()).toEqual({ error: PASSKEY_NEEDS_TOTP })
			const added = await postPasskeys(services, staff.cookie, { intent: 'add', name: 'Laptop', response: '{"id":"x"}' })
			expect(added.status).toBe(403)
		} finally {
			await restore()
		}
	})

	test('adding needs a recent sign-in or confirmation: an older session is sent to confirm first, at both steps', async () => {
		const staff = await signedInStaff(services, ['moderator'])
		const authenticator = new SoftwareAuthenticator()
		const options = await postPasskeys(services, staff.cookie, { intent: 'options', name: 'Phone' })
		expect(options.status).toBe(200)
		const credential = authenticator.register(await options.json())
		await ageSession(staff.cookie, staff.user.id)
		const confirm = '/dashboard/confirm?redirectTo=%2Fdashboard%2Fsecurity'
		const added = await postPasskeys(services, withCookies(staff.cookie, options), {
			intent: 'add',
			name: 'Phone',
			response: JSON.stringify(credential),
		})
		expect({ status: added.status, location: added.headers.get('Location') }).toEqual({ status: 302, location: confirm })
		const again = await postPasskeys(services, staff.cookie, { intent: 'options', name: 'Phone' })
		expect({ status: again.status, location: again.headers.get('Location') }).toEqual({ status: 302, location: confirm })
		expect(await passkeysOf(staff.user.id)).toEqual([])
	})

	test('a passkey that does not verify its user (no PIN, no biometric) is refused', async () => {
		const staff = await signedInStaff(services, ['user'])
		const added = await registerPasskey(services, staff.cookie, new SoftwareAuthenticator(), 'Bare key', { userVerified: false })
		expect(added.status).toBe(400)
		expect(await added.json()).toEqual({ error: PASSKEY_NOT_VERIFIED })
		expect(await passkeysOf(staff.user.id)).toEqual([])
	})

	test('a name is required and one line', async () => {
		const staff = await signedInStaff(services, ['user'])
		const added = await registerPasskey(services, staff.cookie, new SoftwareAuthenticator(), ' ')
		expect(added.status).toBe(400)
		expect(await passkeysOf(staff.user.id)).toEqual([])
	})
})

describe('renaming and removing', () => {
	test('the owner renames and removes a passkey; removing is logged with its name', async () => {
		const staff = await signedInStaff(services, ['user'])
		await registerPasskey(services, staff.cookie, new SoftwareAuthenticator(), 'Old name')
		const [stored] = await passkeysOf(staff.user.id)
		expect((await postPasskeys(services, staff.cookie, { intent: 'rename', id: stored!.id, name: 'Desk key' })).status).toBe(200)
		expect((await passkeysOf(staff.user.id))[0]!.name).toBe('Desk key')
		expect((await postPasskeys(services, staff.cookie, { intent: 'remove', id: stored!.id })).status).toBe(200)
		expect(await passkeysOf(staff.user.id)).toEqual([])
		expect(await lastActivity(handle.db, 'auth.passkey_removed', staff.user.id)).toMatchObject({
			actorId: staff.user.id,
			details: { name: 'Desk key' },
		})
	})

	test("another account's passkey can be neither renamed nor removed", async () => {
		const owner = await signedInStaff(services, ['user'])
		const other = await signedInStaff(services, ['admin'])
		await registerPasskey(services, owner.cookie, new SoftwareAuthenticator(), 'Mine')
		const [stored] = await passkeysOf(owner.user.id)
		expect((await postPasskeys(services, other.cookie, { intent: 'rename', id: stored!.id, name: 'Yours' })).status).toBe(404)
		expect((await postPasskeys(services, other.cookie, { intent: 'remove', id: stored!.id })).status).toBe(404)
		expect(await passkeysOf(owner.user.id)).toMatchObject([{ id: stored!.id, name: 'Mine' }])
	})

	test('removing needs a recent sign-in or confirmation', async () => {
		const staff = await signedInStaff(services, ['user'])
		await registerPasskey(services, staff.cookie, new SoftwareAuthenticator(), 'Kept')
		const [stored] = await passkeysOf(staff.user.id)
		await ageSession(staff.cookie, staff.user.id)
		const removed = await postPasskeys(services, staff.cookie, { intent: 'remove', id: stored!.id })
		expect({ status: removed.status, location: removed.headers.get('Location') }).toEqual({
			status: 302,
			location: '/dashboard/confirm?redirectTo=%2Fdashboard%2Fsecurity',
		})
		expect(await passkeysOf(staff.user.id)).toHaveLength(1)
	})
})

describe('the authenticator app stays the fallback', () => {
	test('turning the app off is refused while the account has passkeys, and allowed once they are gone', async () => {
		const restore = await secondFactorRequirementOff(services)
		try {
			const staff = await signedInStaff(services, ['user'])
			await registerPasskey(services, staff.cookie, new SoftwareAuthenticator(), 'Laptop')
			const disable = () =>
				securityAction({
					request: staffRequest('http://localhost:3000/dashboard/security', staff.cookie, {
						method: 'POST',
						body: new URLSearchParams({ intent: 'disable', password: staff.password }),
					}),
					context: routeContext(services),
					params: {},
				} as never) as unknown as Promise<{ data: { error?: string; done?: string }; init: ResponseInit | null }>
			const refused = await disable()
			expect(refused.data).toEqual({ error: PASSKEYS_FIRST })
			expect(refused.init?.status).toBe(400)
			const [stored] = await passkeysOf(staff.user.id)
			await postPasskeys(services, staff.cookie, { intent: 'remove', id: stored!.id })
			expect((await disable()).data).toEqual({ done: 'disabled' })
		} finally {
			await restore()
		}
	})

	test("an admin's reset of a colleague's lost factor removes their passkeys too, and says how many", async () => {
		const admin = await signedInStaff(services, ['admin'])
		const colleague = await signedInStaff(services, ['user'])
		await registerPasskey(services, colleague.cookie, new SoftwareAuthenticator(), 'Lost phone')
		await registerPasskey(services, colleague.cookie, new SoftwareAuthenticator(), 'Lost laptop')
		await resetSecondFactor(
			services,
			{ ...admin.user, roles: ['admin'], sessionId: 'test', twoFactorEnabled: true },
			colleague.user.id,
			'Lost every device',
		)
		expect(await passkeysOf(colleague.user.id)).toEqual([])
		expect(await lastActivity(handle.db, 'user.second_factor_reset', colleague.user.id)).toMatchObject({
			details: { reason: 'Lost every device', authenticatorApp: true, passkeys: 2 },
		})
	})
})

describe('the Security screen’s list of passkeys', () => {
	const row = (userId: string, name: string | null, createdAt: Date, backedUp: boolean) => ({
		id: crypto.randomUUID(),
		name,
		userId,
		publicKey: 'cHVibGlj',
		credentialID: crypto.randomUUID(),
		counter: 0,
		deviceType: backedUp ? 'multiDevice' : 'singleDevice',
		backedUp,
		createdAt,
	})

	test('oldest first, whatever their names; an unnamed one reads Passkey; a synced one says so', async () => {
		const staff = await signedInStaff(services, ['user'])
		await handle.db
			.insert(passkeys)
			.values([
				row(staff.user.id, 'Alpha key', new Date('2026-03-02T10:00:00Z'), false),
				row(staff.user.id, 'Zed key', new Date('2026-03-01T10:00:00Z'), true),
				row(staff.user.id, null, new Date('2026-03-03T10:00:00Z'), false),
			])
		const listed = await listPasskeys(services, staff.user.id)
		expect(listed.map(({ name, synced }) => ({ name, synced }))).toEqual([
			{ name: 'Zed key', synced: true },
			{ name: 'Alpha key', synced: false },
			{ name: 'Passkey', synced: false },
		])
	})

	test('removing an unnamed passkey logs it as Passkey', async () => {
		const staff = await signedInStaff(services, ['user'])
		const unnamed = row(staff.user.id, null, new Date(), false)
		await handle.db.insert(passkeys).values(unnamed)
		expect((await postPasskeys(services, staff.cookie, { intent: 'remove', id: unnamed.id })).status).toBe(200)
		expect(await lastActivity(handle.db, 'auth.passkey_removed', staff.user.id)).toMatchObject({ details: { name: 'Passkey' } })
	})

	test('without the authenticator app (decision 0093: it stays the fallback) a passkey is neither renamed nor removed', async () => {
		const staff = await signedInStaff(services, ['user'])
		const kept = row(staff.user.id, 'Kept', new Date(), false)
		await handle.db.insert(passkeys).values(kept)
		const withoutApp = { ...staff.user, twoFactorEnabled: false } as unknown as StaffUser
		const facts = { ip: '198.51.100.1', userAgent: 'test' }
		for (const attempt of [
			() => renamePasskey(services, withoutApp, { id: kept.id, name: 'Renamed' }),
			() => removePasskey(services, withoutApp, kept.id, facts),
		])
			await expect(attempt()).rejects.toMatchObject({ status: 403, message: PASSKEY_NEEDS_TOTP })
		expect(await passkeysOf(staff.user.id)).toMatchObject([{ id: kept.id, name: 'Kept' }])
	})
})
