import fs from 'node:fs'
import path from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import * as schema from './schema.ts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
export type DatabaseKind = 'pglite' | 'postgres'

export type DatabaseHandle = {
	db: Database
	kind: DatabaseKind
	/** Applies the committed migrations in drizzle/. */
	migrate: () => Promise<void>
	ping: () => Promise<void>
	close: () => Promise<void>
}

export type OpenDatabaseOptions =
	| { url: string; poolSize?: number; onIdleClientError?: (error: Error) => void }
	| { dataDir: string }
	| { inMemory: true }

const migrationsFolder = path.resolve(import.meta.dirname ?? '.', '../drizzle')

function resolveMigrationsFolder() {
	// The server bundle lives in build/server, so fall back to the working directory's drizzle/.
	return fs.existsSync(migrationsFolder) ? migrationsFolder : path.resolve('drizzle')
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database (PostgreSQL in WebAssembly). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
	if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10, options.onIdleClientError)
	return openPglite('dataDir' in options ? options.dataDir : undefined)
}

async function openPostgres(url: string, poolSize: number, onIdleClientError?: (error: Error) => void): Promise<DatabaseHandle> {
	const { default: pg } = await import('pg')
	const { drizzle } = await import('drizzle-orm/node-postgres')
	const { migrate } = await import('drizzle-orm/node-postgres/migrator')
	const pool = new pg.Pool({ connectionString: url, max: poolSize })
	// An idle connection the server closes (restart, failover) must not crash the process; the pool reconnects.
	pool.on('error', onIdleClientError ?? ((error) => console.warn(`database connection closed: ${error.message}`)))
	const db = drizzle({ client: pool, schema })
	return {
		db: db as unknown as Database,
		kind: 'postgres',
		migrate: () => migrate(db, { migrationsFolder: resolveMigrationsFolder() }),
		ping: async () => {
			await db.execute(sql`select 1`)
		},
		close: () => pool.end(),
	}
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
	const { PGlite } = await import('@electric-sql/pglite')
	const { drizzle } = await import('drizzle-orm/pglite')
	const { migrate } = await import('drizzle-orm/pglite/migrator')
	let storage: string | undefined
	if (dataDir) {
		storage = path.join(dataDir, 'pglite')
		fs.mkdirSync(storage, { recursive: true })
	}
	const client = storage ? new PGlite(storage) : new PGlite()
	await client.waitReady
	const db = drizzle({ client, schema })
	return {
		db: db as unknown as Database,
		kind: 'pglite',
		migrate: () => migrate(db, { migrationsFolder: resolveMigrationsFolder() }),
		ping: async () => {
			await db.execute(sql`select 1`)
		},
		close: () => client.close(),
	}
}
