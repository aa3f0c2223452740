import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { seededServices } from '../../../tests/test-services.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'

let handle: DatabaseHandle
let services: AppServices
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
})
afterAll(() => handle.close())

/** The address of every link of the page's main content (not the site header and footer) whose text is the label. */
async function linksNamed(path: string, label: string) {
	const response = await handleAppRequest(services, new Request(`http://localhost:3000${path}`))
	expect(response.status).toBe(200)
	const page = await response.text()
	const html = page.slice(page.indexOf('<main'), page.lastIndexOf('</main>'))
	return [...html.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)]
		.filter(([, , text]) => text!.replace(/<[^>]+>/g, '').trim() === label)
		.map(([, href]) => href!.replaceAll('&amp;', '&'))
}

async function setTarget(quoteButtonTarget: 'wizard' | 'external') {
	const settings = await services.content.get('settings')
	await services.content.save('settings', { ...settings, quoteButtonTarget }, 'florida-test')
}

describe('quote buttons of the landing pages (docs/decisions/0051)', () => {
	test("by default the Florida page's Start Quote buttons open our wizard with DSCR and Florida chosen", async () => {
		const links = await linksNamed('/dscr-cash-out-florida', 'Start Quote')
		expect(links.length).toBeGreaterThanOrEqual(2)
		for (const href of links) expect(href).toBe('/fast-quote?program=dscr&state=FL')
		expect(await linksNamed('/dscr-calculator', 'Complete Quote Form')).toEqual(['/fast-quote?program=dscr'])
	})

	test('with the setting on the external host, they leave for the application host', async () => {
		const { applicationHost } = await services.content.get('company')
		await setTarget('external')
		try {
			const links = await linksNamed('/dscr-cash-out-florida', 'Start Quote')
			expect(links.length).toBeGreaterThanOrEqual(2)
			for (const href of links) expect(href).toBe(`https://${applicationHost}/`)
			expect(await linksNamed('/dscr-calculator', 'Complete Quote Form')).toEqual([`https://${applicationHost}/`])
			// A product page's Start Quote always opens the wizard.
			expect(await linksNamed('/dscr-loans', 'Start Quote')).toContain('/fast-quote?program=dscr')
		} finally {
			await setTarget('wizard')
		}
	})
})
