import fs from 'node:fs'
import path from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import type pgTypes from 'pg'
import type { PGlite, QueryOptions } from '@electric-sql/pglite'
import * as schema from './schema.ts'
import { withTimeout } from './with-timeout.ts'
import { lockDataDir } from './data-dir-lock.ts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
/** The handle a `db.transaction` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
export type DatabaseKind = 'pglite' | 'postgres'

export type DatabaseHandle = {
	db: Database
	kind: DatabaseKind
	/** Applies the committed migrations in drizzle/ (under the start-up lock). */
	migrate: () => Promise<void>
	/**
	 * Applies the migrations, then runs `work` (seeding, the first admin), all while holding a
	 * database-wide lock: any number of processes may start together on a fresh database.
	 */
	startup: <T>(work: () => Promise<T>) => Promise<T>
	/** `select 1`, failing after `timeoutMs` even when the connection is frozen rather than refused. */
	ping: (timeoutMs?: number) => Promise<void>
	close: () => Promise<void>
}

const pingTimedOut = () => Object.assign(new Error('database ping timed out'), { code: 'ETIMEDOUT' })

/** Bounds on every PostgreSQL round trip, so a frozen or overloaded database never holds a request for long. */
export type PostgresTimeouts = {
	/** Opening a connection, and waiting for a free one from the pool. */
	connectMs: number
	/** Server side: a statement running longer is cancelled (and the lock waits behind it). */
	statementMs: number
	/** Client side: no answer at all (a frozen network) for this long drops the connection. */
	queryMs: number
	/** Server side: a transaction left idle this long is ended. */
	idleInTransactionMs: number
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
	connectMs: 5_000,
	statementMs: 10_000,
	queryMs: 12_000,
	idleInTransactionMs: 30_000,
}

export type OpenDatabaseOptions =
	| { url: string; poolSize?: number; timeouts?: Partial<PostgresTimeouts>; onConnectionError?: (error: Error) => void }
	| { dataDir: string }
	/** `template`: a dump of an already migrated database (PGlite's dumpDataDir), loaded instead of running initdb. */
	| { inMemory: true; template?: Blob }

/** Every process takes this advisory lock to migrate and seed, one after the other. */
const STARTUP_LOCK_KEY = 724_061_903

const migrationsFolder = path.resolve(import.meta.dirname ?? '.', '../drizzle')

function resolveMigrationsFolder() {
	// The server bundle lives in build/server, so fall back to the working directory's drizzle/.
	return fs.existsSync(migrationsFolder) ? migrationsFolder : path.resolve('drizzle')
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database (PostgreSQL in WebAssembly). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
	if ('url' in options) {
		return openPostgres(
			options.url,
			options.poolSize ?? 10,
			{ ...DEFAULT_POSTGRES_TIMEOUTS, ...options.timeouts },
			options.onConnectionError ?? ((error) => console.warn(`database connection lost: ${error.message}`)),
		)
	}
	return openPglite('dataDir' in options ? options.dataDir : undefined, 'template' in options ? options.template : undefined)
}

/**
 * node-postgres clients that survive a lost connection: a client emits 'error' when its connection
 * drops, and the pool only listens while the client is idle, so one checked out for a transaction
 * would end the process. Every client here listens for its whole life, and a client whose query
 * got no answer at all is closed so the pool never hands out a frozen connection again.
 */
function resilientClient(pg: typeof pgTypes, onConnectionError: (error: Error) => void) {
	return class ResilientClient extends pg.Client {
		constructor(config?: string | pgTypes.ClientConfig) {
			super(config)
			this.on('error', onConnectionError)
		}

		// node-postgres overloads query (promise, callback, config object): every form is passed through unchanged.
		// biome-ignore lint/suspicious/noExplicitAny: the overloads are passed through untouched, typed by pg.Pool's own declarations.
		override query(...args: any[]): any {
			const last = args.at(-1)
			if (typeof last === 'function') {
				args[args.length - 1] = (error: Error | null, result: unknown) => {
					if (error) this.dropIfFrozen(error)
					last(error, result)
				}
				return (super.query as (...a: unknown[]) => unknown)(...args)
			}
			const result = (super.query as (...a: unknown[]) => unknown)(...args)
			if (result instanceof Promise) result.then(undefined, (error: Error) => this.dropIfFrozen(error))
			return result
		}

		private dropIfFrozen(error: Error) {
			if (error?.message !== 'Query read timeout') return
			// The query may still be on the wire; the connection cannot be trusted with another one.
			const connection = (this as unknown as { connection?: { stream?: { destroy: () => void } } }).connection
			connection?.stream?.destroy()
		}
	}
}

