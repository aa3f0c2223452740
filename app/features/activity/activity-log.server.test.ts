import { spawnSync } from 'node:child_process'
import { asc, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { activityLog } from '#db/schema.ts'
import { createTestDatabase, testDatabaseKind } from '../../../tests/test-database.ts'
import { GENESIS_HASH, canonicalJson } from './activity-entry.ts'
import { activityActor, appendActivity, recordActivity } from './activity-log.server.ts'
import { verifyActivityChain } from './verify-activity.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())

const actor = activityActor({ id: 'u-1', email: 'admin@example.com', roles: ['admin'] }, { ip: '203.0.113.7', userAgent: 'vitest' })

/** A statement on a connection of its own (PostgreSQL), or the embedded database's one connection outside drizzle. */
async function onFreshConnection(statement: string) {
	if (testDatabaseKind === 'pglite') {
		// drizzle's error carries the database's as its cause.
		await handle.db.execute(sql.raw(statement)).catch((error: Error) => {
			throw error.cause ?? error
		})
		return
	}
	const client = new pg.Client({ connectionString: await testDatabaseUrl() })
	await client.connect()
	try {
		await client.query(statement)
	} finally {
		await client.end()
	}
}

/** The address of this file's own PostgreSQL database. */
async function testDatabaseUrl() {
	const url = new URL(process.env.TEST_DATABASE_URL!)
	const result = (await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }
	url.pathname = `/${result.rows[0]!.name}`
	return url.toString()
}

/** As an attacker with the superuser's rights would: the append-only trigger switched off for one statement. */
async function withTriggerOff(statement: string) {
	await handle.db.transaction(async (tx) => {
		await tx.execute(sql`alter table activity_log disable trigger activity_log_no_change`)
		await tx.execute(sql.raw(statement))
		await tx.execute(sql`alter table activity_log enable trigger activity_log_no_change`)
	})
}

const ids = async () => (await handle.db.select({ id: activityLog.id }).from(activityLog).orderBy(asc(activityLog.id))).map((row) => row.id)

describe('the activity log (docs/decisions/0087)', () => {
	test('entries are chained: each holds the hash of the one before, and the chain verifies', async () => {
		await recordActivity(handle.db, actor, { type: 'lead.viewed', details: {} }, { kind: 'lead', id: 'lead-1' })
		await appendActivity(handle.db, actor, [
			{ action: { type: 'lead.status_changed', details: { from: 'new', to: 'hot' } }, subject: { kind: 'lead', id: 'lead-1' } },
			{ action: { type: 'lead.deleted', details: {} }, subject: { kind: 'lead', id: 'lead-2' } },
		])
		const rows = await handle.db.select().from(activityLog).orderBy(asc(activityLog.id))
		expect(rows[0]!.prevHash).toBe(GENESIS_HASH)
		expect(rows[1]!.prevHash).toBe(rows[0]!.hash)
		expect(rows[2]!.prevHash).toBe(rows[1]!.hash)
		expect(rows.every((row) => row.canonical === null && /^[0-9a-f]{64}$/.test(row.hash))).toBe(true)
		expect(rows[1]).toMatchObject({ actorEmail: 'admin@example.com', actorRoles: 'admin', ip: '203.0.113.7', userAgent: 'vitest' })
		expect(await verifyActivityChain(handle.db)).toMatchObject({ ok: true, rows: 3, headHash: rows[2]!.hash })
	})

	test('parallel writers keep one linear chain', async () => {
		await Promise.all(
			Array.from({ length: 24 }, (_, index) =>
				recordActivity(handle.db, actor, { type: 'lead.viewed', details: {} }, { kind: 'lead', id: `parallel-${index}` }),
			),
		)
		expect(await verifyActivityChain(handle.db, 7)).toMatchObject({ ok: true })
	})

	test('details keep only their declared fields: a secret passed along is dropped, a wrong shape is refused', async () => {
		await recordActivity(handle.db, actor, {
			type: 'auth.signed_out',
			details: { password: 'hunter2', token: 'abc' } as unknown as Record<string, never>,
		})
		const [last] = await handle.db.select().from(activityLog).orderBy(sql`id desc`).limit(1)
		expect(last!.details).toEqual({})
		await expect(recordActivity(handle.db, actor, { type: 'lead.status_changed', details: { from: 'new' } as never })).rejects.toThrow()
	})

	test('UPDATE, DELETE and TRUNCATE are refused through a fresh connection', async () => {
		await expect(onFreshConnection(`update activity_log set action = 'lead.deleted'`)).rejects.toThrow(/append-only/)
		await expect(onFreshConnection('delete from activity_log')).rejects.toThrow(/append-only/)
		await expect(onFreshConnection('truncate activity_log')).rejects.toThrow(/append-only/)
		expect(await verifyActivityChain(handle.db)).toMatchObject({ ok: true })
	})

	test('every column of an entry is in its hash: a change to any one of them is found', async () => {
		await recordActivity(
			handle.db,
			actor,
			{ type: 'lead.status_changed', details: { from: 'new', to: 'hot' } },
			{ kind: 'lead', id: '11111111-1111-4111-8111-111111111111' },
		)
		const id = (await ids()).at(-1)!
		await handle.db.execute(sql.raw(`create temp table kept_entry as select * from activity_log where id = ${id}`))
		const changes: Record<string, string> = {
			at: `'2020-01-01T00:00:00Z'`,
			actor_id: `'u-2'`,
			actor_email: `'other@example.com'`,
			actor_roles: `'user'`,
			ip: `'198.51.100.9'`,
			user_agent: `'curl/8.0'`,
			action: `'lead.deleted'`,
			subject_kind: `'user'`,
			subject_id: `'22222222-2222-4222-8222-222222222222'`,
			details: `'{"from":"new","to":"closed"}'`,
		}
		for (const [column, value] of Object.entries(changes)) {
			await withTriggerOff(`update activity_log set ${column} = ${value} where id = ${id}`)
			expect({ column, check: await verifyActivityChain(handle.db) }).toMatchObject({
				column,
				check: { ok: false, id, problem: 'altered' },
			})
			await withTriggerOff(`update activity_log a set ${column} = k.${column} from kept_entry k where a.id = k.id`)
			expect(await verifyActivityChain(handle.db)).toMatchObject({ ok: true })
		}
		await handle.db.execute(sql`drop table kept_entry`)
	})

	test('verify names an entry altered with the trigger switched off, then one that follows a removed entry', async () => {
		const [, second, third] = await ids()
		await withTriggerOff(`update activity_log set details = '{"from":"new","to":"closed"}' where id = ${second}`)
		expect(await verifyActivityChain(handle.db)).toMatchObject({ ok: false, id: second, problem: 'altered', rows: 1 })
		await withTriggerOff(`update activity_log set details = '{"from":"new","to":"hot"}' where id = ${second}`)
		expect(await verifyActivityChain(handle.db)).toMatchObject({ ok: true })
		await withTriggerOff(`delete from activity_log where id = ${second}`)
		expect(await verifyActivityChain(handle.db)).toMatchObject({ ok: false, id: third, problem: 'removed-before' })
	})

	test('canonical JSON sorts keys at every depth', () => {
		expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[2,{"e":null,"f":1}]},"b":1}')
	})
})

