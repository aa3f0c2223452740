import crypto from 'node:crypto'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { AppServices } from '#app/context.ts'
import { accounts, passkeys, sessions, twoFactors, users } from '#db/schema.ts'
import { type Role, formatRoles, parseRoles } from '#app/features/auth/roles.ts'
import { StaffAccountError, createStaffAccount } from '#app/features/users/staff-accounts.server.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { SET_PASSWORD_IDENTIFIER } from '#app/features/auth/set-password-links.server.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import type { AddUserInput } from './user-schemas.ts'
import { type ActingStaff, actorOfStaff, recordActivity } from '#app/features/activity/activity-log.server.ts'

/** An invitation link stays valid for a week. */
export const INVITATION_DAYS = 7

export class UserAdminError extends Error {}

export async function listStaff(services: AppServices) {
	const rows = await services.db
		.select({
			id: users.id,
			email: users.email,
			name: users.name,
			role: users.role,
			banned: users.banned,
			createdAt: users.createdAt,
			password: accounts.password,
		})
		.from(users)
		.leftJoin(accounts, eq(accounts.userId, users.id))
		.orderBy(desc(users.createdAt))
	const list = rows.map((row) => ({
		id: row.id,
		email: row.email,
		fullName: row.name,
		roles: parseRoles(row.role),
		disabled: row.banned === true,
		invitationPending: !row.password,
		createdAt: row.createdAt.toISOString(),
	}))
	return {
		users: list,
		// spec 2 §6: Regular Users hold the user role and neither admin nor moderator.
		counts: {
			total: list.length,
			admin: list.filter((user) => user.roles.includes('admin')).length,
			regular: list.filter((user) => user.roles.includes('user') && !user.roles.includes('admin') && !user.roles.includes('moderator'))
				.length,
		},
	}
}

/**
 * A set-password link that the reset-password page accepts (better-auth's reset token format). Made through
 * better-auth, so it is stored hashed and voids the account's older links (docs/decisions/0076).
 */
async function invitationLink(services: AppServices, userId: string) {
	const token = crypto.randomBytes(24).toString('base64url')
	const context = await services.auth.$context
	await context.internalAdapter.createVerificationValue({
		identifier: `${SET_PASSWORD_IDENTIFIER}${token}`,
		value: userId,
		expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
	})
	return `${services.config.baseUrl}/reset-password?token=${encodeURIComponent(token)}&invite=1`
}

async function sendInvitation(services: AppServices, user: { id: string; email: string; name: string }, invitedBy: StaffUser) {
	const company = await services.content.get('company')
	const link = await invitationLink(services, user.id)
	await enqueueMail(services.db, 'staff-invitation', {
		to: [user.email],
		subject: `You are invited to the ${company.name} staff dashboard`,
		lines: [
			`Hello ${user.name},`,
			'',
			`${invitedBy.name || invitedBy.email} created a staff account for you on the ${company.name} dashboard.`,
			`Choose your password with this link (valid for ${INVITATION_DAYS} days):`,
			'',
			link,
			'',
			`Then sign in at ${services.config.baseUrl}/login with ${user.email}.`,
		],
	})
	services.wakeOutbox()
}

/** spec 2 §2 Add User: the account is created without a password and its owner sets one from the e-mail. */
export async function inviteStaff(services: AppServices, actor: ActingStaff, input: AddUserInput) {
	try {
		const user = await createStaffAccount(services.auth, services.db, {
			email: input.email,
			name: input.fullName,
			password: null,
			roles: input.roles,
		})
		await sendInvitation(services, user, actor)
		await recordActivity(
			services.db,
			actorOfStaff(actor),
			{ type: 'user.invited', details: { email: user.email, roles: [...input.roles] } },
			{ kind: 'user', id: user.id },
		)
		return user
	} catch (error) {
		if (error instanceof StaffAccountError) throw new UserAdminError(error.message)
		throw error
	}
}

/** An invitation is a set-password link: once the account has a password, it would be a reset link sent by someone else. */
export const ALREADY_HAS_PASSWORD =
	'This user has already set a password, so there is no invitation to send again. They can use "Forgot your password?" on the sign-in page.'

export async function resendInvitation(services: AppServices, actor: StaffUser, userId: string) {
	const [user] = await services.db.select().from(users).where(eq(users.id, userId))
	if (!user) throw new UserAdminError('This user no longer exists')
	const [withPassword] = await services.db
		.select({ id: accounts.id })
		.from(accounts)
		.where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
	if (withPassword) throw new UserAdminError(ALREADY_HAS_PASSWORD)
	await sendInvitation(services, user, actor)
}

export async function setStaffRoles(services: AppServices, actor: ActingStaff, userId: string, roles: Role[]) {
	if (userId === actor.id && !roles.includes('admin')) throw new UserAdminError('You cannot remove your own admin role')
	await services.db.transaction(async (tx) => {
		const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update')
		if (!before) throw new UserAdminError('This user no longer exists')
		await tx
			.update(users)
			.set({ role: formatRoles(roles), updatedAt: new Date() })
			.where(eq(users.id, userId))
		// docs/decisions/0087: the change and its entry commit together.
		await recordActivity(
			tx,
			actorOfStaff(actor),
			{ type: 'user.roles_changed', details: { from: parseRoles(before.role), to: [...roles] } },
			{ kind: 'user', id: userId },
		)
	})
}

/** Disabling ends every session of the account at once; the account can be enabled again. */
export async function setStaffDisabled(services: AppServices, actor: ActingStaff, userId: string, disabled: boolean) {
	if (userId === actor.id && disabled) throw new UserAdminError('You cannot disable your own account')
	await services.db.transaction(async (tx) => {
		const updated = await tx
			.update(users)
			.set({ banned: disabled, banReason: disabled ? `Disabled by ${actor.email}` : null, updatedAt: new Date() })
			.where(eq(users.id, userId))
			.returning({ id: users.id })
		if (updated.length === 0) throw new UserAdminError('This user no longer exists')
		if (disabled) await tx.delete(sessions).where(eq(sessions.userId, userId))
		await recordActivity(tx, actorOfStaff(actor), { type: 'user.disabled', details: { disabled } }, { kind: 'user', id: userId })
	})
}

export const OWN_SECOND_FACTOR = 'You cannot reset your own second factor here; change it on your Security screen'

/**
 * docs/decisions/0088: an admin's recovery of a colleague who lost their second factor. Their authenticator app, recovery
 * codes and passkeys are removed and every session ends, so at their next sign-in (the password alone) they must set
 * up a factor again before they see any data. Never one's own: an admin who lost theirs asks another admin.
 */
export async function resetSecondFactor(services: AppServices, actor: ActingStaff, userId: string, reason: string) {
	if (userId === actor.id) throw new UserAdminError(OWN_SECOND_FACTOR)
	await services.db.transaction(async (tx) => {
		const updated = await tx
			.update(users)
			.set({ twoFactorEnabled: false, updatedAt: new Date() })
			.where(eq(users.id, userId))
			.returning({ id: users.id })
		if (updated.length === 0) throw new UserAdminError('This user no longer exists')
		const removed = await tx.delete(twoFactors).where(eq(twoFactors.userId, userId)).returning({ id: twoFactors.id })
		// docs/decisions/0093: a passkey is only ever added next to the app, and goes with it.
		const removedPasskeys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })
		const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
		await recordActivity(
			tx,
			actorOfStaff(actor),
			{
				type: 'user.second_factor_reset',
				details: { reason, authenticatorApp: removed.length > 0, passkeys: removedPasskeys.length, sessionsEnded: ended.length },
			},
			{ kind: 'user', id: userId },
		)
	})
}
