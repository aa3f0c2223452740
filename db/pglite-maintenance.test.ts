import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { type DatabaseHandle, openDatabase } from './client.ts'
import { maintainPglite, maintenanceFor, startPgliteMaintenance } from './pglite-maintenance.ts'

let handle: DatabaseHandle | undefined
afterEach(async () => {
	await handle?.close()
	handle = undefined
})

const counters = { table: '"public"."t"', rows: 1000, modifiedSinceAnalyze: 0, dead: 0 }

describe("autovacuum's rules (docs/decisions/0071)", () => {
	test('analyze past 50 + 10 % of the rows changed; vacuum past 50 + 20 % dead', () => {
		expect(maintenanceFor({ ...counters, modifiedSinceAnalyze: 150 })).toBeNull()
		expect(maintenanceFor({ ...counters, modifiedSinceAnalyze: 151 })).toBe('analyze')
		expect(maintenanceFor({ ...counters, dead: 250 })).toBeNull()
		expect(maintenanceFor({ ...counters, dead: 251 })).toBe('vacuum')
		// A table never analyzed (-1 rows) counts as empty.
		expect(maintenanceFor({ ...counters, rows: -1, modifiedSinceAnalyze: 51 })).toBe('analyze')
		expect(maintenanceFor({ ...counters, rows: -1, modifiedSinceAnalyze: 50 })).toBeNull()
	})
})

describe('the embedded database kept as a server keeps its own', () => {
	const rowsOf = async (table: string) => {
		const result = (await handle!.db.execute(sql`select reltuples::int as rows from pg_class where relname = ${table}`)) as unknown as {
			rows: Array<{ rows: number }>
		}
		return result.rows[0]!.rows
	}

	test('a table that grew is analyzed (the planner then knows its size), one that did not is left; dead rows are vacuumed', async () => {
		handle = await openDatabase({ inMemory: true })
		const { db } = handle
		await db.execute(sql`create table grown (id serial primary key, note text)`)
		await db.execute(sql`create table still (id serial primary key)`)
		await db.execute(sql`insert into grown (note) select 'n' || g from generate_series(1, 300) g`)
		expect(await rowsOf('grown')).toBe(-1)
		const first = await maintainPglite(db)
		expect(first).toContainEqual({ table: '"public"."grown"', action: 'analyze' })
		expect(first.map((done) => done.table)).not.toContain('"public"."still"')
		expect(await rowsOf('grown')).toBe(300)
		// Nothing changed since: a second round does nothing.
		expect(await maintainPglite(db)).toEqual([])
		// Updates leave dead rows behind, which only a vacuum clears.
		await db.execute(sql`update grown set note = note || '!'`)
		expect(await maintainPglite(db)).toContainEqual({ table: '"public"."grown"', action: 'vacuum' })
		const dead = (await db.execute(
			sql`select pg_stat_force_next_flush(), (select n_dead_tup::int from pg_stat_user_tables where relname = 'grown') as dead`,
		)) as unknown as { rows: Array<{ dead: number }> }
		expect(dead.rows[0]!.dead).toBe(0)
	})

	test('the job runs at once and stops cleanly; a failing round is logged, not thrown', async () => {
		handle = await openDatabase({ inMemory: true })
		await handle.db.execute(sql`create table grown (id serial primary key)`)
		await handle.db.execute(sql`insert into grown select from generate_series(1, 100)`)
		const warnings: string[] = []
		const job = startPgliteMaintenance({ db: handle.db, log: { warn: (_object, message) => warnings.push(message) } })
		await job.stop()
		expect(await rowsOf('grown')).toBe(100)
		const failing = startPgliteMaintenance({
			db: { execute: () => Promise.reject(new Error('closed')) } as never,
			log: { warn: (_object, message) => warnings.push(message) },
		})
		await failing.stop()
		expect(warnings).toEqual(['embedded database maintenance failed'])
	})
})
