import { type AuthenticationResponseJSON, generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server'
import { and, eq } from 'drizzle-orm'
import type { AppServices } from '#app/context.ts'
import { hitRateLimit, rateLimitKey, releaseRateLimit } from '#app/features/security/rate-limit.server.ts'
import { passkeys, sessions } from '#db/schema.ts'
import { PasskeyError } from './passkeys.server.ts'
import type { StaffUser } from './staff-session.server.ts'
import { STEP_UP_LIMIT, type StepUpResult } from './step-up.server.ts'

/** A confirmation's challenge, kept for this session alone for 5 minutes (as the sign-in's). */
const CHALLENGE_SECONDS = 300
const challengeId = (sessionId: string) => `passkey-step-up:${sessionId}`

/** The relying party, as the passkey plugin has it (passkey-options.server.ts): the base URL's host name and origin. */
const relyingParty = (services: AppServices) => {
	const url = new URL(services.config.baseUrl)
	return { rpID: url.hostname, origin: url.origin }
}

/**
 * docs/decisions/0093: the confirm screen takes one of the account's own passkeys instead of the password and code.
 * The options name only this account's passkeys and require user verification; the challenge is kept for this session.
 */
export async function passkeyStepUpOptions(services: AppServices, user: StaffUser) {
	const own = await services.db
		.select({ credentialID: passkeys.credentialID, transports: passkeys.transports })
		.from(passkeys)
		.where(eq(passkeys.userId, user.id))
	if (own.length === 0) throw new PasskeyError('Your account has no passkey. Enter your password and code instead.', 400)
	const options = await generateAuthenticationOptions({
		rpID: relyingParty(services).rpID,
		userVerification: 'required',
		allowCredentials: own.map((passkey) => ({
			id: passkey.credentialID,
			transports: (passkey.transports?.split(',').filter(Boolean) ?? []) as never,
		})),
	})
	const { internalAdapter } = await services.auth.$context
	// A new challenge replaces the session's older one.
	await internalAdapter.consumeVerificationValue(challengeId(user.sessionId))
	await internalAdapter.createVerificationValue({
		identifier: challengeId(user.sessionId),
		value: options.challenge,
		expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
	})
	return options
}

/**
 * Checks the assertion against the session's challenge and the account's own passkey (user verification required), with
 * the confirm screen's limit (5 wrong answers per 15 minutes per account, shared with the password and code); a right
 * one is given back and marks the session as confirmed now. No session is made: the one in use is confirmed.
 */
export async function confirmWithPasskey(
	services: AppServices,
	user: StaffUser,
	assertion: Record<string, unknown>,
): Promise<StepUpResult> {
	const key = rateLimitKey('step-up', user.id)
	const limit = await hitRateLimit(services.db, key, STEP_UP_LIMIT.limit, STEP_UP_LIMIT.windowSeconds)
	if (!limit.allowed)
		return { ok: false, status: 429, error: 'Too many wrong attempts.', method: 'passkey', retryAfterSeconds: limit.retryAfterSeconds }
	const refused: StepUpResult = { ok: false, status: 400, error: 'That passkey did not confirm it is you.', method: 'passkey' }
	const challenge = await (await services.auth.$context).internalAdapter.consumeVerificationValue(challengeId(user.sessionId))
	if (!challenge || new Date(challenge.expiresAt).getTime() < Date.now()) return refused
	const [passkey] = await services.db
		.select()
		.from(passkeys)
		.where(and(eq(passkeys.userId, user.id), eq(passkeys.credentialID, String(assertion.id))))
	if (!passkey) return refused
	const { rpID, origin } = relyingParty(services)
	try {
		const verification = await verifyAuthenticationResponse({
			response: assertion as unknown as AuthenticationResponseJSON,
			expectedChallenge: challenge.value,
			expectedOrigin: origin,
			expectedRPID: rpID,
			credential: {
				id: passkey.credentialID,
				publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64')),
				counter: passkey.counter,
				transports: (passkey.transports?.split(',').filter(Boolean) ?? []) as never,
			},
			// The PIN or biometric is required here: without it the library refuses the assertion.
			requireUserVerification: true,
		})
		if (!verification.verified) return refused
		await services.db
			.update(passkeys)
			.set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
			.where(eq(passkeys.id, passkey.id))
	} catch {
		return refused
	}
	await releaseRateLimit(services.db, key)
	await services.db.update(sessions).set({ reauthenticatedAt: new Date() }).where(eq(sessions.id, user.sessionId))
	return { ok: true, method: 'passkey' }
}
