import crypto from 'node:crypto'
import { and, eq, gt, like, or } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users, verifications } from '#db/schema.ts'

/** Reset e-mails one account may be sent per hour, from any address (docs/decisions/0076). */
export const RESET_LINKS_PER_HOUR = 3

/** better-auth's identifier of a reset link (`reset-password:<token>`); an invitation is the same kind of link. */
export const SET_PASSWORD_IDENTIFIER = 'reset-password:'

/**
 * docs/decisions/0076: what the database keeps of a set-password link (reset or invitation) is a
 * SHA-256 of its identifier, so a copy of the table opens no account. The stored prefix differs from
 * better-auth's (`reset-password:`), so a stored value sent back as a token never matches: better-auth
 * also looks an identifier up as it is, for rows written before hashing.
 */
export const STORED_SET_PASSWORD_PREFIX = 'reset-password-sha256:'

export function storedSetPasswordIdentifier(identifier: string) {
	return `${STORED_SET_PASSWORD_PREFIX}${crypto.createHash('sha256').update(identifier).digest('hex')}`
}

/** better-auth's `verification.storeIdentifier`: set-password links hashed, the two-factor challenges as they are. */
export const VERIFICATION_STORAGE = {
	default: 'plain' as const,
	overrides: { [SET_PASSWORD_IDENTIFIER]: { hash: async (identifier: string) => storedSetPasswordIdentifier(identifier) } },
}

export const isStoredSetPasswordLink = (identifier: string) => identifier.startsWith(STORED_SET_PASSWORD_PREFIX)

/**
 * Voids every set-password link of an account: before a new one is made (only the newest link works),
 * and after a reset (a reset ends every other way in). Rows from before hashing are matched too.
 */
export async function voidSetPasswordLinks(db: Database, userId: string) {
	await db
		.delete(verifications)
		.where(
			and(
				eq(verifications.value, userId),
				or(like(verifications.identifier, `${STORED_SET_PASSWORD_PREFIX}%`), like(verifications.identifier, `${SET_PASSWORD_IDENTIFIER}%`)),
			),
		)
}

/** The account a set-password token belongs to, while the link is valid (the reset page checks the new password against it). */
export async function setPasswordLinkOwner(db: Database, token: string) {
	const [row] = await db
		.select({ id: users.id, email: users.email })
		.from(verifications)
		.innerJoin(users, eq(users.id, verifications.value))
		.where(
			and(
				eq(verifications.identifier, storedSetPasswordIdentifier(`${SET_PASSWORD_IDENTIFIER}${token}`)),
				gt(verifications.expiresAt, new Date()),
			),
		)
	return row ?? null
}
