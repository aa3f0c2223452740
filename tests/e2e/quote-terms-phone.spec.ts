import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { finishShortForm, person, stateBusinessPurpose } from './quote-journey.ts'

/**
 * docs/decisions/0100: the terms on a phone. At 390 and 320 px no rate breaks across lines (measured from the boxes of
 * each figure's text) and every cell of the grid is a target of at least 44 × 44 px.
 */

/** How many lines the element's text takes: the client rectangles of a range over it, one per line box. */
const linesOf = (element: Locator) =>
	element.evaluate((node) => {
		const range = document.createRange()
		range.selectNodeContents(node)
		const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)))
		return tops.size
	})

test.describe('the indicative terms on a phone', { tag: '@phone-only' }, () => {
	test('[TERMS][PHONE]: no rate wraps and every grid cell is a 44 px target, at 390 and 320 px', async ({ page }, testInfo) => {
		test.slow()
		await finishShortForm(page, person(testInfo, 'Narrow'))
		const panel = await stateBusinessPurpose(page)
		for (const width of [390, 320]) {
			await page.setViewportSize({ width, height: 800 })
			// The rate per credit band, before a band is picked.
			const bandRates = panel
				.getByTestId('band-table')
				.locator('td')
				.filter({ hasText: /\d\.\d{1,3}%/ })
			await expect(bandRates.first()).toBeVisible()
			for (const cell of await bandRates.all()) expect(await linesOf(cell), `band rate at ${width} px`).toBe(1)
		}
		await page.setViewportSize({ width: 390, height: 800 })
		await panel.getByRole('button', { name: '740 - 759: This is me' }).click()
		const cells = panel.getByTestId('choice-grid').getByRole('button')
		await expect(cells.first()).toBeVisible()
		for (const width of [390, 320]) {
			await page.setViewportSize({ width, height: 800 })
			expect(await cells.count()).toBeGreaterThan(4)
			for (const cell of await cells.all()) {
				expect(await linesOf(cell), `grid rate at ${width} px: ${await cell.textContent()}`).toBe(1)
				const box = (await cell.boundingBox())!
				expect(box.height, `height at ${width} px`).toBeGreaterThanOrEqual(44)
				expect(box.width, `width at ${width} px`).toBeGreaterThanOrEqual(44)
			}
			// The page itself never scrolls sideways: only the grid does, its prepayment column held in place.
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
		}
	})
})
