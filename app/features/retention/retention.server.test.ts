import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { createTestDatabase, testDatabaseKind } from '../../../tests/test-database.ts'
import { RETENTION, RETENTION_BATCH, pruneExpiredRows, retentionJob } from './retention.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(async () => {
	await handle.close()
})

const now = new Date('2026-11-24T12:00:00Z')
/** An instant `seconds` before `now`, moved by `nudge` seconds (negative: older). */
const ago = (seconds: number, nudge = 0) => new Date(now.getTime() - (seconds - nudge) * 1000).toISOString()

async function count(table: string, where = sql`true`) {
	const result = (await handle.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`)) as unknown as {
		rows: Array<{ n: number }>
	}
	return Number(result.rows[0]!.n)
}

describe(`clean-up of rows that only grow (docs/decisions/0057) on ${testDatabaseKind}`, () => {
	test('rows past their keep time go, rows within it stay, and pending mail is never touched', async () => {
		// The keep times of docs/decisions/0057 (and 0068 for webhook events), written out so the rows below use them.
		const day = 24 * 60 * 60
		expect(RETENTION).toEqual({
			rateLimitSeconds: day,
			idempotencyKeySeconds: 7 * day,
			sentMailSeconds: 30 * day,
			deadMailSeconds: 90 * day,
			webhookEventSeconds: 30 * day,
			wizardVisitSeconds: 370 * day,
		})
		const db = handle.db
		await db.execute(sql`insert into rate_limits (key, count, window_started_at) values
			('old', 3, ${ago(RETENTION.rateLimitSeconds, -60)}), ('recent', 3, ${ago(RETENTION.rateLimitSeconds, 60)})`)
		await db.execute(sql`insert into idempotency_keys (scope, key, request_hash, status, body, created_at) values
			('lead', 'old', 'h', 201, '{}', ${ago(RETENTION.idempotencyKeySeconds, -60)}),
			('lead', 'recent', 'h', 201, '{}', ${ago(RETENTION.idempotencyKeySeconds, 60)})`)
		await db.execute(sql`insert into outbox (kind, payload, status, created_at, sent_at) values
			('old-sent', '{}', 'sent', ${ago(RETENTION.sentMailSeconds, -120)}, ${ago(RETENTION.sentMailSeconds, -60)}),
			('recent-sent', '{}', 'sent', ${ago(RETENTION.sentMailSeconds, -120)}, ${ago(RETENTION.sentMailSeconds, 60)}),
			('old-dropped', '{}', 'dropped', ${ago(RETENTION.sentMailSeconds, -120)}, ${ago(RETENTION.sentMailSeconds, -60)}),
			('recent-dropped', '{}', 'dropped', ${ago(RETENTION.sentMailSeconds, -120)}, ${ago(RETENTION.sentMailSeconds, 60)}),
			('old-dead', '{}', 'dead', ${ago(RETENTION.deadMailSeconds, -60)}, null),
			('recent-dead', '{}', 'dead', ${ago(RETENTION.deadMailSeconds, 60)}, null),
			('ancient-pending', '{}', 'pending', ${ago(RETENTION.deadMailSeconds * 10)}, null)`)
		await db.execute(sql`insert into webhook_endpoints (id, url, event_types, secret_encrypted)
			values ('00000000-0000-4000-8000-000000000001', 'https://crm.example/hook', '{lead.created}', 'v1.x')`)
		await db.execute(sql`insert into webhook_events (id, type, payload, created_at) values
			('msg_old', 'lead.created', '{}', ${ago(RETENTION.webhookEventSeconds, -60)}),
			('msg_oldpending', 'lead.created', '{}', ${ago(RETENTION.webhookEventSeconds, -60)}),
			('msg_recent', 'lead.created', '{}', ${ago(RETENTION.webhookEventSeconds, 60)})`)
		await db.execute(sql`insert into webhook_deliveries (endpoint_id, event_id, status) values
			('00000000-0000-4000-8000-000000000001', 'msg_old', 'delivered'),
			('00000000-0000-4000-8000-000000000001', 'msg_oldpending', 'pending'),
			('00000000-0000-4000-8000-000000000001', 'msg_recent', 'failed')`)

		// docs/decisions/0124: the wizard's visits, counted for the drop-off per step.
		await db.execute(sql`insert into wizard_visits (id, started_at, source, campaign, steps) values
			('00000000-0000-4000-8000-0000000000a1', ${ago(RETENTION.wizardVisitSeconds, -60)}, 'Direct', '', '{loan-program}'),
			('00000000-0000-4000-8000-0000000000a2', ${ago(RETENTION.wizardVisitSeconds, 60)}, 'Direct', '', '{loan-program}')`)

		const result = await pruneExpiredRows(db, now)

		expect(result).toEqual({ rateLimits: 1, idempotencyKeys: 1, sentMail: 2, deadMail: 1, webhookEvents: 1, wizardVisits: 1 })
		expect(await count('wizard_visits')).toBe(1)
		expect(await count('wizard_visits', sql`id = '00000000-0000-4000-8000-0000000000a2'`)).toBe(1)
		const events = (await db.execute(sql`select id from webhook_events order by id`)) as unknown as { rows: Array<{ id: string }> }
		expect(events.rows.map((row) => row.id)).toEqual(['msg_oldpending', 'msg_recent'])
		expect(await count('webhook_deliveries')).toBe(2)
		expect(await count('rate_limits')).toBe(1)
		expect(await count('rate_limits', sql`key = 'recent'`)).toBe(1)
		expect(await count('idempotency_keys', sql`key = 'recent'`)).toBe(1)
		expect(await count('idempotency_keys')).toBe(1)
		const kinds = (await db.execute(sql`select kind from outbox order by kind`)) as unknown as { rows: Array<{ kind: string }> }
		expect(kinds.rows.map((row) => row.kind)).toEqual(['ancient-pending', 'recent-dead', 'recent-dropped', 'recent-sent'])
		// Nothing more to do: a second run (or another process) deletes nothing.
		expect(await pruneExpiredRows(db, now)).toEqual({
			rateLimits: 0,
			idempotencyKeys: 0,
			sentMail: 0,
			deadMail: 0,
			webhookEvents: 0,
			wizardVisits: 0,
		})
	})

	test('a rate-limit counter is kept a day (the sign-in slowdown forgets after one): deleted after, not before', async () => {
		await handle.db.execute(sql`delete from rate_limits`)
		await handle.db.execute(sql`insert into rate_limits (key, count, window_started_at) values
			('23-hours', 3, ${ago(23 * 3600)}), ('25-hours', 3, ${ago(25 * 3600)})`)
		await pruneExpiredRows(handle.db, now)
		const keys = (await handle.db.execute(sql`select key from rate_limits order by key`)) as unknown as { rows: Array<{ key: string }> }
		expect(keys.rows.map((row) => row.key)).toEqual(['23-hours'])
	})

	test('an Idempotency-Key is kept a week (room for a queue down over a weekend): deleted after, not before', async () => {
		const db = handle.db
		const day = 24 * 3600
		await db.execute(sql`delete from idempotency_keys`)
		await db.execute(sql`insert into idempotency_keys (scope, key, request_hash, status, body, created_at) values
			('lead', '2-days', 'h', 201, '{}', ${ago(2 * day)}),
			('lead', '6-days', 'h', 201, '{}', ${ago(6 * day)}),
			('lead', '8-days', 'h', 201, '{}', ${ago(8 * day)})`)
		expect((await pruneExpiredRows(db, now)).idempotencyKeys).toBe(1)
		const keys = (await db.execute(sql`select key from idempotency_keys order by key`)) as unknown as { rows: Array<{ key: string }> }
		expect(keys.rows.map((row) => row.key)).toEqual(['2-days', '6-days'])
		await db.execute(sql`delete from idempotency_keys`)
	})

	test('sent mail is kept 30 days from its sending: deleted after, not before', async () => {
		const db = handle.db
		const day = 24 * 3600
		await db.execute(sql`delete from outbox`)
		// Created long ago (a message retried for days); its 30 days count from the sending.
		await db.execute(sql`insert into outbox (kind, payload, status, created_at, sent_at) values
			('sent-29-days', '{}', 'sent', ${ago(60 * day)}, ${ago(29 * day)}),
			('sent-30-days-less-a-minute', '{}', 'sent', ${ago(60 * day)}, ${ago(30 * day, 60)}),
			('sent-30-days-and-a-minute', '{}', 'sent', ${ago(60 * day)}, ${ago(30 * day, -60)}),
			('sent-31-days', '{}', 'sent', ${ago(31 * day)}, ${ago(31 * day)})`)
		expect((await pruneExpiredRows(db, now)).sentMail).toBe(2)
		const kinds = (await db.execute(sql`select kind from outbox order by kind`)) as unknown as { rows: Array<{ kind: string }> }
		expect(kinds.rows.map((row) => row.kind)).toEqual(['sent-29-days', 'sent-30-days-less-a-minute'])
		await db.execute(sql`delete from outbox`)
	})

	test('texts that STOP dropped before their drop had a time: migration 0034 dates them by their creation, and retention then reaches them', async () => {
		const db = handle.db
		const day = 24 * 3600
		await db.execute(sql`delete from outbox`)
		await db.execute(sql`insert into outbox (kind, payload, status, created_at, sent_at) values
			('dropped-31-days-ago-undated', '{}', 'dropped', ${ago(31 * day)}, null),
			('dropped-29-days-ago-undated', '{}', 'dropped', ${ago(29 * day)}, null),
			('dropped-dated', '{}', 'dropped', ${ago(60 * day)}, ${ago(29 * day)}),
			('pending-undated', '{}', 'pending', ${ago(60 * day)}, null),
			('dead-undated', '{}', 'dead', ${ago(60 * day)}, null)`)
		// Undated, retention never reaches them.
		expect((await pruneExpiredRows(db, now)).sentMail).toBe(0)
		const migration = fs.readFileSync(new URL('../../../drizzle/0034_dropped_texts_time.sql', import.meta.url), 'utf8')
		await db.execute(sql.raw(migration))
		const dated = (await db.execute(
			sql`select kind, sent_at = created_at as from_creation, sent_at is null as undated from outbox order by kind`,
		)) as unknown as { rows: Array<{ kind: string; from_creation: boolean | null; undated: boolean }> }
		expect(dated.rows).toEqual([
			{ kind: 'dead-undated', from_creation: null, undated: true },
			{ kind: 'dropped-29-days-ago-undated', from_creation: true, undated: false },
			{ kind: 'dropped-31-days-ago-undated', from_creation: true, undated: false },
			{ kind: 'dropped-dated', from_creation: false, undated: false },
			{ kind: 'pending-undated', from_creation: null, undated: true },
		])
		expect((await pruneExpiredRows(db, now)).sentMail).toBe(1)
		const kinds = (await db.execute(sql`select kind from outbox order by kind`)) as unknown as { rows: Array<{ kind: string }> }
		expect(kinds.rows.map((row) => row.kind)).toEqual(['dead-undated', 'dropped-29-days-ago-undated', 'dropped-dated', 'pending-undated'])
		await db.execute(sql`delete from outbox`)
	})

	test('mail that failed for good is kept 90 days from its creation: deleted after, not before (docs/decisions/0086)', async () => {
		const db = handle.db
		const day = 24 * 3600
		await db.execute(sql`delete from outbox`)
		await db.execute(sql`insert into outbox (kind, payload, status, created_at, sent_at) values
			('dead-31-days', '{}', 'dead', ${ago(31 * day)}, null),
			('dead-89-days', '{}', 'dead', ${ago(89 * day)}, null),
			('dead-91-days', '{}', 'dead', ${ago(91 * day)}, null)`)
		expect((await pruneExpiredRows(db, now)).deadMail).toBe(1)
		const kinds = (await db.execute(sql`select kind from outbox order by kind`)) as unknown as { rows: Array<{ kind: string }> }
		expect(kinds.rows.map((row) => row.kind)).toEqual(['dead-31-days', 'dead-89-days'])
		await db.execute(sql`delete from outbox`)
	})

	test('a webhook event goes after 30 days once every delivery is finished, a failed one too; one still pending somewhere stays (docs/decisions/0068)', async () => {
		const db = handle.db
		const day = 24 * 3600
		await db.execute(sql`delete from webhook_deliveries`)
		await db.execute(sql`delete from webhook_events`)
		await db.execute(sql`insert into webhook_endpoints (id, url, event_types, secret_encrypted)
			values ('00000000-0000-4000-8000-000000000001', 'https://crm.example/hook', '{lead.created}', 'v1.x'),
				('00000000-0000-4000-8000-000000000002', 'https://erp.example/hook', '{lead.created}', 'v1.y')
			on conflict do nothing`)
		await db.execute(sql`insert into webhook_events (id, type, payload, created_at) values
			('msg_failedold', 'lead.created', '{}', ${ago(31 * day)}),
			('msg_mixedold', 'lead.created', '{}', ${ago(31 * day)}),
			('msg_noneold', 'lead.created', '{}', ${ago(31 * day)}),
			('msg_failedyoung', 'lead.created', '{}', ${ago(29 * day)})`)
		await db.execute(sql`insert into webhook_deliveries (endpoint_id, event_id, status) values
			('00000000-0000-4000-8000-000000000001', 'msg_failedold', 'failed'),
			('00000000-0000-4000-8000-000000000002', 'msg_failedold', 'failed'),
			('00000000-0000-4000-8000-000000000001', 'msg_mixedold', 'delivered'),
			('00000000-0000-4000-8000-000000000002', 'msg_mixedold', 'pending'),
			('00000000-0000-4000-8000-000000000001', 'msg_failedyoung', 'failed')`)
		expect((await pruneExpiredRows(db, now)).webhookEvents).toBe(2)
		const events = (await db.execute(sql`select id from webhook_events order by id`)) as unknown as { rows: Array<{ id: string }> }
		expect(events.rows.map((row) => row.id)).toEqual(['msg_failedyoung', 'msg_mixedold'])
	})

	test('more rows than one batch are all deleted, and two processes pruning at once agree on the total', async () => {
		const db = handle.db
		const rows = RETENTION_BATCH * 2 + 7
		await db.execute(sql`insert into rate_limits (key, count, window_started_at)
			select 'bulk-' || n, 1, ${ago(RETENTION.rateLimitSeconds * 2)} from generate_series(1, ${rows}) as n`)
		const [a, b] = await Promise.all([pruneExpiredRows(db, now), pruneExpiredRows(db, now)])
		expect(a.rateLimits + b.rateLimits).toBe(rows)
		expect(await count('rate_limits', sql`key like 'bulk-%'`)).toBe(0)
	})

	test('the periodic job runs at most once per period', async () => {
		const db = handle.db
		let runs = 0
		const job = retentionJob(db, { everyMs: 60_000, onPruned: () => runs++ })
		await db.execute(sql`insert into rate_limits (key, count, window_started_at) values ('job-1', 1, now() - interval '3 days')`)
		await job()
		await db.execute(sql`insert into rate_limits (key, count, window_started_at) values ('job-2', 1, now() - interval '3 days')`)
		await job()
		expect(runs).toBe(1)
		expect(await count('rate_limits', sql`key = 'job-2'`)).toBe(1)
		expect(await count('rate_limits', sql`key = 'job-1'`)).toBe(0)
	})
})
