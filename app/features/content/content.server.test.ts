import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contentEntries, contentVersions } from '#db/schema.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { defaultContent } from './content-defaults.ts'
import { createContentStore, seedContent } from './content.server.ts'
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
		expect(configured).toMatchObject({ name: 'Acme Capital', initials: 'AC', phone: '(949) 555-0111' })
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
		await store.save('settings', { ...settings, siteName: 'Renamed' }, 'staff@example.com')
		expect((await store.get('settings')).siteName).toBe('Renamed')
		const versions = await handle.db.select().from(contentVersions).where(eq(contentVersions.key, 'settings'))
		expect(versions.map((version) => version.version).sort()).toEqual([1, 2])
		expect(versions.find((version) => version.version === 2)?.createdBy).toBe('staff@example.com')
	})

	test('invalid content is refused with a message per field and nothing stored changes', async () => {
		const store = createContentStore(handle.db)
		const before = await store.get('company')
		await expect(store.save('company', { ...before, email: 'nope', phone: '12' }, 'x')).rejects.toThrow(/Please enter a valid email address/)
		expect(await createContentStore(handle.db).get('company')).toEqual(before)
	})

	test('another process’s edit shows here once the cache has expired', async () => {
		let clock = 0
		const store = createContentStore(handle.db, () => clock)
		const hero = await store.get('hero')
		await createContentStore(handle.db).save('hero', { ...hero, subtitle: 'From elsewhere' }, null)
		expect((await store.get('hero')).subtitle).toBe(hero.subtitle)
		clock += 5_000
		expect((await store.get('hero')).subtitle).toBe('From elsewhere')
	})
})
