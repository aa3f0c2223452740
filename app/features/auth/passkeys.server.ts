import { and, asc, eq } from 'drizzle-orm'
import type { AppServices } from '#app/context.ts'
import { type RequestFacts, activityActor, recordActivity } from '#app/features/activity/activity-log.server.ts'
import { hitRateLimit, rateLimitKey, releaseRateLimit } from '#app/features/security/rate-limit.server.ts'
import { passkeys } from '#db/schema.ts'
import { cookiesOf, forwardCookies } from './forward-cookies.server.ts'
import { knownDeviceCookie } from './known-device.server.ts'
import { PASSKEY_NEEDS_TOTP } from './passkey-options.server.ts'
import { isStaff } from './roles.ts'
import type { StaffUser } from './staff-session.server.ts'

/** What the Security screen lists of a passkey: never its key or credential id. */
export type PasskeySummary = { id: string; name: string; createdAt: string | null; lastUsedAt: string | null; synced: boolean }

export async function listPasskeys(services: Pick<AppServices, 'db'>, userId: string): Promise<PasskeySummary[]> {
	const rows = await services.db
		.select({
			id: passkeys.id,
			name: passkeys.name,
			createdAt: passkeys.createdAt,
			lastUsedAt: passkeys.lastUsedAt,
			backedUp: passkeys.backedUp,
		})
		.from(passkeys)
		.where(eq(passkeys.userId, userId))
		.orderBy(asc(passkeys.createdAt))
	return rows.map((row) => ({
		id: row.id,
		name: row.name || 'Passkey',
		createdAt: row.createdAt?.toISOString() ?? null,
		lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
		synced: row.backedUp,
	}))
}

export class PasskeyError extends Error {
	readonly status: 400 | 401 | 403 | 404 | 429
	readonly retryAfterSeconds: number | undefined
	constructor(message: string, status: 400 | 401 | 403 | 404 | 429, retryAfterSeconds?: number) {
		super(message)
		this.status = status
		this.retryAfterSeconds = retryAfterSeconds
	}
}

const needsTotp = (user: StaffUser) => {
	// docs/decisions/0093: TOTP stays the fallback, so a passkey is added only next to an authenticator app.
	if (!user.twoFactorEnabled) throw new PasskeyError(PASSKEY_NEEDS_TOTP, 403)
}

/** The ceremony's options for a new passkey of the signed-in account, and the challenge cookie to send with them. */
export async function passkeyRegistrationOptions(services: AppServices, request: Request, user: StaffUser) {
	needsTotp(user)
	const response = await services.auth.api.generatePasskeyRegistrationOptions({ headers: request.headers, asResponse: true })
	if (!response.ok) throw new PasskeyError('The passkey could not be started. Sign in again and retry.', 400)
	return { options: (await response.json()) as Record<string, unknown>, headers: forwardCookies(response) }
}

/** Checks the new credential against the challenge (better-auth's plugin), stores it under its name, and logs it. */
export async function addPasskey(
	services: AppServices,
	request: Request,
	user: StaffUser,
	input: { name: string; response: Record<string, unknown> },
	facts: RequestFacts,
) {
	needsTotp(user)
	const response = await services.auth.api.verifyPasskeyRegistration({
		body: { response: input.response, name: input.name },
		headers: request.headers,
		asResponse: true,
	})
	if (!response.ok) {
		const body = (await response.json().catch(() => ({}))) as { message?: string }
		throw new PasskeyError(body.message || 'The passkey could not be added.', 400)
	}
	const { id } = (await response.json()) as { id: string }
	await recordActivity(
		services.db,
		activityActor(user, facts),
		{ type: 'auth.passkey_added', details: { name: input.name } },
		{
			kind: 'user',
			id: user.id,
		},
	)
	return { id, headers: forwardCookies(response) }
}

export async function renamePasskey(services: AppServices, user: StaffUser, input: { id: string; name: string }) {
	needsTotp(user)
	const renamed = await services.db
		.update(passkeys)
		.set({ name: input.name })
		.where(and(eq(passkeys.id, input.id), eq(passkeys.userId, user.id)))
		.returning({ id: passkeys.id })
	if (renamed.length === 0) throw new PasskeyError('This passkey no longer exists.', 404)
}

