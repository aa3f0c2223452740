import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { headingsOf, skippedHeadingLevels } from '../../../tests/heading-levels.ts'
import { handleAppRequest } from '../../../tests/request-handler.ts'
import { staffRequest } from '../../../tests/staff-session.ts'
import { type SeededApp, openSeededApp } from '../../../tests/test-services.ts'
import { DASHBOARD_MENU } from '#app/components/dashboard/dashboard-menu.ts'

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())

/** Every screen of the menu, and the two reached from elsewhere (the security page and the debug screen). */
const screens = [...DASHBOARD_MENU.map((entry) => entry.to), '/dashboard/security', '/dashboard-test']

describe('dashboard headings (WCAG 1.3.1, the Nu HTML checker)', () => {
	test('the rule finds a skipped level and passes a well-formed outline', () => {
		expect(skippedHeadingLevels(headingsOf('<h1>Loans</h1><h3>Features</h3>'))).toEqual(['h3 "Features" follows h1 "Loans"'])
		expect(skippedHeadingLevels(headingsOf('<h2>Top</h2>'))).toEqual(['the first heading is h2 "Top", not h1'])
		expect(skippedHeadingLevels(headingsOf('<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2><div role="heading" aria-level="4">E</div>'))).toEqual([
			'h4 "E" follows h2 "D"',
		])
		expect(skippedHeadingLevels(headingsOf('<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2><h3>E</h3>'))).toEqual([])
	})

	test.each(screens)('%s skips no heading level', async (path) => {
		const response = await handleAppRequest(services, staffRequest(`http://localhost:3000${path}`, admin.cookie))
		expect(response.status).toBe(200)
		const headings = headingsOf(await response.text())
		expect(headings.filter((heading) => heading.level === 1)).toHaveLength(1)
		expect(skippedHeadingLevels(headings)).toEqual([])
	})
})