async function openPostgres(
	url: string,
	poolSize: number,
	timeouts: PostgresTimeouts,
	onConnectionError: (error: Error) => void,
): Promise<DatabaseHandle> {
	const { default: pg } = await import('pg')
	const { drizzle } = await import('drizzle-orm/node-postgres')
	const { migrate } = await import('drizzle-orm/node-postgres/migrator')
	const pool = new pg.Pool({
		connectionString: url,
		max: poolSize,
		Client: resilientClient(pg, onConnectionError),
		connectionTimeoutMillis: timeouts.connectMs,
		statement_timeout: timeouts.statementMs,
		lock_timeout: timeouts.statementMs,
		idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
		query_timeout: timeouts.queryMs,
		keepAlive: true,
		keepAliveInitialDelayMillis: 10_000,
	})
	// An idle connection the server closes (restart, failover) is dropped; the pool opens a new one when needed.
	pool.on('error', onConnectionError)
	const db = drizzle({ client: pool, schema })

	async function startup<T>(work: () => Promise<T>): Promise<T> {
		// A connection of its own, without statement timeouts: a migration may take a while on a large table.
		const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs, keepAlive: true })
		client.on('error', onConnectionError)
		await client.connect()
		try {
			await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
			await migrate(drizzle({ client, schema }), { migrationsFolder: resolveMigrationsFolder() })
			return await work()
		} finally {
			// Ending the session releases the advisory lock even if the unlock itself cannot be sent.
			await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {})
			await client.end().catch(() => {})
		}
	}

	// Health checks use a connection of their own: a pool busy with requests is not a database that is down.
	let pingClient: pgTypes.Client | null = null
	async function ping(timeoutMs = timeouts.queryMs) {
		try {
			if (!pingClient) {
				const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, keepAlive: true })
				client.on('error', () => {
					if (pingClient === client) pingClient = null
				})
				pingClient = client
				await withTimeout(client.connect(), timeoutMs, pingTimedOut)
			}
			await withTimeout(pingClient.query({ text: 'select 1', query_timeout: timeoutMs } as pgTypes.QueryConfig), timeoutMs, pingTimedOut)
		} catch (error) {
			// A connection that failed once is not trusted again; the next ping opens a new one.
			const failed = pingClient
			pingClient = null
			if (failed) void failed.end().catch(() => {})
			;(failed as unknown as { connection?: { stream?: { destroy: () => void } } } | null)?.connection?.stream?.destroy()
			throw error
		}
	}

	return {
		db: db as unknown as Database,
		kind: 'postgres',
		migrate: () => startup(async () => {}),
		startup,
		ping,
		close: async () => {
			await pingClient?.end().catch(() => {})
			await pool.end()
		},
	}
}

/**
 * PostgreSQL settings for the embedded database (docs/decisions/0063): its buffer cache is held in the
 * WebAssembly memory, which only grows, so it is sized for the tables of one lender rather than initdb's
 * 128 MB. The operating system's file cache still holds the data files below it.
 */
const PGLITE_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB']

/** Per embedded database: the statements to keep prepared, by their text (see withNamedStatements). */
const namedStatements = new WeakMap<Database, Map<string, string>>()

/**
 * docs/decisions/0071: on the embedded database, keeps a hot statement prepared (parsed and planned once) instead of
 * parsed and planned at every execution, which is what drizzle's PGlite driver does even for a `.prepare(name)`d
 * query. `text` is the query's SQL (`prepared.getQuery().sql`). Only an execution whose parameters are all numbers, or
 * integer arrays written as text (`{1,2,3}`), uses it (they are written into EXECUTE as literals); on PostgreSQL,
 * node-postgres already prepares named statements.
 */
