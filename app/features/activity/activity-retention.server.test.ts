import { subYears } from 'date-fns'
import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { activityLog, activityLogAnchors } from '#db/schema.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { canonicalContent } from './activity-entry.ts'
import { activityActor, recordActivity } from './activity-log.server.ts'
import { ACTIVITY_LOG_YEARS, pruneActivityLog } from './activity-retention.server.ts'
import { verifyActivityChain } from './verify-activity.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())

const DAY = 24 * 60 * 60 * 1000
const yearsAgo = (years: number, days = 0) => new Date(Date.now() - years * 365.25 * DAY - days * DAY)
const actor = activityActor({ id: 'u-1', email: 'officer@example.com', roles: ['user'] }, { ip: '203.0.113.7', userAgent: 'vitest' })

/** An entry written at `at` (the chain trigger hashes it as any other): the log's past, without waiting for it. */
async function entryAt(at: Date, leadId: string) {
	const details = {}
	const subject = { kind: 'lead', id: leadId }
	await handle.db.insert(activityLog).values({
		at,
		actorId: actor.id,
		actorEmail: actor.email,
		actorRoles: actor.roles,
		ip: actor.ip,
		userAgent: actor.userAgent,
		action: 'lead.viewed',
		subjectKind: subject.kind,
		subjectId: subject.id,
		details,
		canonical: canonicalContent({
			at,
			actor: { id: actor.id, email: actor.email, roles: actor.roles },
			ip: actor.ip,
			userAgent: actor.userAgent,
			action: 'lead.viewed',
			subject,
			details,
		}),
	})
}

const subjects = async () =>
	(await handle.db.select({ subject: activityLog.subjectId }).from(activityLog).orderBy(asc(activityLog.id))).map((row) => row.subject)

describe(`the activity log is kept ${ACTIVITY_LOG_YEARS} years (docs/decisions/0087, 0090)`, () => {
	test('entries older than 5 years go, from the oldest, in batches; younger ones stay; the chain still verifies', async () => {
		const now = new Date()
		for (let index = 0; index < 7; index++) await entryAt(yearsAgo(6, -index), `old-${index}`)
		// Exactly 5 years old at the job's time: not older than 5 years, so kept.
		await entryAt(subYears(now, 5), 'exactly-five-years')
		await entryAt(yearsAgo(5, -2), 'five-years-less-two-days')
		await recordActivity(handle.db, actor, { type: 'lead.viewed', details: {} }, { kind: 'lead', id: 'today' })

		// The database refuses a delete that is not the job's, and the job's of an entry under 5 years.
		await expect(handle.db.execute(sql`delete from activity_log where subject_id = 'old-0'`)).rejects.toThrow()
		await expect(
			handle.db.transaction(async (tx) => {
				await tx.execute(sql`select set_config('app.disposal', 'activity', true)`)
				await tx.execute(sql`delete from activity_log where subject_id = 'five-years-less-two-days'`)
			}),
		).rejects.toThrow()

		expect(await pruneActivityLog(handle.db, now, 3)).toBe(7)
		const kept = await subjects()
		expect(kept.slice(0, 3)).toEqual(['exactly-five-years', 'five-years-less-two-days', 'today'])
		// Three batches of at most 3, each anchored and attested by an entry of its own.
		const anchors = await handle.db.select().from(activityLogAnchors).orderBy(asc(activityLogAnchors.throughId))
		expect(anchors.map((anchor) => anchor.deleted)).toEqual([3, 3, 1])
		const pruned = await handle.db.select({ details: activityLog.details }).from(activityLog).where(sql`action = 'activity.pruned'`)
		expect(pruned.map((row) => row.details)).toEqual(
			anchors.map((anchor) => ({ throughId: anchor.throughId, deleted: anchor.deleted, hash: anchor.hash })),
		)
		const whole = await verifyActivityChain(handle.db)
		expect(whole).toMatchObject({ ok: true })
		// Read in batches of 2 (a full batch is not the end of the log), the check reaches the same last entry.
		expect(whole.rows).toBeGreaterThan(4)
		expect(await verifyActivityChain(handle.db, 2)).toEqual(whole)
		// Nothing more is due: a second run deletes nothing.
		expect(await pruneActivityLog(handle.db, now, 3)).toBe(0)
	})

	test('an anchor the log does not attest is found, and so are entries removed after the anchor', async () => {
		const [last] = await handle.db.select().from(activityLog).orderBy(sql`id desc`).limit(1)
		await handle.db.insert(activityLogAnchors).values({ throughId: last!.id + 1000, hash: 'f'.repeat(64), deleted: 1 })
		expect(await verifyActivityChain(handle.db)).toMatchObject({ ok: false, problem: 'unattested-anchor', id: last!.id + 1000 })
		// The anchors are append-only too: the forged one cannot be taken back.
		await expect(handle.db.execute(sql`delete from activity_log_anchors`)).rejects.toThrow()
		await expect(handle.db.execute(sql`update activity_log_anchors set hash = 'x'`)).rejects.toThrow()
	})

	test('an anchor is attested only by an entry with its own hash: the same id with another hash is not enough', async () => {
		const [last] = await handle.db.select().from(activityLog).orderBy(sql`id desc`).limit(1)
		const throughId = last!.id + 2000
		await recordActivity(handle.db, actor, { type: 'activity.pruned', details: { throughId, deleted: 1, hash: 'a'.repeat(64) } })
		await handle.db.insert(activityLogAnchors).values({ throughId, hash: 'b'.repeat(64), deleted: 1 })
		expect(await verifyActivityChain(handle.db)).toMatchObject({ ok: false, problem: 'unattested-anchor', id: throughId })
	})

	test('an anchor is attested only by an entry naming its own id: an earlier pruning with the same hash is not enough', async () => {
		const [last] = await handle.db.select().from(activityLog).orderBy(sql`id desc`).limit(1)
		const throughId = last!.id + 3000
		const hash = 'c'.repeat(64)
		await recordActivity(handle.db, actor, { type: 'activity.pruned', details: { throughId: throughId - 1, deleted: 1, hash } })
		await handle.db.insert(activityLogAnchors).values({ throughId, hash, deleted: 1 })
		expect(await verifyActivityChain(handle.db)).toMatchObject({ ok: false, problem: 'unattested-anchor', id: throughId })
	})
})
