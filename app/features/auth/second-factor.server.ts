import { eq } from 'drizzle-orm'
import { symmetricDecrypt } from 'better-auth/crypto'
import type { Database } from '#db/client.ts'
import { twoFactors } from '#db/schema.ts'
import type { Auth } from './auth.server.ts'

/**
 * docs/decisions/0088: how many recovery codes the account has left (each works once at the sign-in's second step),
 * or null without an authenticator app. better-auth keeps them encrypted with the auth secret, as a JSON list.
 */
export async function recoveryCodesLeft(auth: Auth, db: Database, userId: string): Promise<number | null> {
	const [row] = await db.select({ backupCodes: twoFactors.backupCodes }).from(twoFactors).where(eq(twoFactors.userId, userId))
	if (!row) return null
	const context = await auth.$context
	try {
		const codes = JSON.parse(await symmetricDecrypt({ key: context.secretConfig, data: row.backupCodes })) as unknown
		return Array.isArray(codes) ? codes.length : 0
	} catch {
		return 0
	}
}
