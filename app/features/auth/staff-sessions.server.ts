import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { AppServices } from '#app/context.ts'
import { sessions, users } from '#db/schema.ts'
import { parseRoles, roleLabels } from './roles.ts'
import { deviceName } from './device-name.ts'
import { sessionEndsAt, sessionLimitsOf } from './session-limits.ts'

/** One live staff session as the Sessions screen lists it (docs/decisions/0089). */
export type StaffSessionRow = {
	id: string
	name: string
	email: string
	roles: string
	ipAddress: string | null
	device: string
	signedInAt: string
	lastSeenAt: string
	endsAt: string
	current: boolean
}

/**
 * Every staff session still live under the Settings' limits, the most recently used first. Sessions past a limit
 * that nobody presented again are not listed (the next request with them deletes them).
 */
export async function listStaffSessions(services: AppServices, currentSessionId: string, now = new Date()): Promise<StaffSessionRow[]> {
	const limits = sessionLimitsOf(await services.content.get('settings'))
	const rows = await services.db
		.select({
			id: sessions.id,
			createdAt: sessions.createdAt,
			lastSeenAt: sessions.lastSeenAt,
			expiresAt: sessions.expiresAt,
			ipAddress: sessions.ipAddress,
			userAgent: sessions.userAgent,
			name: users.name,
			email: users.email,
			role: users.role,
		})
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.where(and(gt(sessions.expiresAt, now), sql`coalesce(${users.banned}, false) = false`))
		.orderBy(desc(sessions.lastSeenAt))
	return rows.flatMap((row) => {
		const endsAt = sessionEndsAt(row, limits)
		if (endsAt <= now) return []
		return [
			{
				id: row.id,
				name: row.name,
				email: row.email,
				roles: roleLabels(parseRoles(row.role)),
				ipAddress: row.ipAddress,
				device: deviceName(row.userAgent),
				signedInAt: row.createdAt.toISOString(),
				lastSeenAt: row.lastSeenAt.toISOString(),
				endsAt: endsAt.toISOString(),
				current: row.id === currentSessionId,
			},
		]
	})
}

/** Ends one session (any staff member's): deleted, so its cookie opens nothing from the next request on. Answers whether it existed. */
export async function endStaffSession(services: AppServices, sessionId: string) {
	const ended = await services.db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ id: sessions.id })
	return ended.length > 0
}
