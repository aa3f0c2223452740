import crypto from 'node:crypto'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin, twoFactor } from 'better-auth/plugins'
import { passkey } from '@better-auth/passkey'
import { eq } from 'drizzle-orm'
import type { Logger } from '#app/context.ts'
import type { Database } from '#db/client.ts'
import * as schema from '#db/schema.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { clearRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { authCookieOptions } from './auth-cookies.server.ts'
import { authLogger } from './auth-logger.server.ts'
import { authActivityHooks } from '#app/features/activity/auth-activity.server.ts'
import { LOGIN_ACCOUNT_SCOPE } from './login-schema.ts'
import { VERIFICATION_STORAGE, isStoredSetPasswordLink, voidSetPasswordLinks } from './set-password-links.server.ts'
import { hashPassword, verifyPassword } from './password-hash.server.ts'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-policy.server.ts'
import { formatRoles, parseRoles } from './roles.ts'
import { recoveryCodesLeft } from './second-factor.server.ts'
import { LONGEST_SESSION_SECONDS } from './session-limits.ts'
import { passkeyOptions } from './passkey-options.server.ts'

export type AuthOptions = {
	db: Database
	baseUrl: string
	secret: string
	/** E-mails that become admin when they sign in (the spec's hard-coded admin address, as configuration). */
	adminEmails: string[]
	/** Called after a reset e-mail is queued, so the worker sends it at once. */
	onMailQueued?: () => void
	/** Where better-auth's own messages go (without personal data); unset, they are dropped. */
	log?: Logger
}

export function createAuth(options: AuthOptions) {
	const { db } = options
	// docs/decisions/0087: sign-ins, sign-outs and account security changes go to the activity log.
	// docs/decisions/0088: a recovery code's use is logged with how many are left.
	const activity = authActivityHooks(db, (userId) => recoveryCodesLeft(auth, db, userId))
	const auth = betterAuth({
		appName: 'Staff dashboard',
		baseURL: options.baseUrl,
		secret: options.secret,
		trustedOrigins: [options.baseUrl],
		database: drizzleAdapter(db, {
			provider: 'pg',
			usePlural: true,
			schema: {
				users: schema.users,
				sessions: schema.sessions,
				accounts: schema.accounts,
				verifications: schema.verifications,
				twoFactors: schema.twoFactors,
				passkeys: schema.passkeys,
			},
		}),
		// Every auth call goes through the app's own actions, which validate and rate-limit.
		rateLimit: { enabled: false },
		telemetry: { enabled: false },
		logger: authLogger(options.log),
		// docs/decisions/0089: how long a session lasts is the Settings' idle timeout and lifetime, checked and written at
		// each request by getStaffUser; better-auth's own expiry is the longest lifetime allowed and is never extended by it.
		session: {
			expiresIn: LONGEST_SESSION_SECONDS,
			disableSessionRefresh: true,
			// docs/decisions/0093: how recent a sign-in must be is the app's step-up (requireRecentAuth, which counts a
			// confirmation too); better-auth's own check looks at the sign-in alone and would refuse a confirmed old session.
			freshAge: 0,
			additionalFields: { lastSeenAt: { type: 'date', required: false, input: false } },
		},
		emailAndPassword: {
			enabled: true,
			disableSignUp: true,
			minPasswordLength: MIN_PASSWORD_LENGTH,
			maxPasswordLength: MAX_PASSWORD_LENGTH,
			password: { hash: hashPassword, verify: verifyPassword },
			revokeSessionsOnPasswordReset: true,
			resetPasswordTokenExpiresIn: 60 * 60,
			// A reset ends every other way in: the account's other reset and invitation links stop working too.
			async onPasswordReset({ user }) {
				await voidSetPasswordLinks(db, user.id)
				// docs/decisions/0076: the link proved the mailbox, so the sign-in slowdown of the account is over.
				await clearRateLimit(db, rateLimitKey(LOGIN_ACCOUNT_SCOPE, user.email.toLowerCase()))
				await activity.passwordReset(user)
			},
			async sendResetPassword({ user, token }) {
				const link = `${options.baseUrl}/reset-password?token=${encodeURIComponent(token)}`
				await enqueueMail(db, 'password-reset', {
					to: [user.email],
					subject: 'Reset your password',
					lines: [
						`Hello ${user.name || user.email},`,
						'',
						'Someone asked to reset the password of your staff account. To choose a new password, open this link within one hour:',
						'',
						link,
						'',
						'If you did not ask for this, ignore this e-mail; your password stays as it is.',
					],
				})
				options.onMailQueued?.()
			},
		},
		// docs/decisions/0076: reset and invitation links are kept as hashes.
		verification: { storeIdentifier: VERIFICATION_STORAGE },
		hooks: activity.hooks,
		databaseHooks: {
			user: activity.databaseHooks.user,
			verification: {
				create: {
					// docs/decisions/0076: a new set-password link (reset or invitation) voids the account's older ones.
					async before(verification) {
						if (isStoredSetPasswordLink(verification.identifier)) await voidSetPasswordLinks(db, verification.value)
					},
				},
			},
			session: {
				create: {
					// Configured admin e-mails get the admin role on sign-in.
					async before(session) {
						if (options.adminEmails.length === 0) return
						const [user] = await db.select().from(schema.users).where(eq(schema.users.id, session.userId))
						if (user && options.adminEmails.includes(user.email.toLowerCase()) && !parseRoles(user.role).includes('admin')) {
							await db
								.update(schema.users)
								.set({ role: formatRoles([...parseRoles(user.role), 'admin']) })
								.where(eq(schema.users.id, user.id))
						}
					},
					after: activity.databaseHooks.session.create.after,
				},
				delete: activity.databaseHooks.session.delete,
			},
		},
		plugins: [
			admin({ adminRoles: ['admin'], defaultRole: 'user' }),
			// The second factor must be entered within 10 minutes of the password.
			twoFactor({ twoFactorCookieMaxAge: 600 }),
			// docs/decisions/0093: passkeys, bound to the base URL's host name.
			passkey(passkeyOptions(db, options.baseUrl)),
		],
		advanced: { database: { generateId: () => crypto.randomUUID() }, ...authCookieOptions(options.baseUrl) },
	})
	return auth
}

export type Auth = ReturnType<typeof createAuth>

/** Uses AUTH_SECRET when set; otherwise a random secret generated once and kept in the database for every process. */
export async function resolveAuthSecret(db: Database, configured: string | undefined) {
	if (configured) return configured
	const generated = crypto.randomBytes(32).toString('base64url')
	await db.insert(schema.appSecrets).values({ name: 'auth', value: generated }).onConflictDoNothing()
	const [row] = await db.select().from(schema.appSecrets).where(eq(schema.appSecrets.name, 'auth'))
	return row!.value
}
