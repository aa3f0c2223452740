import crypto from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { symmetricDecrypt } from 'better-auth/crypto'
import type { Database } from '#db/client.ts'
import { twoFactors } from '#db/schema.ts'
import type { Auth } from './auth.server.ts'

export const TOTP_ALREADY_USED = 'This code has already been used. Sign in again and enter the next code from your app.'

/** better-auth's TOTP: 30-second steps, 6 digits, HMAC-SHA-1 keyed with the secret's UTF-8 bytes (RFC 6238). */
const PERIOD_SECONDS = 30
const DIGITS = 6
/** better-auth accepts the step before and after the current one; one more each side covers a step boundary passed since. */
const SEARCH = 2

function hotp(secret: string, step: number) {
	const counter = Buffer.alloc(8)
	counter.writeBigUInt64BE(BigInt(step))
	const digest = crypto.createHmac('sha1', Buffer.from(secret, 'utf8')).update(counter).digest()
	const offset = digest[digest.length - 1]! & 0xf
	return ((digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).toString().padStart(DIGITS, '0')
}

/**
 * docs/decisions/0076: RFC 6238 §5.2, a code is accepted once. Called after better-auth accepted `code`
 * for the account: finds the time step it belongs to and records it as the last one used, in one atomic
 * update that succeeds only for a step later than the last recorded. False: the code (or an older one)
 * was already used, and the caller must not let it in.
 */
export async function acceptTotpStep(auth: Auth, db: Database, userId: string, code: string, now = Date.now()): Promise<boolean> {
	const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId))
	if (!row) return false
	const context = await auth.$context
	const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret })
	const current = Math.floor(now / 1000 / PERIOD_SECONDS)
	let step: number | null = null
	for (let candidate = current - SEARCH; candidate <= current + SEARCH; candidate++) {
		const expected = hotp(secret, candidate)
		if (expected.length === code.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(code))) step = candidate
	}
	if (step === null) return false
	const updated = await db
		.update(twoFactors)
		.set({ lastTotpStep: step })
		.where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
		.returning({ id: twoFactors.id })
	return updated.length > 0
}