/** Removes one of the account's own passkeys; the entry names it as it was called. */
export async function removePasskey(services: AppServices, user: StaffUser, id: string, facts: RequestFacts) {
	needsTotp(user)
	await services.db.transaction(async (tx) => {
		const [removed] = await tx
			.delete(passkeys)
			.where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
			.returning({ name: passkeys.name })
		if (!removed) throw new PasskeyError('This passkey no longer exists.', 404)
		await recordActivity(
			tx,
			activityActor(user, facts),
			{ type: 'auth.passkey_removed', details: { name: removed.name || 'Passkey' } },
			{
				kind: 'user',
				id: user.id,
			},
		)
	})
}

export const PASSKEY_SIGN_IN_LIMIT = { limit: 10, windowSeconds: 900 } as const
export const PASSKEY_SIGN_IN_FAILED = 'That passkey did not sign you in. Try again, or sign in with your password.'
export const NO_DASHBOARD_ACCESS = 'Your account does not have access to the dashboard.'

/**
 * "Sign in with a passkey": options without an account (the browser offers the passkeys it holds for this site), so
 * the e-mail is never typed. User verification is asked for here and insisted on when the answer is checked.
 */
export async function passkeySignInOptions(services: AppServices) {
	const response = await services.auth.api.generatePasskeyAuthenticationOptions({ headers: new Headers(), asResponse: true })
	if (!response.ok) throw new PasskeyError('Passkey sign-in could not be started.', 400)
	const options = (await response.json()) as Record<string, unknown>
	return { options: { ...options, userVerification: 'required' }, headers: forwardCookies(response) }
}

/**
 * docs/decisions/0093: a passkey sign-in is a whole sign-in, under every rule of the password's: attempts counted per
 * address before anything is checked (a right one given back), a disabled account gets no session (the admin plugin
 * refuses to make one), a role without the dashboard keeps none, and the browser becomes known to the account. The
 * session it makes is an ordinary one, so the idle timeout and lifetime apply; better-auth's hooks log it.
 */
export async function passkeySignIn(services: AppServices, request: Request, clientIp: string, assertion: Record<string, unknown>) {
	const limitKey = rateLimitKey('passkey-sign-in', clientIp)
	const limit = await hitRateLimit(services.db, limitKey, PASSKEY_SIGN_IN_LIMIT.limit, PASSKEY_SIGN_IN_LIMIT.windowSeconds)
	if (!limit.allowed) throw new PasskeyError('Too many sign-in attempts.', 429, limit.retryAfterSeconds)
	const response = await services.auth.api.verifyPasskeyAuthentication({
		// Its shape is checked by the plugin's verification (@simplewebauthn/server), which refuses anything else.
		body: { response: assertion as never },
		headers: request.headers,
		asResponse: true,
	})
	if (!response.ok)
		throw new PasskeyError(response.status === 403 ? NO_DASHBOARD_ACCESS : PASSKEY_SIGN_IN_FAILED, response.status === 403 ? 403 : 401)
	const session = await services.auth.api.getSession({ headers: new Headers({ cookie: cookiesOf(response) }) })
	if (!session || !isStaff(session.user.role as string | null)) {
		// A signed-in account without a staff role would only meet a closed door: its session is ended, its cookie never sent.
		if (session) await (await services.auth.$context).internalAdapter.deleteSession(session.session.token)
		throw new PasskeyError(NO_DASHBOARD_ACCESS, 403)
	}
	await releaseRateLimit(services.db, limitKey)
	await services.db
		.update(passkeys)
		.set({ lastUsedAt: new Date() })
		.where(and(eq(passkeys.userId, session.user.id), eq(passkeys.credentialID, String(assertion.id))))
	const headers = forwardCookies(response)
	headers.append('Set-Cookie', await knownDeviceCookie(services, session.user.email))
	return { headers, userId: session.user.id }
}
