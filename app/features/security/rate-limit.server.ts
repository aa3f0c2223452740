import crypto from 'node:crypto'
import net from 'node:net'
import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { tooManyRequests, waitInMinutes } from '#app/features/http/too-many-requests.ts'

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number }

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 part converted). */
function ipv6Groups(address: string): number[] {
	let text = address.replace(/%.*$/, '').toLowerCase()
	const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
	if (dotted) {
		const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number]
		text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
	}
	const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, null]
	const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [])
	const left = parse(head)
	if (tail === null) return left
	const right = parse(tail)
	return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/**
 * docs/decisions/0076: who a limit counts. One IPv6 client is given a whole /64 (a home or office line
 * gets one, and changes address inside it at will), so an IPv6 address counts as its /64; an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4) counts as the IPv4
 * address. Anything that is not an IP address (an account, a lead, a mailbox) is kept as it is.
 */
export function rateLimitSubject(value: string) {
	const version = net.isIP(value.replace(/%.*$/, ''))
	if (version === 4) return value
	if (version !== 6) return value
	const groups = ipv6Groups(value)
	const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
	if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
	return `${groups
		.slice(0, 4)
		.map((group) => group.toString(16))
		.join(':')}::/64`
}

/**
 * The key of a limit: a scope and what it counts (a client address, an account, a lead...). Every
 * limiter builds its key here, so each one counts an IPv6 client by its /64 (rateLimitSubject). Only a
 * hash is kept: an address or an e-mail is personal data.
 */
export function rateLimitKey(scope: string, subject: string) {
	return `${scope}:${crypto.createHash('sha256').update(rateLimitSubject(subject)).digest('hex').slice(0, 32)}`
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

/**
 * Gives back one counted call (a limit on failures counts every attempt first, atomically, with
 * hitRateLimit, and returns the attempt that turned out to succeed).
 */
export async function releaseRateLimit(db: Database, key: string) {
	await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`)
}

/** Forgets a counter altogether (a per-account slowdown after the account proved itself). */
export async function clearRateLimit(db: Database, key: string) {
	await db.execute(sql`delete from rate_limits where key = ${key}`)
}

export type Slowdown = {
	/** Failures allowed without any wait. */
	free: number
	/** The wait after the first failure past the free ones; each further failure doubles it... */
	baseSeconds: number
	/** ...up to this. */
	maxSeconds: number
	/** A counter without a failure for this long starts again from zero. */
	forgetSeconds: number
}

/**
 * docs/decisions/0076: an exponential slowdown, counted in one atomic step before the attempt is
 * checked (parallel attempts cannot all pass one check). Past `free` failures, the next attempt is
 * allowed only once `baseSeconds * 2^(failures - free)` (at most `maxSeconds`) have passed since the
 * last one. It never locks anyone out for longer than `maxSeconds`; a success clears it (clearRateLimit).
 */
export async function hitSlowdown(db: Database, key: string, slowdown: Slowdown): Promise<RateLimitResult> {
	const { free, baseSeconds, maxSeconds, forgetSeconds } = slowdown
	const wait = sql`least(${maxSeconds}::float8, ${baseSeconds}::float8 * power(2::float8, least(rate_limits.count - ${free}, 30)))`
	const counted = (await db.execute(sql`
		insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
		on conflict (key) do update set
			count = case when rate_limits.window_started_at <= now() - make_interval(secs => ${forgetSeconds}) then 1 else rate_limits.count + 1 end,
			window_started_at = now()
		where rate_limits.count < ${free} or rate_limits.window_started_at <= now() - make_interval(secs => ${wait})
		returning count`)) as unknown as { rows: Array<{ count: number }> }
	if (counted.rows.length > 0) return { allowed: true, retryAfterSeconds: 0 }
	const waiting = (await db.execute(sql`
		select ceil(extract(epoch from (window_started_at + make_interval(secs => ${wait}) - now())))::int as remaining
		from rate_limits where key = ${key}`)) as unknown as { rows: Array<{ remaining: number }> }
	return { allowed: false, retryAfterSeconds: Math.max(1, Number(waiting.rows[0]?.remaining ?? 1)) }
}

/**
 * One address's limit on a public API (docs/decisions/0083): counts the request and answers the 429, which says how
 * long to wait in whole minutes (`tooMany` words it) and carries Retry-After; null while the address is within it.
 */
export async function limitAddress(
	db: Database,
	scope: string,
	clientIp: string,
	limits: { perIp: number; windowSeconds: number },
	tooMany: (wait: string) => string,
): Promise<Response | null> {
	const result = await hitRateLimit(db, rateLimitKey(scope, clientIp), limits.perIp, limits.windowSeconds)
	if (result.allowed) return null
	return Response.json({ error: tooMany(waitInMinutes(result.retryAfterSeconds)) }, tooManyRequests(result.retryAfterSeconds))
}
