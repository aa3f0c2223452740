import { eq } from 'drizzle-orm'
import { redirect, type RouterContextProvider } from 'react-router'
import { type AppServices, servicesContext } from '#app/context.ts'
import { sessions } from '#db/schema.ts'
import { hitRateLimit, rateLimitKey, releaseRateLimit } from '#app/features/security/rate-limit.server.ts'
import type { StaffUser } from './staff-session.server.ts'
import { acceptTotpStep } from './totp-steps.server.ts'

/** docs/decisions/0088: how recent the password (and second factor) must be before a sensitive action. */
export const STEP_UP_MAX_AGE_MS = 5 * 60_000
export const CONFIRM_PATH = '/dashboard/confirm'
/** Wrong answers at the confirm screen: 5 per 15 minutes per account, as at the set-up's confirm step. */
export const STEP_UP_LIMIT = { limit: 5, windowSeconds: 900 } as const

/**
 * When the session last proved its password and second factor: its sign-in (better-auth makes a staff session only
 * after both) or its latest confirmation at /dashboard/confirm, whichever is later.
 */
export async function lastAuthenticatedAt(services: Pick<AppServices, 'db'>, sessionId: string): Promise<Date | null> {
	const [row] = await services.db
		.select({ createdAt: sessions.createdAt, reauthenticatedAt: sessions.reauthenticatedAt })
		.from(sessions)
		.where(eq(sessions.id, sessionId))
	if (!row) return null
	return row.reauthenticatedAt && row.reauthenticatedAt > row.createdAt ? row.reauthenticatedAt : row.createdAt
}

/**
 * docs/decisions/0088: step-up before a sensitive action (a CSV export, a role change, publishing a rate sheet, rotating
 * a webhook secret, a data request's export or erase). The password and the second factor must have been entered within
 * the last 5 minutes; otherwise this throws the redirect to the confirm screen, which asks for them and comes back to
 * the page (an action's form is posted again by the person, now confirmed).
 */
export async function requireRecentAuth(
	request: Request,
	context: Readonly<RouterContextProvider>,
	user: StaffUser,
	/** `back`: the page to come back to when the request's own address is not one (a download posted from a screen). */
	options: { back?: string; now?: number } = {},
) {
	const last = await lastAuthenticatedAt(context.get(servicesContext), user.sessionId)
	if (last && (options.now ?? Date.now()) - last.getTime() < STEP_UP_MAX_AGE_MS) return
	const url = new URL(request.url)
	const back = options.back ?? `${url.pathname.replace(/\.data$/, '')}${url.search}`
	throw redirect(`${CONFIRM_PATH}?redirectTo=${encodeURIComponent(back)}`)
}

export type StepUpMethod = 'password' | 'totp' | 'recovery_code' | 'passkey'
export type StepUpResult =
	| { ok: true; method: StepUpMethod }
	| { ok: false; status: 400 | 429; error: string; method: StepUpMethod | null; retryAfterSeconds?: number }

/** A recovery code has letters and a dash (better-auth's `xxxxx-xxxxx`); an app's code is six digits. */
const isRecoveryCode = (code: string) => /[a-z-]/i.test(code)

/**
 * Checks the password and, for an account with an authenticator app, its code or a recovery code (each accepted once).
 * Every attempt is counted before anything is checked; a right one is given back. On success the session is marked
 * as confirmed now.
 */
export async function confirmRecentAuth(
	services: AppServices,
	request: Request,
	user: StaffUser,
	input: { password: string; code: string },
): Promise<StepUpResult> {
	const key = rateLimitKey('step-up', user.id)
	const limit = await hitRateLimit(services.db, key, STEP_UP_LIMIT.limit, STEP_UP_LIMIT.windowSeconds)
	if (!limit.allowed)
		return { ok: false, status: 429, error: 'Too many wrong attempts.', method: null, retryAfterSeconds: limit.retryAfterSeconds }
	const code = input.code.replace(/\s/g, '')
	const method: StepUpMethod = !user.twoFactorEnabled ? 'password' : isRecoveryCode(code) ? 'recovery_code' : 'totp'
	const password = await services.auth.api.verifyPassword({
		body: { password: input.password },
		headers: request.headers,
		asResponse: true,
	})
	if (!password.ok) return { ok: false, status: 400, error: 'Your password is not correct', method }
	if (method === 'totp' && !(await acceptTotpStep(services.auth, services.db, user.id, code)))
		return { ok: false, status: 400, error: 'That code is not valid, or was already used. Enter the next code from your app.', method }
	if (method === 'recovery_code') {
		const response = await services.auth.api.verifyBackupCode({
			body: { code, disableSession: true },
			headers: request.headers,
			asResponse: true,
		})
		if (!response.ok) return { ok: false, status: 400, error: 'That recovery code is not valid, or was already used.', method }
	}
	await releaseRateLimit(services.db, key)
	await services.db.update(sessions).set({ reauthenticatedAt: new Date() }).where(eq(sessions.id, user.sessionId))
	return { ok: true, method }
}
