import type { PasskeyOptions } from '@better-auth/passkey'
import { APIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema.ts'

export const PASSKEY_NEEDS_TOTP = 'Set up an authenticator app first: it stays your way in when a passkey is not at hand.'
export const PASSKEY_NOT_VERIFIED = 'The passkey did not check that it was you (a PIN, fingerprint or face). Use one that does.'

/**
 * docs/decisions/0093: the passkey plugin's options. The relying party is the base URL's host name and the origin the
 * base URL itself, so a passkey made here works only on that host (and an IP address cannot be one). A passkey is a
 * whole sign-in, so it must verify its user (PIN or biometric) and be discoverable ("Sign in with a passkey" without an
 * e-mail). The plugin asks for user verification but does not insist on it; the checks below refuse a ceremony
 * without it, before anything is stored or a session made.
 */
export function passkeyOptions(db: Database, baseUrl: string): PasskeyOptions {
	const url = new URL(baseUrl)
	return {
		rpID: url.hostname,
		rpName: 'Staff dashboard',
		origin: url.origin,
		authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
		registration: {
			async afterVerification({ verification, user }) {
				if (!verification.registrationInfo?.userVerified) throw new APIError('BAD_REQUEST', { message: PASSKEY_NOT_VERIFIED })
				// TOTP stays the fallback: only an account with an authenticator app (and so recovery codes) adds a passkey.
				const [account] = await db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id))
				if (account?.twoFactorEnabled !== true) throw new APIError('FORBIDDEN', { message: PASSKEY_NEEDS_TOTP })
			},
		},
		authentication: {
			async afterVerification({ verification }) {
				if (!verification.authenticationInfo.userVerified) throw new APIError('UNAUTHORIZED', { message: PASSKEY_NOT_VERIFIED })
			},
		},
	}
}
