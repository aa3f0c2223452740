import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { editorClient } from '../../../tests/content-editor-kit.ts'
import { readHead } from '../../../tests/e2e/server-html.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import { staffRequest } from '../../../tests/staff-session.ts'
import { type SeededApp, openSeededApp } from '../../../tests/test-services.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import { contentEntries } from '#db/schema.ts'
import * as companyRoute from './company.tsx'
import * as settingsRoute from './settings.tsx'

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
	// The records as earlier releases seeded them: the logo's initials and the site name stored beside the company name.
	const seeded = defaultContent()
	await services.db
		.update(contentEntries)
		.set({ data: { ...seeded.company, initials: 'EL' } })
		.where(eq(contentEntries.key, 'company'))
	await services.db
		.update(contentEntries)
		.set({ data: { ...seeded.settings, siteName: seeded.company.name } })
		.where(eq(contentEntries.key, 'settings'))
	services.content.invalidate()
})
afterAll(() => handle.close())

const OLD_NAME = 'Example Lending Co.'
const NEW_NAME = 'Harbor Point Capital'

/** The logo square's letters: the aria-hidden span in front of the company name. */
const logoLetters = (html: string) =>
	[...html.matchAll(/<span[^>]*aria-hidden="true"[^>]*>([^<]{1,4})<\/span><span[^>]*><span[^>]*>([^<]*)<\/span>/g)].map(
		([, initials, name]) => `${initials} ${name}`,
	)

describe('renaming the company (docs/decisions/0080)', () => {
	test('every public page’s title, og:site_name and logo carry the saved name, and the old one is gone', async () => {
		const editor = editorClient(services, '/dashboard/company', companyRoute)
		const before = await handleAppRequest(services, new Request('http://localhost:3000/'))
		expect(logoLetters(await before.text())).toContain(`EL ${OLD_NAME}`)

		const { body: loaded } = await editor.load(admin.cookie)
		const { status } = await editor.save(admin.cookie, { ...loaded.content, name: NEW_NAME })
		expect(status).toBe(200)

		for (const page of Object.values(publicPages)) {
			const response = await handleAppRequest(services, new Request(`http://localhost:3000${page.path}`))
			expect(response.status, page.path).toBe(200)
			const html = await response.text()
			const head = readHead(html)
			expect(head.titles, page.path).toHaveLength(1)
			expect(head.titles[0], page.path).toMatch(new RegExp(` \\| ${NEW_NAME}$`))
			expect(head.meta('og:site_name'), page.path).toBe(NEW_NAME)
			expect(head.meta('og:title'), page.path).toBe(head.titles[0])
			expect(logoLetters(html), page.path).toContain(`HP ${NEW_NAME}`)
			expect(html, page.path).not.toContain(OLD_NAME)
		}
		// Eleven server renders, the first of each page compiling its modules.
	}, 60_000)

	test('initials staff typed themselves stay through a rename', async () => {
		const editor = editorClient(services, '/dashboard/company', companyRoute)
		const { body: loaded } = await editor.load(admin.cookie)
		expect((await editor.save(admin.cookie, { ...loaded.content, initials: 'HPC' })).status).toBe(200)
		expect((await editor.save(admin.cookie, { ...loaded.content, initials: 'HPC', name: 'Harbor Point Lending' })).status).toBe(200)
		const html = await (await handleAppRequest(services, new Request('http://localhost:3000/'))).text()
		expect(logoLetters(html)).toContain('HPC Harbor Point Lending')
		expect(readHead(html).meta('og:site_name')).toBe('Harbor Point Lending')
	})

	test('the settings screen shows the company name as its Site name (spec 2), and a name saved there renames the site', async () => {
		const response = await handleAppRequest(services, staffRequest('http://localhost:3000/dashboard/settings', admin.cookie))
		const html = await response.text()
		expect(html).toMatch(/<input[^>]*id="siteName"[^>]*value="Harbor Point Lending"/i)
		const settings = editorClient(services, '/dashboard/settings', settingsRoute)
		const stored = await services.content.get('settings')
		const { body } = await settings.post(admin.cookie, {
			intent: 'save',
			siteName: 'Another Name',
			siteDescription: stored.siteDescription,
			adminEmail: stored.adminEmail,
			requireTwoFactor: 'on',
		})
		expect(body.ok).toBe(true)
		expect((await services.content.get('company')).name).toBe('Another Name')
		const home = await (await handleAppRequest(services, new Request('http://localhost:3000/'))).text()
		expect(readHead(home).meta('og:site_name')).toBe('Another Name')
		expect(home).not.toContain('Harbor Point Lending')
	})
})
