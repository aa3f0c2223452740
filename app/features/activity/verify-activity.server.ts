import { and, asc, desc, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { activityLog, activityLogAnchors } from '#db/schema.ts'
import { GENESIS_HASH, canonicalContent, chainHash } from './activity-entry.ts'

export type ChainCheck =
	| { ok: true; rows: number; lastId: number | null; headHash: string }
	| { ok: false; rows: number; id: number; problem: 'altered' | 'removed-before' | 'unattested-anchor'; message: string }

/**
 * docs/decisions/0087: recomputes every entry's hash from its columns, oldest first, and checks that each links to the
 * one before. The first row whose own hash is wrong was altered; the first whose link is wrong had rows removed before it.
 */
export async function verifyActivityChain(db: Database, batchSize = 2_000): Promise<ChainCheck> {
	// Entries older than 5 years were deleted (activity-retention.server.ts): the chain starts at the latest anchor, which
	// the log itself must attest with its `activity.pruned` entry.
	const [anchor] = await db.select().from(activityLogAnchors).orderBy(desc(activityLogAnchors.throughId)).limit(1)
	if (anchor) {
		const [attested] = await db
			.select({ id: activityLog.id })
			.from(activityLog)
			.where(
				and(
					eq(activityLog.action, 'activity.pruned'),
					sql`(${activityLog.details}->>'throughId')::bigint = ${anchor.throughId}`,
					sql`${activityLog.details}->>'hash' = ${anchor.hash}`,
				),
			)
			.limit(1)
		if (!attested)
			return {
				ok: false,
				rows: 0,
				id: anchor.throughId,
				problem: 'unattested-anchor',
				message: `The log is said to start after entry ${anchor.throughId}, but no entry of the log records that deletion.`,
			}
	}
	let prevHash = anchor?.hash ?? GENESIS_HASH
	let lastId: number | null = anchor?.throughId ?? null
	let rows = 0
	for (;;) {
		const batch = await db
			.select()
			.from(activityLog)
			.where(lastId === null ? undefined : gt(activityLog.id, lastId))
			.orderBy(asc(activityLog.id))
			.limit(batchSize)
		for (const row of batch) {
			if (row.prevHash !== prevHash) {
				return {
					ok: false,
					rows,
					id: row.id,
					problem: 'removed-before',
					message: `Entry ${row.id} does not follow ${lastId === null ? 'the start of the log' : `entry ${lastId}`}: an entry between them was removed or altered.`,
				}
			}
			const canonical = canonicalContent({
				at: row.at,
				actor: { id: row.actorId, email: row.actorEmail, roles: row.actorRoles },
				ip: row.ip,
				userAgent: row.userAgent,
				action: row.action,
				subject: { kind: row.subjectKind, id: row.subjectId },
				details: row.details,
			})
			if ((await chainHash(prevHash, canonical)) !== row.hash) {
				return {
					ok: false,
					rows,
					id: row.id,
					problem: 'altered',
					message: `Entry ${row.id} was altered: its content no longer matches its hash.`,
				}
			}
			prevHash = row.hash
			lastId = row.id
			rows++
		}
		if (batch.length < batchSize) return { ok: true, rows, lastId, headHash: prevHash }
	}
}
