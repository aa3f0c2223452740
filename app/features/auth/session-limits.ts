/** docs/decisions/0089: the bounds of the Settings' idle timeout (minutes) and lifetime (hours), and their defaults. */
export const SESSION_IDLE_MINUTES = { min: 5, max: 12 * 60, default: 30 } as const
export const SESSION_LIFETIME_HOURS = { min: 1, max: 30 * 24, default: 7 * 24 } as const

/** docs/decisions/0089: how long a staff session lasts, as the Settings say (idle timeout and absolute lifetime). */
export type SessionLimits = { idleMs: number; lifetimeMs: number }

export const sessionLimitsOf = (settings: { sessionIdleMinutes: number; sessionLifetimeHours: number }): SessionLimits => ({
	idleMs: settings.sessionIdleMinutes * 60_000,
	lifetimeMs: settings.sessionLifetimeHours * 3_600_000,
})

/** The longest a session may ever last: better-auth's own expiry, so that only our limits end a session earlier. */
export const LONGEST_SESSION_SECONDS = SESSION_LIFETIME_HOURS.max * 3600

/** When the limits end a session: its idle end (last seen + idle timeout) or its absolute end (sign-in + lifetime), whichever is first. */
export function sessionLimitEnd(session: { createdAt: Date; lastSeenAt: Date }, limits: SessionLimits): Date {
	return new Date(Math.min(session.lastSeenAt.getTime() + limits.idleMs, session.createdAt.getTime() + limits.lifetimeMs))
}

/**
 * When a session ends: at its limits' end, and never later than the expiry stored with it at its latest request (so a
 * limit raised later does not revive a session the old one ended).
 */
export function sessionEndsAt(session: { createdAt: Date; lastSeenAt: Date; expiresAt: Date }, limits: SessionLimits): Date {
	return new Date(Math.min(sessionLimitEnd(session, limits).getTime(), session.expiresAt.getTime()))
}

/**
 * A session's last-seen time is written at most once a minute (a dashboard page makes several requests), so the idle
 * timeout counts from at most a minute before the latest request: at least 5 minutes minus this one.
 */
export const LAST_SEEN_EVERY_MS = 60_000
