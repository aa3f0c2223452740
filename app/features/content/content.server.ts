import { isDeepStrictEqual } from 'node:util'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import type { DatabaseHealth } from '#db/health.ts'
import { contentEntries, contentVersions } from '#db/schema.ts'
import { type BrandOverrides, defaultContent } from './content-defaults.ts'
import { type ContentKey, type ContentMap, contentKeys, contentSchemas } from './content-schemas.ts'

/** How long another process's edits may take to show here; this process's own edits show at once. */
const CACHE_TTL_MS = 5_000
/**
 * docs/decisions/0078: how long a page waits for a refresh of content it already has, when the store knows about
 * outages. A frozen PostgreSQL answers nothing, and a pool opening a connection waits 5 s before it fails: the first
 * page after the freeze waited that long. It gets the last content read instead; the refresh goes on behind it.
 */
export const CONTENT_REFRESH_WAIT_MS = 500

export type ContentStore = {
	get<K extends ContentKey>(key: K): Promise<ContentMap[K]>
	getMany<K extends ContentKey>(keys: readonly K[]): Promise<Pick<ContentMap, K>>
	/** Validates and stores a new version; `note` says what changed and why (docs/decisions/0073), kept with that version. */
	save<K extends ContentKey>(key: K, data: unknown, savedBy: string | null, options?: SaveOptions): Promise<ContentMap[K]>
	/** `save`, answering the version stored too. */
	saveVersion<K extends ContentKey>(
		key: K,
		data: unknown,
		savedBy: string | null,
		options?: SaveOptions,
	): Promise<{ data: ContentMap[K]; version: number }>
	invalidate(): void
	/**
	 * One document with its stored version and the time it was saved, read together (version 0 and no time while only
	 * the default exists): a quote records its rate sheet's, the home panel says "as of" it.
	 */
	getWithVersion<K extends ContentKey>(key: K): Promise<{ data: ContentMap[K]; version: number; savedAt: Date | null }>
	/** Changes whenever any document changes (here at once, in other processes within the cache's lifetime). */
	version(): Promise<string>
}

export type SaveOptions = {
	/** What changed and why (docs/decisions/0073). */
	note?: string
	/**
	 * The version the change was made (and previewed) against: the save is refused with StaleContentError when another
	 * has been stored since, so a whole document saved from an old copy never undoes a colleague's change unseen.
	 */
	expectedVersion?: number
}

/** Another version was stored after the one a change was made against. */
export class StaleContentError extends Error {
	readonly key: ContentKey
	readonly currentVersion: number
	constructor(key: ContentKey, currentVersion: number) {
		super(`${key} is at version ${currentVersion} now`)
		this.name = 'StaleContentError'
		this.key = key
		this.currentVersion = currentVersion
	}
}

/** Inserts the default document for every key that has none yet; existing content is never touched. */
export async function seedContent(db: Database, overrides: BrandOverrides = {}) {
	const defaults = defaultContent(overrides)
	for (const key of contentKeys) {
		const inserted = await db
			.insert(contentEntries)
			.values({ key, data: defaults[key], version: 1, updatedBy: 'seed' })
			.onConflictDoNothing()
			.returning({ key: contentEntries.key })
		if (inserted.length > 0) {
			await db.insert(contentVersions).values({ key, version: 1, data: defaults[key], createdBy: 'seed' })
		}
	}
	await followSeededRateSheet(db, defaults.rateSheet)
}

/**
 * A rate sheet nobody has published since the seed (every version of it saved by the seed) follows the seed when the
 * seed changes, so a site that never priced its own sheet advertises the specification's figures (docs/decisions/0072).
 * A sheet any person saved is the lender's and is never touched. Every process may run this at once: the update is
 * conditional on the version read, and only the one that made it records the version.
 */
async function followSeededRateSheet(db: Database, seed: ContentMap['rateSheet']) {
	const bySeed = and(eq(contentEntries.key, 'rateSheet'), eq(contentEntries.updatedBy, 'seed'))
	const [stored] = await db.select({ data: contentEntries.data, version: contentEntries.version }).from(contentEntries).where(bySeed)
	if (!stored) return
	const parsed = contentSchemas.rateSheet.safeParse(stored.data)
	if (parsed.success && isDeepStrictEqual(parsed.data, seed)) return
	await db.transaction(async (tx) => {
		const updated = await tx
			.update(contentEntries)
			.set({ data: seed, version: stored.version + 1, updatedAt: sql`now()` })
			.where(and(bySeed, eq(contentEntries.version, stored.version)))
			.returning({ key: contentEntries.key })
		if (updated.length > 0)
			await tx.insert(contentVersions).values({ key: 'rateSheet', version: stored.version + 1, data: seed, createdBy: 'seed' })
	})
}

export type ContentStoreOptions = {
	now?: () => number
	/** During a database outage the last content read is served instead of an error page. */
	health?: Pick<DatabaseHealth, 'isUnavailable' | 'report'>
	/**
	 * A stored document that no longer passes its schema (a limit added since it was saved) is served as the seeded
	 * default; the stored rows are kept. Called once per key and version, so the operator learns why (docs/decisions/0075).
	 */
	onInvalidStored?: (key: ContentKey, version: number, problems: string[]) => void
}

