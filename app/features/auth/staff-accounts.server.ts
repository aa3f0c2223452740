import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema.ts'
import type { Auth } from './auth.server.ts'
import { passwordProblem } from './password-policy.server.ts'
import { type Role, formatRoles, parseRoles } from './roles.ts'

export class StaffAccountError extends Error {}

/** Creates a staff account with an e-mail and password (the CLI, the first admin and, later, invitations). */
export async function createStaffAccount(
	auth: Auth,
	db: Database,
	input: { email: string; name: string; password: string | null; roles: Role[] },
) {
	const email = input.email.trim().toLowerCase()
	if (input.password !== null) {
		const problem = passwordProblem(input.password)
		if (problem) throw new StaffAccountError(problem)
	}
	const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
	if (existing) throw new StaffAccountError(`An account with the e-mail ${email} already exists`)
	const context = await auth.$context
	const user = await context.internalAdapter.createUser(
		{ email, name: input.name.trim() || email, emailVerified: true, role: formatRoles(input.roles) },
		{ method: 'admin' },
	)
	if (input.password !== null) {
		await context.internalAdapter.linkAccount({
			userId: user.id,
			providerId: 'credential',
			accountId: user.id,
			password: await context.password.hash(input.password),
		})
	}
	return user
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start: creates the account when it is missing, and makes sure it is
 * an admin. An existing account keeps its password, so a password changed since is not reset.
 */
export async function ensureAdminAccount(auth: Auth, db: Database, email: string, password: string) {
	const normalized = email.trim().toLowerCase()
	const [existing] = await db.select().from(users).where(eq(users.email, normalized))
	if (!existing) return createStaffAccount(auth, db, { email: normalized, name: 'Administrator', password, roles: ['admin'] })
	if (!parseRoles(existing.role).includes('admin')) {
		await db
			.update(users)
			.set({ role: formatRoles([...parseRoles(existing.role), 'admin']) })
			.where(eq(users.id, existing.id))
	}
	return existing
}