// The script on PostgreSQL only: on PGlite it would make and open a database on disk three times (over a minute);
// the chain check it runs is the one tested above on both databases.
describe.skipIf(testDatabaseKind === 'pglite')('npm run activity:verify', () => {
	test('exits 0 on an intact log and 1 naming the first altered entry', async () => {
		const env = { DATABASE_URL: await testDatabaseUrl() }
		await withTriggerOffOn(handle, 'delete from activity_log')
		await recordActivity(handle.db, actor, { type: 'lead.viewed', details: {} }, { kind: 'lead', id: 'script-1' })
		await recordActivity(handle.db, actor, { type: 'lead.viewed', details: {} }, { kind: 'lead', id: 'script-2' })
		const [first] = await ids()
		const intact = runVerify(env)
		expect(intact.status, intact.stderr).toBe(0)
		expect(intact.stdout).toMatch(/Activity log intact: 2 entries checked/)
		await withTriggerOffOn(handle, `update activity_log set subject_id = 'someone-else' where id = ${first}`)
		const broken = runVerify(env)
		expect(broken.status).toBe(1)
		expect(broken.stderr).toContain(`Entry ${first} was altered`)
		// Two node processes that each load the app's database modules: a budget of 60 s (docs/decisions/0061).
	}, 60_000)
})

async function withTriggerOffOn(database: DatabaseHandle, statement: string) {
	await database.db.transaction(async (tx) => {
		await tx.execute(sql`alter table activity_log disable trigger activity_log_no_change`)
		await tx.execute(sql.raw(statement))
		await tx.execute(sql`alter table activity_log enable trigger activity_log_no_change`)
	})
}

function runVerify(env: Record<string, string>) {
	const { DATABASE_URL: _url, ...inherited } = process.env
	return spawnSync(process.execPath, ['scripts/activity-verify.ts'], {
		env: { ...inherited, ...env, BASE_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' },
		encoding: 'utf8',
	})
}
