import { createAuthMiddleware, isAPIError } from 'better-auth/api'
import { eq, sql } from 'drizzle-orm'
import { parseRoles } from '#app/features/auth/roles.ts'
import type { Database } from '#db/client.ts'
import { passkeys, users } from '#db/schema.ts'
import type { ActivityAction } from './activity-entry.ts'
import { activityActor, recordActivity } from './activity-log.server.ts'

/** What better-auth's database hooks are told of the endpoint that caused them (null outside one). */
type EndpointContext = {
	path?: string
	headers?: Headers
	body?: unknown
	context?: { session?: { user?: { id: string } } | null; returned?: unknown }
} | null

/** The endpoints that sign in, and how (any other that makes a session is "other"). */
const SIGN_IN_METHODS: Readonly<Record<string, 'password' | 'totp' | 'backup_code' | 'passkey'>> = {
	'/sign-in/email': 'password',
	'/two-factor/verify-totp': 'totp',
	'/two-factor/verify-backup-code': 'backup_code',
	// docs/decisions/0093: a passkey sign-in is a whole sign-in of its own.
	'/passkey/verify-authentication': 'passkey',
}
const PASSKEY_SIGN_IN = '/passkey/verify-authentication'

const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code'])

/**
 * docs/decisions/0087: staff sign-in and account security in the activity log, from better-auth's own hooks, so every
 * way in (the app's forms today, passkeys or an admin's session list tomorrow) is logged alike. The IP and user agent
 * are the request's (activity-log.server.ts, set by the root middleware).
 */
export function authActivityHooks(db: Database, recoveryCodesLeft: (userId: string) => Promise<number | null>) {
	/** Endpoint calls that turned two-factor on or off: the session they swap is not a sign-in or a sign-out. */
	const secondFactorChanges = new WeakSet<object>()

	async function accountOf(where: { id: string } | { email: string }) {
		const [user] = await db
			.select({ id: users.id, email: users.email, role: users.role, twoFactorEnabled: users.twoFactorEnabled })
			.from(users)
			.where('id' in where ? eq(users.id, where.id) : sql`lower(${users.email}) = ${where.email.toLowerCase()}`)
		return user ?? null
	}

	async function record(
		account: { id: string; email: string; role: string | null } | null,
		action: ActivityAction,
		subjectId?: string | null,
	) {
		const actor = activityActor(account ? { id: account.id, email: account.email, roles: parseRoles(account.role) } : null)
		await recordActivity(db, actor, action, { kind: 'user', id: subjectId ?? account?.id ?? null })
	}

	return {
		hooks: {
			after: createAuthMiddleware(async (ctx) => {
				const failed = isAPIError(ctx.context.returned)
				const body = (ctx.body ?? {}) as { email?: unknown }
				if (ctx.path === '/sign-in/email' && failed) {
					const email = typeof body.email === 'string' ? body.email.slice(0, 320) : null
					const account = email ? await accountOf({ email }) : null
					await record(null, { type: 'auth.sign_in_failed', details: { email, step: 'password' } }, account?.id)
				}
				// A wrong code at sign-in (the two-factor cookie is there); one while setting up is not a sign-in.
				if (SECOND_FACTOR_PATHS.has(ctx.path) && failed && (ctx.headers?.get('cookie') ?? '').includes('two_factor')) {
					await record(null, { type: 'auth.sign_in_failed', details: { email: null, step: 'second_factor' } })
				}
				// docs/decisions/0093: a passkey that did not sign in (unknown, not verified, a disabled account): the account
				// the passkey belongs to, when it is one of ours, is the entry's subject.
				if (ctx.path === PASSKEY_SIGN_IN && failed) {
					const credentialId = (body as { response?: { id?: unknown } }).response?.id
					const [owner] =
						typeof credentialId === 'string'
							? await db.select({ userId: passkeys.userId }).from(passkeys).where(eq(passkeys.credentialID, credentialId))
							: []
					await record(null, { type: 'auth.sign_in_failed', details: { email: null, step: 'passkey' } }, owner?.userId)
				}
				// docs/decisions/0088: a recovery code spent (at sign-in or otherwise), with how many the account has left.
				if (ctx.path === '/two-factor/verify-backup-code' && !failed) {
					const userId = (ctx.context.returned as { user?: { id?: string } } | null)?.user?.id
					const account = userId ? await accountOf({ id: userId }) : null
					if (account) await record(account, { type: 'auth.recovery_code_used', details: { left: await recoveryCodesLeft(account.id) } })
				}
				if (ctx.path === '/change-password' && !failed && ctx.context.session) {
					await record(await accountOf({ id: ctx.context.session.user.id }), { type: 'auth.password_changed', details: {} })
				}
			}),
		},
		databaseHooks: {
			user: {
				update: {
					async after(user: { id: string; twoFactorEnabled?: unknown }, context: EndpointContext) {
						const turnedOn = context?.path === '/two-factor/verify-totp' && user.twoFactorEnabled === true
						const turnedOff = context?.path === '/two-factor/disable' && user.twoFactorEnabled === false
						if (!context || !(turnedOn || turnedOff)) return
						secondFactorChanges.add(context)
						const account = await accountOf({ id: user.id })
						await record(account, {
							type: turnedOn ? 'auth.second_factor_added' : 'auth.second_factor_removed',
							details: { method: 'totp' },
						})
					},
				},
			},
			session: {
				create: {
					async after(session: { userId: string }, context: EndpointContext) {
						if (!context || secondFactorChanges.has(context)) return
						const account = await accountOf({ id: session.userId })
						// With two-factor on, the password's session is ended at once and the code's is the sign-in.
						if (context.path === '/sign-in/email' && account?.twoFactorEnabled) return
						await record(account, { type: 'auth.signed_in', details: { method: SIGN_IN_METHODS[context.path ?? ''] ?? 'other' } })
					},
				},
				delete: {
					async before(session: { id: string; userId: string }, context: EndpointContext) {
						if (!context || secondFactorChanges.has(context)) return
						if (context.path === '/sign-out') {
							await record(await accountOf({ id: session.userId }), { type: 'auth.signed_out', details: {} })
						} else if (context.path?.includes('revoke')) {
							// Whoever ended it: the account itself, or an admin ending another's session.
							const by = context.context?.session?.user?.id ?? session.userId
							await record(
								await accountOf({ id: by }),
								{ type: 'auth.session_revoked', details: { sessionId: session.id } },
								session.userId,
							)
						}
					},
				},
			},
		},
		/** emailAndPassword.onPasswordReset: the link's holder reset the password, and every session of the account ended. */
		async passwordReset(user: { id: string }) {
			await record(await accountOf({ id: user.id }), { type: 'auth.password_reset', details: { sessionsRevoked: true } })
		},
	}
}
