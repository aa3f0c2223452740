import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { editorClient } from '../../../tests/content-editor-kit.ts'
import { textsOf } from '../../../tests/e2e/server-html.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import { staffRequest } from '../../../tests/staff-session.ts'
import { type SeededApp, openSeededApp } from '../../../tests/test-services.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import type { Testimonial } from '#app/features/content/content-schemas.ts'
import { PLACEMENT_TEXT, placementSummary } from '#app/features/content/testimonial-placement.ts'
import * as testimonialsRoute from './testimonials.tsx'

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())

const testimonial = (id: string, name: string, featured: boolean): Testimonial => ({
	...defaultContent().testimonials[0]!,
	id,
	name,
	featured,
})

/** Each card of the editor as "name: what it says about where it appears". */
async function editorPlacements() {
	const response = await handleAppRequest(services, staffRequest('http://localhost:3000/dashboard/testimonials', admin.cookie))
	expect(response.status).toBe(200)
	return textsOf(await response.text(), 'article').map((card) => {
		const name = card.split(' ')[0]!
		const said = Object.values(PLACEMENT_TEXT).find((text) => card.includes(text))
		return `${name}: ${said ?? 'nothing'}`
	})
}

async function homeNames() {
	const html = await (await handleAppRequest(services, new Request('http://localhost:3000/'))).text()
	const section = /<section aria-labelledby="testimonials-heading"[\s\S]*?<\/section>/.exec(html)![0]
	return textsOf(section, 'li')
}

describe('where a testimonial appears (docs/decisions/0080)', () => {
	test('the editor says beside each testimonial whether the home page shows it, and the home page agrees', async () => {
		const list = [
			testimonial('a', 'Avery', true),
			testimonial('b', 'Blake', false),
			testimonial('c', 'Casey', true),
			testimonial('d', 'Devon', false),
		]
		expect((await editorClient(services, '/dashboard/testimonials', testimonialsRoute).save(admin.cookie, list)).status).toBe(200)
		expect(await editorPlacements()).toEqual([
			'Avery: Featured: shown on the home page',
			'Blake: Not featured: shown on the home page while fewer than 3 are featured',
			'Casey: Featured: shown on the home page',
			'Devon: Not featured: not shown on the site',
		])
		const home = await homeNames()
		expect(home).toHaveLength(3)
		for (const name of ['Avery', 'Casey', 'Blake']) expect(home.some((card) => card.includes(name))).toBe(true)
		expect(home.some((card) => card.includes('Devon'))).toBe(false)
	})

	test('a featured testimonial beyond the three places says it is not shown', async () => {
		const list = ['Avery', 'Blake', 'Casey', 'Devon'].map((name) => testimonial(name.toLowerCase(), name, true))
		expect((await editorClient(services, '/dashboard/testimonials', testimonialsRoute).save(admin.cookie, list)).status).toBe(200)
		expect((await editorPlacements()).at(-1)).toBe(
			'Devon: Featured, but not shown: the home page has room for 3 and the featured ones before it fill it',
		)
		expect((await homeNames()).some((card) => card.includes('Devon'))).toBe(false)
	})

	test('the save message counts what the site shows and what it leaves out', () => {
		const list = [testimonial('a', 'Avery', true), testimonial('b', 'Blake', false)]
		expect(placementSummary(list)).toBe('2 shown on the home page.')
		expect(placementSummary([...list, testimonial('c', 'Casey', false), testimonial('d', 'Devon', false)])).toBe(
			'3 shown on the home page; 1 not shown on the site (the home page shows 3, featured first).',
		)
	})
})
