import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number }

/** The IP address itself is personal data, so only a hash of it is kept. */
export function rateLimitKey(scope: string, ip: string) {
	return `${scope}:${crypto.createHash('sha256').update(ip).digest('hex').slice(0, 32)}`
}

/** Fixed-window counter in the database, shared by every process. */
export async function hitRateLimit(db: Database, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
	const result = (await db.execute(sql`
		insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
		on conflict (key) do update set
			count = case when rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
			window_started_at = case when rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_started_at end
		returning count, ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as remaining`)) as unknown as {
		rows: Array<{ count: number; remaining: number }>
	}
	const row = result.rows[0]!
	return { allowed: Number(row.count) <= limit, retryAfterSeconds: Math.max(1, Number(row.remaining)) }
}

/** Whether the key is still under its limit, without counting this call (for limits on failures only). */
export async function checkRateLimit(db: Database, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
	const result = (await db.execute(sql`
		select count, ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as remaining
		from rate_limits where key = ${key} and window_started_at > now() - make_interval(secs => ${windowSeconds})`)) as unknown as {
		rows: Array<{ count: number; remaining: number }>
	}
	const row = result.rows[0]
	if (!row) return { allowed: true, retryAfterSeconds: 0 }
	return { allowed: Number(row.count) < limit, retryAfterSeconds: Math.max(1, Number(row.remaining)) }
}

/**
 * Gives back one counted call (a limit on failures counts every attempt first, atomically, with
 * hitRateLimit, and returns the attempt that turned out to succeed).
 */
export async function releaseRateLimit(db: Database, key: string) {
	await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`)
}
