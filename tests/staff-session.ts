import type { AppServices } from '#app/context.ts'
import { acceptTotpStep } from '#app/features/auth/totp-steps.server.ts'
import { createStaffAccount } from '#app/features/users/staff-accounts.server.ts'
import type { Role } from '#app/features/auth/roles.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { testActor } from './lead-test-data.ts'
import { totpFromUri } from './totp.ts'

let counter = 0

const cookieOf = (response: Response) =>
	response.headers
		.getSetCookie()
		.map((setCookie) => setCookie.split(';')[0])
		.join('; ')

async function ok(response: Response, step: string) {
	if (!response.ok) throw new Error(`${step} failed: ${response.status} ${await response.text()}`)
	return response
}

export type StaffOptions = {
	password?: string
	/**
	 * docs/decisions/0088: every staff account has a second factor, so by default the account enrols an authenticator app
	 * through better-auth's endpoints, as the Security screen does (the password, then the app's first code), and keeps the
	 * session that enrolment gives. `false`: an account that has none yet, which reaches nothing but the set-up.
	 */
	secondFactor?: boolean
}

/**
 * Creates a staff account and signs it in; returns the Cookie header a browser would send. With its second factor
 * (the default): `totpCode(stepsAhead)` is the authenticator's code that many 30-second steps from now (the sign-in
 * used the current one, and a code is accepted once), and `backupCodes` the recovery codes shown at set-up.
 */
export async function signedInStaff(services: AppServices, roles: Role[], options: StaffOptions = {}) {
	const { password = 'Correct-Horse-Battery-9', secondFactor = true } = options
	counter++
	const email = `${roles.join('-') || 'none'}-${counter}-${Date.now()}@example.com`
	const user = await createStaffAccount(services.auth, services.db, { email, name: `Test ${roles.join(' ')}`, password, roles })
	const signIn = await ok(
		await services.auth.api.signInEmail({ body: { email, password }, headers: new Headers(), asResponse: true }),
		'sign-in',
	)
	if (!secondFactor) return { user, email, password, cookie: cookieOf(signIn), totpCode: null, backupCodes: [] as string[] }
	// The Security screen's steps: the password again, then the first code from the app turns the factor on.
	const headers = new Headers({ cookie: cookieOf(signIn) })
	const enabled = await ok(await services.auth.api.enableTwoFactor({ body: { password }, headers, asResponse: true }), 'enrolment')
	const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] }
	const now = Date.now()
	const code = totpFromUri(totpURI, now)
	const verified = await ok(await services.auth.api.verifyTOTP({ body: { code }, headers, asResponse: true }), 'first code')
	// As the Security screen does: the code that turned the factor on cannot then be used to sign in.
	if (!(await acceptTotpStep(services.auth, services.db, user.id, code, now))) throw new Error('the first code was refused')
	return {
		user: { ...user, twoFactorEnabled: true },
		email,
		password,
		cookie: cookieOf(verified),
		totpCode: (stepsAhead = 1) => totpFromUri(totpURI, now + stepsAhead * 30_000),
		backupCodes,
	}
}

/**
 * docs/decisions/0088: the requirement switched off, as an admin does it (with a reason), for a test that turns a
 * factor off; returns what puts the settings back.
 */
export async function secondFactorRequirementOff(services: AppServices) {
	const settings = await services.content.get('settings')
	const twoFactorOff = { reason: 'A test turns a second factor off', by: 'test@example.com', at: new Date().toISOString() }
	await services.content.save('settings', { ...settings, requireTwoFactor: false, twoFactorOff }, 'test')
	return async () => {
		await services.content.save('settings', settings, 'test')
	}
}

export type SignedInStaff = Awaited<ReturnType<typeof signedInStaff>>

/** A request carrying a staff session cookie, as the browser sends it (with an Origin on POSTs). */
export function staffRequest(url: string, cookie: string | null, init: RequestInit = {}) {
	const headers = new Headers(init.headers)
	if (cookie) headers.set('Cookie', cookie)
	if (init.method && init.method !== 'GET') headers.set('Origin', new URL(url).origin)
	return new Request(url, { ...init, headers })
}

/** A staff account with these roles in the database, as the actor a service function takes (no session, no sign-in). */
export async function staffActor(services: AppServices, roles: Role[], name: string): Promise<StaffUser> {
	const email = `${name.toLowerCase().replace(/\W/g, '-')}-${Date.now()}@example.com`
	const user = await createStaffAccount(services.auth, services.db, { email, name, password: 'Correct-Horse-Battery-9', roles })
	return testActor({ id: user.id, email, name, roles })
}
