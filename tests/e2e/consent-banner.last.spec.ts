import { devices, type Page } from '@playwright/test'
import { expect, openHydrated, openReady, scriptRequests, signInQuickly, test } from './fixtures.ts'

// Runs after every other spec (project 'last'): switching analytics on shows the banner to everyone.
test.describe.configure({ mode: 'serial' })

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' })

async function setAnalytics(page: Page, on: boolean) {
	await openHydrated(page, '/dashboard/settings')
	const toggle = page.getByRole('switch', { name: 'Analytics tracking' })
	await (on ? toggle.check() : toggle.uncheck())
	await page.getByRole('button', { name: 'Save Settings' }).click()
	await expect(page.getByText('Settings saved successfully')).toBeVisible()
}

test.describe('[PUBLIC][CONSENT] with analytics on', () => {
	// Signing in and saving the settings are two hydrated dashboard visits: on a loaded machine more than 30 s.
	test.beforeAll(async ({ browser }) => {
		test.setTimeout(90_000)
		const page = await browser.newPage()
		await signInQuickly(page)
		await setAnalytics(page, true)
		await page.close()
	})

	test.afterAll(async ({ browser }) => {
		test.setTimeout(90_000)
		const page = await browser.newPage()
		await signInQuickly(page)
		await setAnalytics(page, false)
		await page.close()
	})

	test.describe('on a phone', () => {
		const { defaultBrowserType: _, ...phone } = devices['Pixel 7']
		test.use(phone)

		test("[QUOTE][CONSENT]: the wizard's Continue button takes a tap while the banner is showing", async ({ page }) => {
			await openHydrated(page, '/fast-quote')
			await expect(page.locator('main[data-restored="true"]')).toBeVisible()
			await expect(banner(page)).toBeVisible()
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which loan program fits your investment?')
			await page.locator('main').getByText('DSCR Loan', { exact: true }).click()
			// click() fails when another element (the banner) would receive the tap instead of the button.
			await page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Continue' }).click({ timeout: 5_000 })
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('What type of property is it?')
			await expect(banner(page), 'the banner is still there, unanswered').toBeVisible()
			const bar = await page.getByRole('navigation', { name: 'Quote steps' }).boundingBox()
			const box = await banner(page).boundingBox()
			expect(bar && box, 'both on screen').toBeTruthy()
			// Scrolled to the end of the page, the banner still never overlaps the bar.
			await page.mouse.wheel(0, 10_000)
			const [barNow, boxNow] = [await page.getByRole('navigation', { name: 'Quote steps' }).boundingBox(), await banner(page).boundingBox()]
			const overlaps = boxNow !== null && barNow !== null && boxNow.y < barNow.y + barNow.height && boxNow.y + boxNow.height > barNow.y
			expect(overlaps).toBe(false)
		})

		test('[PUBLIC][CONSENT]: a page without a bundle asks for consent with no script file; the answer is remembered everywhere', async ({
			page,
		}) => {
			// docs/decisions/0044: the banner and the page view are the page's inline script, so analytics costs no bundle.
			const scripts = scriptRequests(page)
			await openReady(page, '/dscr-loans')
			await expect(banner(page)).toBeVisible()
			expect(scripts, 'script files loaded by a page without a bundle').toEqual([])
			await banner(page).getByRole('button', { name: 'Decline' }).click()
			await expect(banner(page)).toHaveCount(0)
			expect(await page.evaluate(() => localStorage.getItem('analytics-consent'))).toBe('denied')
			await openReady(page, '/')
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			await expect(banner(page)).toBeHidden()
			await openReady(page, '/contact')
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			await expect(banner(page)).toHaveCount(0)
		})

		test('[PUBLIC][CONSENT]: Accept on a page without a bundle starts tracking its page views; the wizard agrees', async ({ page }) => {
			await openReady(page, '/bridge-loans')
			await banner(page).getByRole('button', { name: 'Accept' }).click()
			await expect(banner(page)).toHaveCount(0)
			await openHydrated(page, '/fast-quote')
			await expect(banner(page)).toHaveCount(0)
			// Route tracking runs only on the production hostname (BASE_URL's), which the e2e server is.
			await expect.poll(() => page.evaluate(() => window.dataLayer)).toEqual([{ event: 'routeChange', path: '/fast-quote' }])
			await openReady(page, '/fix-flip-loans')
			expect(await page.evaluate(() => window.dataLayer)).toEqual([{ event: 'routeChange', path: '/fix-flip-loans' }])
		})

		test('[STAFF][CONSENT]: the dashboard and the sign-in pages never show the banner', async ({ page }) => {
			for (const path of ['/login', '/forgot-password']) {
				await openHydrated(page, path)
				await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
				await expect(banner(page), path).toHaveCount(0)
			}
			await signInQuickly(page)
			for (const path of ['/dashboard', '/dashboard/leads', '/dashboard/settings']) {
				await openHydrated(page, path)
				await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
				await expect(banner(page), path).toHaveCount(0)
			}
			// The same browser, on a public page, is asked: analytics is really on.
			await openReady(page, '/')
			await expect(banner(page)).toBeVisible()
		})
	})
})