export function createContentStore(db: Database, options: ContentStoreOptions = {}): ContentStore {
	const now = options.now ?? Date.now
	type Snapshot = {
		entries: Partial<ContentMap>
		versions: Partial<Record<ContentKey, number>>
		savedAt: Partial<Record<ContentKey, Date>>
	}
	let cache: ({ loadedAt: number } & Snapshot) | null = null
	let loading: Promise<Snapshot> | null = null
	/** The refresh in flight took longer than CONTENT_REFRESH_WAIT_MS: later requests do not wait for it either. */
	let overdue = false
	/** Bumped by every save, so a read that started before it never caches what it replaced. */
	let generation = 0
	let signature = ''
	const reportedInvalid = new Set<string>()

	async function read(): Promise<Snapshot> {
		const started = generation
		const rows = await db
			.select({ key: contentEntries.key, data: contentEntries.data, version: contentEntries.version, updatedAt: contentEntries.updatedAt })
			.from(contentEntries)
		const entries: Partial<ContentMap> = {}
		const versions: Partial<Record<ContentKey, number>> = {}
		const savedAt: Partial<Record<ContentKey, Date>> = {}
		for (const row of rows) {
			if (!(row.key in contentSchemas)) continue
			const key = row.key as ContentKey
			// Stored documents passed the schema when saved; parsing again fills defaults added since.
			const parsed = contentSchemas[key].safeParse(row.data)
			if (parsed.success) {
				;(entries as Record<string, unknown>)[key] = parsed.data
				versions[key] = row.version
				savedAt[key] = row.updatedAt
			} else if (!reportedInvalid.has(`${key}:${row.version}`)) {
				reportedInvalid.add(`${key}:${row.version}`)
				options.onInvalidStored?.(
					key,
					row.version,
					parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
				)
			}
		}
		if (started === generation) {
			cache = { loadedAt: now(), entries, versions, savedAt }
			signature = rows
				.map((row) => `${row.key}:${row.version}`)
				.sort()
				.join(',')
		}
		return { entries, versions, savedAt }
	}

	async function load(): Promise<Snapshot> {
		if (cache && now() - cache.loadedAt < CACHE_TTL_MS) return cache
		// A known outage: the last content read beats a request waiting on a frozen connection.
		if (cache && options.health?.isUnavailable()) return cache
		// Requests arriving while the content is being read share that one query.
		if (!loading) {
			overdue = false
			loading = read().finally(() => {
				loading = null
			})
			// A refresh nobody waits for any more still tells the health of its failure: the pages after it skip the query.
			loading.catch((error: unknown) => options.health?.report(error))
		}
		const stale = cache
		let timer: NodeJS.Timeout | undefined
		try {
			if (!stale || !options.health) return await loading
			if (overdue) return stale
			const waited = new Promise<Snapshot>((resolve) => {
				timer = setTimeout(() => {
					overdue = true
					resolve(stale)
				}, CONTENT_REFRESH_WAIT_MS)
			})
			return await Promise.race([loading, waited])
		} catch (error) {
			if (stale && options.health?.report(error)) return stale
			throw error
		} finally {
			clearTimeout(timer)
		}
	}

	const store: ContentStore = {
		async get(key) {
			const { entries } = await load()
			return entries[key] ?? defaultContent()[key]
		},
		async getWithVersion(key) {
			const { entries, versions, savedAt } = await load()
			return { data: entries[key] ?? defaultContent()[key], version: versions[key] ?? 0, savedAt: savedAt[key] ?? null }
		},
		async getMany(keys) {
			const { entries } = await load()
			// The defaults are built only when a key was never saved (a fresh database): every page asks for several keys.
			const fallback = keys.every((key) => entries[key] !== undefined) ? null : defaultContent()
			return Object.fromEntries(keys.map((key) => [key, entries[key] ?? fallback![key]])) as never
		},
		async save(key, data, savedBy, options) {
			return (await store.saveVersion(key, data, savedBy, options)).data
		},
		async saveVersion(key, data, savedBy, options = {}) {
			const value = contentSchemas[key].parse(data) as ContentMap[typeof key]
			const version = await db.transaction(async (tx) => {
				if (options.expectedVersion !== undefined) {
					// Locked until the commit: two saves against the same version cannot both pass.
					const [current] = await tx
						.select({ version: contentEntries.version })
						.from(contentEntries)
						.where(eq(contentEntries.key, key))
						.for('update')
					if ((current?.version ?? 0) !== options.expectedVersion) throw new StaleContentError(key, current?.version ?? 0)
				}
				const [row] = await tx
					.insert(contentEntries)
					.values({ key, data: value, version: 1, updatedBy: savedBy })
					.onConflictDoUpdate({
						target: contentEntries.key,
						set: { data: value, version: sql`${contentEntries.version} + 1`, updatedAt: sql`now()`, updatedBy: savedBy },
					})
					.returning({ version: contentEntries.version })
				await tx.insert(contentVersions).values({ key, version: row!.version, data: value, createdBy: savedBy, note: options.note ?? null })
				return row!.version
			})
			store.invalidate()
			return { data: value, version }
		},
		async version() {
			await load()
			return signature
		},
		invalidate() {
			generation++
			cache = null
			loading = null
		},
	}
	return store
}
