import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contentEntries, contentVersions } from '#db/schema.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { defaultContent } from './content-defaults.ts'
import { logoInitials } from './company-identity.ts'
import { StaleContentError, createContentStore, seedContent } from './content.server.ts'
import { createDatabaseHealth } from '#db/health.ts'
import { contentKeys, contentSchemas } from './content-schemas.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())

describe('content', () => {
	test('every default document passes its own schema', () => {
		const defaults = defaultContent()
		for (const key of contentKeys) expect(contentSchemas[key].safeParse(defaults[key]).success, key).toBe(true)
	})

	test('brand defaults are clearly fictional unless configured', () => {
		const { company } = defaultContent()
		expect(company.phone).toMatch(/555-01\d\d$/)
		expect(company.email).toMatch(/@example\.com$/)
		expect(company.applicationHost).toMatch(/example\.com$/)
		const configured = defaultContent({ COMPANY_NAME: 'Acme Capital', COMPANY_PHONE: '(949) 555-0111' }).company
		expect(configured).toMatchObject({ name: 'Acme Capital', phone: '(949) 555-0111' })
		expect(logoInitials(configured)).toBe('AC')
	})

	test('seeding fills every key once and never overwrites edited content', async () => {
		await seedContent(handle.db)
		const store = createContentStore(handle.db)
		await store.save('hero', { ...defaultContent().hero, title: 'Edited title' }, 'staff@example.com')
		await seedContent(handle.db)
		const rows = await handle.db.select().from(contentEntries)
		expect(rows.map((row) => row.key).sort()).toEqual([...contentKeys].sort())
		expect((await createContentStore(handle.db).get('hero')).title).toBe('Edited title')
	})

	test('a save is visible on the next read and kept as a new version', async () => {
		const store = createContentStore(handle.db)
		expect((await store.get('settings')).maintenanceMode).toBe(false)
		const settings = await store.get('settings')
		await store.save('settings', { ...settings, siteDescription: 'Renamed' }, 'staff@example.com')
		expect((await store.get('settings')).siteDescription).toBe('Renamed')
		const versions = await handle.db.select().from(contentVersions).where(eq(contentVersions.key, 'settings'))
		expect(versions.map((version) => version.version).sort()).toEqual([1, 2])
		expect(versions.find((version) => version.version === 2)?.createdBy).toBe('staff@example.com')
	})

	test('publishing a rate sheet changes the content version the page cache keys on (docs/decisions/0019, 0067)', async () => {
		await seedContent(handle.db)
		const store = createContentStore(handle.db)
		const before = await store.version()
		expect(before).toMatch(/(^|,)rateSheet:\d+(,|$)/)
		const sheet = await store.get('rateSheet')
		await store.save('rateSheet', { ...sheet, dscr: { ...sheet.dscr, baseRate: '6.750' } }, 'staff@example.com')
		const after = await store.version()
		expect(after).not.toBe(before)
		// A store in another process sees the new version too, once its cache expires (here: a fresh store).
		expect(await createContentStore(handle.db).version()).toBe(after)
	})

	test('a version keeps the change note saved with it; a save without one keeps none (docs/decisions/0073)', async () => {
		await seedContent(handle.db)
		const store = createContentStore(handle.db)
		const hero = await store.get('hero')
		const noted = await store.saveVersion('hero', { ...hero, subtitle: 'With a note' }, 'staff@example.com', { note: 'Spring campaign' })
		const plain = await store.saveVersion('hero', { ...hero, subtitle: 'Without one' }, 'staff@example.com')
		expect(plain.version).toBe(noted.version + 1)
		const rows = await handle.db.select().from(contentVersions).where(eq(contentVersions.key, 'hero'))
		expect(rows.find((row) => row.version === noted.version)?.note).toBe('Spring campaign')
		expect(rows.find((row) => row.version === plain.version)?.note).toBeNull()
	})

	test('a save against a version that is no longer the newest is refused and stores nothing', async () => {
		await seedContent(handle.db)
		const store = createContentStore(handle.db)
		const { data: sheet, version } = await store.getWithVersion('rateSheet')
		const first = await store.saveVersion('rateSheet', { ...sheet, dscr: { ...sheet.dscr, baseRate: '6.500' } }, 'a@example.com', {
			expectedVersion: version,
		})
		expect(first.version).toBe(version + 1)
		// A colleague's save made against the same version would undo the first one unseen.
		const late = store.saveVersion('rateSheet', { ...sheet, dscr: { ...sheet.dscr, rateFloor: '5.875' } }, 'b@example.com', {
			expectedVersion: version,
		})
		await expect(late).rejects.toBeInstanceOf(StaleContentError)
		await expect(late).rejects.toMatchObject({ currentVersion: version + 1 })
		const now = await createContentStore(handle.db).getWithVersion('rateSheet')
		expect(now.version).toBe(version + 1)
		expect(now.data.dscr).toMatchObject({ baseRate: '6.500', rateFloor: sheet.dscr.rateFloor })
	})

	test('a stored sheet outside limits added since is served as the seed, kept, and reported once (docs/decisions/0075)', async () => {
		await seedContent(handle.db)
		const sheet = (await createContentStore(handle.db).get('rateSheet')) as unknown as Record<string, Record<string, unknown>>
		const tooHigh = { ...sheet, dscr: { ...sheet.dscr, baseRate: '99.000' } }
		await handle.db
			.update(contentEntries)
			.set({ data: tooHigh, updatedBy: 'lender@example.com' })
			.where(eq(contentEntries.key, 'rateSheet'))
		const reports: Array<{ key: string; problems: string[] }> = []
		const store = createContentStore(handle.db, { onInvalidStored: (key, _version, problems) => reports.push({ key, problems }) })
		expect((await store.get('rateSheet')).dscr.baseRate).toBe(defaultContent().rateSheet.dscr.baseRate)
		await store.version()
		expect(reports).toHaveLength(1)
		expect(reports[0]).toMatchObject({ key: 'rateSheet' })
		expect(reports[0]?.problems.join(' ')).toMatch(/^dscr\.baseRate: /)
		const [row] = await handle.db.select().from(contentEntries).where(eq(contentEntries.key, 'rateSheet'))
		expect(row?.data).toMatchObject({ dscr: { baseRate: '99.000' } })
	})

	test('invalid content is refused with a message per field and nothing stored changes', async () => {
		const store = createContentStore(handle.db)
		const before = await store.get('company')
		await expect(store.save('company', { ...before, email: 'nope', phone: '12' }, 'x')).rejects.toThrow(
			/Please enter a valid email address/,
		)
		expect(await createContentStore(handle.db).get('company')).toEqual(before)
	})

	test('another process’s edit shows here once the cache has expired', async () => {
		let clock = 0
		const store = createContentStore(handle.db, { now: () => clock })
		const hero = await store.get('hero')
		await createContentStore(handle.db).save('hero', { ...hero, subtitle: 'From elsewhere' }, null)
		expect((await store.get('hero')).subtitle).toBe(hero.subtitle)
		clock += 5_000
		expect((await store.get('hero')).subtitle).toBe('From elsewhere')
	})

	test('during a database outage the last content read is served, and an error without one', async () => {
		let down = false
		const flaky = {
			select: (...args: Parameters<typeof handle.db.select>) => {
				if (down) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' })
				return handle.db.select(...args)
			},
		} as unknown as typeof handle.db
		let clock = 0
		const health = createDatabaseHealth(async () => {
			if (down) throw new Error('Connection terminated unexpectedly')
		})
		const store = createContentStore(flaky, { now: () => clock, health })
		const hero = await store.get('hero')
		down = true
		clock += 60_000
		expect(await store.get('hero')).toEqual(hero)
		expect(health.isUnavailable()).toBe(true)
		health.stop()
		const cold = createContentStore(flaky, { health })
		await expect(cold.get('hero')).rejects.toThrow(/Connection terminated/)
	})

	test('when the database freezes, the first page gets the last content read instead of waiting on the frozen query', async () => {
		let frozen = false
		let queries = 0
		let fail: (error: Error) => void = () => {}
		const freezing = {
			select: (...args: Parameters<typeof handle.db.select>) => ({
				from: (table: typeof contentEntries) => {
					queries++
					if (!frozen) return handle.db.select(...args).from(table)
					// No answer at all, until the pool gives up on the connection.
					return new Promise((_, reject) => {
						fail = reject
					})
				},
			}),
		} as unknown as typeof handle.db
		let clock = 0
		const health = createDatabaseHealth(async () => {})
		const store = createContentStore(freezing, { now: () => clock, health })
		const hero = await store.get('hero')
		frozen = true
		clock += 60_000
		// A guard against a hang, not a speed goal: the frozen query itself never answers.
		const hang = new Promise((resolve) => setTimeout(() => resolve('still waiting on the frozen query'), 5_000))
		expect(await Promise.race([store.get('hero'), hang])).toEqual(hero)
		expect(queries).toBe(2)
		// The pages after it do not wait either, and share the one refresh still in flight.
		expect(await Promise.race([store.get('hero'), hang])).toEqual(hero)
		expect(queries).toBe(2)
		// When the pool gives up, the outage is known: later pages skip the query until the database is back.
		fail(Object.assign(new Error('timeout exceeded when trying to connect'), { code: 'ETIMEDOUT' }))
		await new Promise((resolve) => setTimeout(resolve, 0))
		expect(health.isUnavailable()).toBe(true)
		expect(await store.get('hero')).toEqual(hero)
		expect(queries).toBe(2)
		health.stop()
	})

	test('a save while the content is being read is never hidden by that older read', async () => {
		let release = () => {}
		const gate = new Promise<void>((resolve) => {
			release = resolve
		})
		// The first read gets its rows before the save but hands them over only after it.
		let delayed = true
		const slow = {
			select: (...args: Parameters<typeof handle.db.select>) => ({
				from: async (table: typeof contentEntries) => {
					const rows = await handle.db.select(...args).from(table)
					if (delayed) {
						delayed = false
						await gate
					}
					return rows
				},
			}),
			transaction: handle.db.transaction.bind(handle.db),
		} as unknown as typeof handle.db
		const hero = await createContentStore(handle.db).get('hero')
		const store = createContentStore(slow)
		const olderRead = store.get('hero')
		await new Promise((resolve) => setTimeout(resolve, 50))
		await store.save('hero', { ...hero, subtitle: 'Saved during a read' }, null)
		release()
		expect((await olderRead).subtitle).toBe(hero.subtitle)
		expect((await store.get('hero')).subtitle).toBe('Saved during a read')
	})
})