export function keepPrepared(db: Database, name: string, text: string) {
	if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a statement name: ${name}`)
	namedStatements.get(db)?.set(text, name)
}

/**
 * A statement built once per database (drizzle's `.prepare(name)`, given the name) and kept prepared on the embedded
 * database too (keepPrepared): `statement(db)` answers the same prepared query for one database every time.
 */
export function preparedPerDatabase<T extends { getQuery(): { sql: string } }>(name: string, build: (db: Database, name: string) => T) {
	const built = new WeakMap<Database, T>()
	return (db: Database) => {
		let prepared = built.get(db)
		if (!prepared) {
			prepared = build(db, name)
			built.set(db, prepared)
			keepPrepared(db, name, prepared.getQuery().sql)
		}
		return prepared
	}
}

/** A parameter EXECUTE can carry as a literal: a finite number, or an integer array's text (digits and commas only). */
const literal = (value: unknown) =>
	typeof value === 'number' && Number.isFinite(value)
		? String(value)
		: typeof value === 'string' && /^\{(-?\d+(,-?\d+)*)?\}$/.test(value)
			? `'${value}'`
			: null

/**
 * The PGlite client as drizzle sees it: a query whose text was given to keepPrepared, with only such parameters, runs
 * as `EXECUTE name(1, '{2,3}')` of a statement PREPAREd at its first use; anything else goes through as is.
 */
function withNamedStatements(client: PGlite, statements: Map<string, string>): PGlite {
	// One PREPARE per statement, however many callers reach it first at once (a second would fail: it exists).
	const prepared = new Map<string, Promise<unknown>>()
	const query = async (text: string, params: unknown[] = [], options?: QueryOptions) => {
		const name = statements.get(text)
		const literals = name ? params.map(literal) : []
		if (!name || literals.includes(null)) return client.query(text, params, options)
		let preparing = prepared.get(name)
		if (!preparing) {
			preparing = client.exec(`prepare ${name} as ${text}`)
			prepared.set(name, preparing)
			// A PREPARE that failed is tried again by the next caller.
			preparing.catch(() => prepared.delete(name))
		}
		await preparing
		return client.query(`execute ${name}(${literals.join(', ')})`, [], options)
	}
	return new Proxy(client, {
		get(target, property) {
			if (property === 'query') return query
			const value = Reflect.get(target, property, target)
			return typeof value === 'function' ? value.bind(target) : value
		},
	})
}

/**
 * The extensions the migrations create, which an embedded database must load before it opens (docs/decisions/0114:
 * pg_trgm, for the leads search). Anything that opens PGlite on the migrations passes them.
 */
export async function pgliteExtensions() {
	const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
	return { pg_trgm }
}

async function openPglite(dataDir: string | undefined, template: Blob | undefined): Promise<DatabaseHandle> {
	const { PGlite } = await import('@electric-sql/pglite')
	const extensions = await pgliteExtensions()
	const { drizzle } = await import('drizzle-orm/pglite')
	const { migrate } = await import('drizzle-orm/pglite/migrator')
	let storage: string | undefined
	let unlock = () => {}
	if (dataDir) {
		storage = path.join(dataDir, 'pglite')
		fs.mkdirSync(storage, { recursive: true })
		// Two processes on the same files would corrupt them (docs/decisions/0045).
		unlock = await lockDataDir(dataDir)
	}
	// docs/decisions/0063: PostgreSQL's own cache lives inside the WebAssembly memory, which never shrinks;
	// initdb's 128 MB of shared buffers alone was a fifth of a 1 GB machine once the tables had been read.
	const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS], extensions }
	const client = storage ? new PGlite(storage, options) : new PGlite({ ...options, ...(template ? { loadDataDir: template } : {}) })
	try {
		await client.waitReady
	} catch (error) {
		unlock()
		throw error
	}
	const statements = new Map<string, string>()
	const db = drizzle({ client: withNamedStatements(client, statements), schema })
	namedStatements.set(db as unknown as Database, statements)
	const applyMigrations = () => migrate(db, { migrationsFolder: resolveMigrationsFolder() })
	return {
		db: db as unknown as Database,
		kind: 'pglite',
		migrate: applyMigrations,
		// The embedded database belongs to one process (lockDataDir), so there is nobody to wait for.
		startup: async (work) => {
			await applyMigrations()
			return work()
		},
		ping: async (timeoutMs = 10_000) => {
			await withTimeout(db.execute(sql`select 1`), timeoutMs, pingTimedOut)
		},
		close: async () => {
			try {
				await client.close()
			} finally {
				unlock()
			}
		},
	}
}
