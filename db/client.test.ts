import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { webhookEndpoints } from './schema.ts'
import { type DatabaseHandle, keepPrepared, openDatabase } from './client.ts'

let handle: DatabaseHandle | undefined
let dir: string | undefined
afterEach(async () => {
	await handle?.close()
	handle = undefined
	if (dir) fs.rmSync(dir, { recursive: true, force: true })
	dir = undefined
})

const setting = async (name: 'shared_buffers' | 'search_path') => {
	const result = await handle!.db.execute(sql.raw(`show ${name}`))
	return (result as unknown as { rows: Array<Record<string, string>> }).rows[0]![name]
}

describe('the embedded database sized for a small server (docs/decisions/0063)', () => {
	test('a database in a data folder starts with 16 MB of shared buffers, and again after a restart', async () => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-memory-'))
		handle = await openDatabase({ dataDir: dir })
		expect(await setting('shared_buffers')).toBe('16MB')
		await handle.close()
		handle = await openDatabase({ dataDir: dir })
		expect(await setting('shared_buffers')).toBe('16MB')
		// PGlite's own start parameters are kept alongside.
		expect(await setting('search_path')).toBe('public')
	})

	test('an in-memory database has the same settings', async () => {
		handle = await openDatabase({ inMemory: true })
		expect(await setting('shared_buffers')).toBe('16MB')
	})
})

describe('hot statements kept prepared on the embedded database (docs/decisions/0071)', () => {
	const prepared = async () => {
		const result = await handle!.db.execute(sql`select name from pg_prepared_statements order by name`)
		return (result as unknown as { rows: Array<{ name: string }> }).rows.map((row) => row.name)
	}

	test('a kept statement is prepared at its first use and answers as before; one with a text parameter is not', async () => {
		handle = await openDatabase({ inMemory: true })
		await handle.migrate()
		const { db } = handle
		await db.insert(webhookEndpoints).values([
			{ url: 'https://a.example/hook', eventTypes: ['lead.created'], secretEncrypted: 'v1.a' },
			{ url: 'https://b.example/hook', eventTypes: ['lead.created'], secretEncrypted: 'v1.b', enabled: false },
		])
		const byEnabled = db
			.select({ url: webhookEndpoints.url, createdAt: webhookEndpoints.createdAt, eventTypes: webhookEndpoints.eventTypes })
			.from(webhookEndpoints)
			.where(sql`${webhookEndpoints.enabled} = (${sql.placeholder('on')}::int = 1)`)
			.limit(sql.placeholder('limit'))
			.prepare('endpoints_by_enabled')
		const before = await byEnabled.execute({ on: 1, limit: 5 })
		keepPrepared(db, 'endpoints_by_enabled', byEnabled.getQuery().sql)
		expect(await prepared()).toEqual([])
		// Callers reaching it first at once share one PREPARE (a second would fail: the statement exists).
		const [after, alsoAfter] = await Promise.all([byEnabled.execute({ on: 1, limit: 5 }), byEnabled.execute({ on: 1, limit: 5 })])
		expect(alsoAfter).toEqual(after)
		expect(await prepared()).toEqual(['endpoints_by_enabled'])
		// The same rows, mapped the same way (dates, arrays).
		expect(after).toEqual(before)
		expect(after[0]!.createdAt).toBeInstanceOf(Date)
		expect(await byEnabled.execute({ on: 0, limit: 5 })).toMatchObject([{ url: 'https://b.example/hook' }])

		const byUrl = db
			.select()
			.from(webhookEndpoints)
			.where(sql`${webhookEndpoints.url} = ${sql.placeholder('url')}`)
			.prepare('endpoint_by_url')
		keepPrepared(db, 'endpoint_by_url', byUrl.getQuery().sql)
		expect(await byUrl.execute({ url: "https://a.example/hook'); drop table leads; --" })).toEqual([])
		expect(await byUrl.execute({ url: 'https://a.example/hook' })).toHaveLength(1)
		expect(await prepared()).toEqual(['endpoints_by_enabled'])
		// An integer array written as text is carried too; any other text is not.
		const byIds = db
			.select({ url: webhookEndpoints.url })
			.from(webhookEndpoints)
			.where(sql`length(${webhookEndpoints.url}) = any(${sql.placeholder('lengths')}::int[])`)
			.prepare('endpoints_by_lengths')
		keepPrepared(db, 'endpoints_by_lengths', byIds.getQuery().sql)
		expect(await byIds.execute({ lengths: '{1,22}' })).toHaveLength(2)
		// Anything else goes as a bound parameter, as before: here PostgreSQL refuses it as an array.
		const refused = await byIds.execute({ lengths: "{1}'); drop table leads; --" }).then(
			() => null,
			(error: Error) => error.cause as Error,
		)
		expect(refused?.message).toMatch(/malformed array literal/)
		expect(await prepared()).toEqual(['endpoints_by_enabled', 'endpoints_by_lengths'])
		expect(() => keepPrepared(db, 'bad name; drop', 'select 1')).toThrow(/Not a statement name/)
	})
})
