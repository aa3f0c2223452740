import { annuityPayment, expect, openHydrated, scriptRequests, seededCompany, test, wholeDollars } from './fixtures.ts'

// docs/decisions/0037: pages with nothing React must do ship no JavaScript bundle; the others start it after the first paint.
const STATIC_PAGES = ['/', '/dscr-loans', '/bridge-loans', '/fix-flip-loans', '/construction-loans', '/privacy-policy', '/terms-of-service']
const HYDRATED_PAGES = ['/dscr-calculator', '/contact', '/dscr-cash-out-florida', '/fast-quote']

test.describe('what the server sends', { tag: '@desktop-only' }, () => {
	for (const path of STATIC_PAGES) {
		test(`[PUBLIC][SPEED]: ${path} has no script file, no module preload and no module script in its HTML`, async ({ request }) => {
			const html = await (await request.get(path)).text()
			expect(html).not.toMatch(/<script[^>]*\ssrc=/)
			expect(html).not.toContain('modulepreload')
			expect(html).not.toMatch(/<script[^>]*type="module"/)
			// Nor React Router's hand-off of the loader data, which only a hydrating page reads.
			expect(html).not.toContain('__reactRouterContext')
		})
	}

	for (const path of HYDRATED_PAGES) {
		test(`[PUBLIC][SPEED]: ${path} keeps its JavaScript but preloads nothing ahead of the first paint`, async ({ request }) => {
			const html = await (await request.get(path)).text()
			expect(html).toContain('__reactRouterContext')
			expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/)
			expect(html).not.toMatch(/<script[^>]*\ssrc=/)
		})
	}
})

test.describe('a page without a bundle', () => {
	test('[PUBLIC][SPEED]: a product page loads no script, opens its FAQ and starts the quote through plain links', async ({ page }) => {
		const scripts = scriptRequests(page)
		await page.goto('/dscr-loans')
		const question = page.locator('summary').first()
		const answer = page.locator('details').first().locator('p')
		await expect(answer).toBeHidden()
		await question.click()
		await expect(answer).toBeVisible()
		expect(scripts).toEqual([])

		await page.getByRole('link', { name: 'Start Quote' }).first().click()
		// The wizard is a React page: it hydrates (and takes the program from the link), and only there do scripts load.
		await expect(page.locator('main[data-restored="true"]')).toBeVisible()
		await expect(page).toHaveURL(/\/fast-quote/)
		await expect(page.getByRole('radio', { name: /DSCR/ })).toBeChecked()
		expect(scripts.length).toBeGreaterThan(0)
	})

	test('[PUBLIC][SPEED]: the legal pages load no script and their links lead on', async ({ page }) => {
		const scripts = scriptRequests(page)
		await page.goto('/privacy-policy')
		await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click()
		await expect(page).toHaveURL('/terms-of-service')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
		await page.getByRole('banner').getByRole('link', { name: seededCompany.name }).click()
		await expect(page).toHaveURL('/')
		expect(scripts).toEqual([])
	})

	test('[PUBLIC][SPEED]: the home page’s slider moves the payment with no script file loaded', async ({ page }) => {
		const scripts = scriptRequests(page)
		await page.goto('/')
		const panel = page.getByRole('region', { name: 'Current DSCR Rates' })
		const slider = panel.getByRole('slider')
		await slider.focus()
		await page.keyboard.press('ArrowLeft')
		await expect(slider).toHaveValue('475000')
		await expect(slider).toHaveAttribute('aria-valuetext', '$475,000')
		await expect(panel.getByTestId('monthly-payment')).toHaveText(wholeDollars(annuityPayment(475_000, 5.875, 360)))
		expect(scripts).toEqual([])
	})

	test('[PUBLIC][SPEED]: a visit that lands on a page without a bundle is still attributed to its campaign', async ({ page }) => {
		await page.goto('/bridge-loans?utm_source=newsletter&utm_campaign=spring')
		const attribution = await page.evaluate(() => JSON.parse(localStorage.getItem('attribution') ?? 'null'))
		expect(attribution?.firstTouch).toMatchObject({
			landingPage: '/bridge-loans?utm_source=newsletter&utm_campaign=spring',
			utm_source: 'newsletter',
		})
	})
})

test.describe('ad visitors get the cached page (server/page-cache.ts)', () => {
	for (const path of ['/dscr-loans', '/dscr-calculator']) {
		test(`[PUBLIC][SPEED]: on ${path} each visitor is attributed to their own click id, and no visitor’s id is printed in another’s page`, async ({
			browser,
		}) => {
			// Two visitors, each in a browser context of their own.
			test.slow()
			const ids = [crypto.randomUUID(), crypto.randomUUID()]
			for (const [index, gclid] of ids.entries()) {
				const source = index === 0 ? 'google' : 'bing'
				const context = await browser.newContext()
				const page = await context.newPage()
				const html = (await (await page.goto(`${path}?utm_source=${source}&gclid=${gclid}`))?.text()) ?? ''
				for (const id of ids) expect(html).not.toContain(id)
				await expect
					.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('attribution') ?? 'null')?.firstTouch))
					.toMatchObject({ gclid, utm_source: source, landingPage: `${path}?utm_source=${source}&gclid=${gclid}` })
				await context.close()
			}
		})
	}

	test('[PUBLIC]: the calculator still reads its own fields from the URL beside a click id', async ({ page }) => {
		await openHydrated(
			page,
			`/dscr-calculator?gclid=${crypto.randomUUID()}&monthlyRent=3500&loanAmount=400000&interestRate=7&loanTermYears=30&monthlyExpenses=650`,
		)
		await expect(page.getByLabel('Monthly rent ($)')).toHaveValue('3500')
		await expect(page).toHaveURL(/gclid=/)
	})
})

test.describe('a page with JavaScript', () => {
	test('[PUBLIC][SPEED]: requests its scripts only after the first paint, then hydrates', async ({ page }) => {
		await openHydrated(page, '/dscr-calculator')
		const order = await page.evaluate(() => {
			const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN
			const scripts = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
			const firstScript = Math.min(...scripts.map((entry) => entry.startTime))
			return { paint, firstScript }
		})
		expect(order.paint).toBeGreaterThan(0)
		expect(order.firstScript).toBeGreaterThanOrEqual(order.paint)
	})
})
