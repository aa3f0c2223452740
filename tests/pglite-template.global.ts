import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '#db/client.ts'

declare module 'vitest' {
	export interface ProvidedContext {
		/** A dump of a migrated embedded database; each test file loads it instead of running initdb and every migration. */
		pgliteTemplate: string | null
	}
}

/** Vitest global setup: on the embedded database, builds the migrated template once for the whole run. */
export default async function setup(project: TestProject) {
	if (process.env.TEST_DATABASE_URL) {
		project.provide('pgliteTemplate', null)
		return
	}
	const handle = await openDatabase({ inMemory: true })
	await handle.migrate()
	const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none')
	await handle.close()
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'))
	const file = path.join(folder, 'migrated.tar')
	fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
	project.provide('pgliteTemplate', file)
	return () => fs.rmSync(folder, { recursive: true, force: true })
}
