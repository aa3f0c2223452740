import { asc, gt } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { activityLog } from '#db/schema.ts'
import { GENESIS_HASH, canonicalContent, chainHash } from './activity-entry.ts'

export type ChainCheck =
	| { ok: true; rows: number; lastId: number | null; headHash: string }
	| { ok: false; rows: number; id: number; problem: 'altered' | 'removed-before'; message: string }

/**
 * docs/decisions/0087: recomputes every entry's hash from its columns, oldest first, and checks that each links to the
 * one before. The first row whose own hash is wrong was altered; the first whose link is wrong had rows removed before it.
 */
export async function verifyActivityChain(db: Database, batchSize = 2_000): Promise<ChainCheck> {
	let prevHash = GENESIS_HASH
	let lastId: number | null = null
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
