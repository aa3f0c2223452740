import type { Page } from '@playwright/test'
import { expect, openHydrated, signInQuickly, test } from './fixtures.ts'

/**
 * The text of every label, button and link in the leads screen's filter bar that is laid out on more than one line
 * ("Assig/ned", "Sor/t" broke mid-word on a laptop): each one's text nodes, measured line by line.
 */
async function labelsOnMoreThanOneLine(page: Page) {
	return page.evaluate(() => {
		const bar = document.querySelector('form[role="search"]')!.parentElement!
		const broken: string[] = []
		for (const control of bar.querySelectorAll('label, button, a')) {
			const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT, {
				acceptNode: (node) =>
					node.textContent?.trim() && !node.parentElement?.closest('select, .sr-only')
						? NodeFilter.FILTER_ACCEPT
						: NodeFilter.FILTER_REJECT,
			})
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const range = document.createRange()
				range.selectNodeContents(node)
				const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)))
				if (lines.size > 1) broken.push(`"${node.textContent!.trim()}" on ${lines.size} lines`)
			}
		}
		return broken
	})
}

test.describe('[ADMIN][LEADS][FILTERS] @desktop-only', () => {
	for (const viewport of [
		{ width: 1280, height: 800 },
		{ width: 1024, height: 768 },
	]) {
		test.describe(() => {
			test.use({ viewport })
			test(`[ADMIN][LEADS][FILTERS]: at ${viewport.width} px every filter label and button reads on one line`, async ({ page }) => {
				await signInQuickly(page)
				await openHydrated(page, '/dashboard/leads')
				await expect(page.getByLabel('Assigned')).toBeVisible()
				await expect(page.getByLabel('Sort')).toBeVisible()
				expect(await labelsOnMoreThanOneLine(page)).toEqual([])
			})
		})
	}
})
