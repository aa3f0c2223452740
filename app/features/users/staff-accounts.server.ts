import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema.ts'
import type { Auth } from '../auth/auth.server.ts'
import { createContentStore } from '#app/features/content/content.server.ts'
import { passwordProblem } from '../auth/password-policy.server.ts'
import { type Role, formatRoles, parseRoles } from '../auth/roles.ts'

export class StaffAccountError extends Error {}

/** PostgreSQL's unique_violation (23505), wherever the driver, Drizzle or better-auth put it in the chain of causes. */
function isUniqueViolation(error: unknown): boolean {
	for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
		if ((current as { code?: unknown }).code === '23505') return true
		current = (current as { cause?: unknown }).cause
	}
	return false
}

/** The company's name as the site shows it (the CLI and the start have no content store of their own). */
export async function companyName(db: Database) {
	return (await createContentStore(db).get('company')).name
}

/** Creates a staff account with an e-mail and password (the CLI, the first admin and, later, invitations). */
export async function createStaffAccount(
	auth: Auth,
	db: Database,
	input: { email: string; name: string; password: string | null; roles: Role[] },
) {
	const email = input.email.trim().toLowerCase()
	if (input.password !== null) {
		const problem = passwordProblem(input.password, { email, companyName: await companyName(db) })
		if (problem) throw new StaffAccountError(problem)
	}
	const alreadyExists = () => new StaffAccountError(`An account with the e-mail ${email} already exists`)
	const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
	if (existing) throw alreadyExists()
	const context = await auth.$context
	// Two invitations of one new e-mail at once both pass the check above; the unique e-mail decides.
	const user = await context.internalAdapter
		.createUser({ email, name: input.name.trim() || email, emailVerified: true, role: formatRoles(input.roles) }, { method: 'admin' })
		.catch((error: unknown) => {
			throw isUniqueViolation(error) ? alreadyExists() : error
		})
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
