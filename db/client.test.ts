import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { type DatabaseHandle, openDatabase } from './client.ts'

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
