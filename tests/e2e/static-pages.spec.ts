import { annuityPayment, expect, openHydrated, openReady, scriptRequests, seededCompany, test, wholeDollars } from './fixtures.ts'

// docs/decisions/0037: pages with nothing React must do ship no JavaScript bundle; the others start it after the first paint.
const STATIC_PAGES = [
	'/',
	'/dscr-loans',
	'/bridge-loans',
	'/fix-flip-loans',
	'/construction-loans',
	'/dscr-calculator',
	'/dscr-cash-out-florida',
	'/privacy-policy',
	'/terms-of-service',
	'/contact',
]

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

	// docs/decisions/0064: the wizard boots alone, after the first paint, from one inline script.
	test('[PUBLIC][SPEED]: /fast-quote boots its wizard without React Router’s bundle and preloads nothing ahead of the first paint', async ({
		request,
	}) => {
		const html = await (await request.get('/fast-quote')).text()
		expect(html).not.toContain('__reactRouterContext')
		expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/)
		expect(html).not.toMatch(/<script[^>]*\ssrc=/)
		expect(html).toMatch(/import\(\\"\/assets\/island-quote-wizard-[\w-]+\.js\\"\)/)
		expect(html).toContain('id="quote-wizard-data"')
	})
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

	test('[PUBLIC][SPEED]: the Florida payment calculator follows the typing, empty state included, with no script file loaded', async ({
		page,
	}) => {
		const scripts = scriptRequests(page)
		await page.goto('/dscr-cash-out-florida')
		const calculator = page.locator('#calculator')
		const payment = calculator.getByTestId('monthly-payment')
		await expect(payment).toHaveText(wholeDollars(annuityPayment(400_000, 5.875, 360)))
		await calculator.getByLabel('Loan amount ($)').fill('250,000')
		await expect(payment).toHaveText(wholeDollars(annuityPayment(250_000, 5.875, 360)))
		await calculator.getByLabel('Loan term (years)').fill('15')
		await expect(payment).toHaveText(wholeDollars(annuityPayment(250_000, 5.875, 180)))
		await calculator.getByLabel('Interest rate (%)').fill('')
		await expect(payment).toHaveText('—No estimate yet')
		await expect(calculator.getByTestId('monthly-payment-empty')).toHaveText(
			'Enter a loan amount, an interest rate and a term to see the payment.',
		)
		await calculator.getByLabel('Interest rate (%)').fill('7')
		await expect(payment).toHaveText(wholeDollars(annuityPayment(250_000, 7, 180)))
		await expect(calculator.getByTestId('monthly-payment-empty')).toHaveCount(0)
		expect(scripts).toEqual([])
	})

	test('[PUBLIC][SPEED]: the DSCR calculator calculates in the page with no script file loaded, and keeps the URL', async ({ page }) => {
		const scripts = scriptRequests(page)
		await page.goto('/dscr-calculator')
		const results = page.getByRole('region', { name: 'Results' })
		await expect(results).toContainText('then press Calculate DSCR')
		const fields = { 'Monthly rent ($)': '3000', 'Loan amount ($)': '400000', 'Interest rate (%)': '7', 'Loan term (years)': '30' }
		for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value)
		await page.getByLabel(/Monthly expenses/).fill('300')
		await page.getByRole('button', { name: 'Calculate DSCR' }).click()
		const payment = annuityPayment(400_000, 7, 360)
		await expect(page.getByTestId('dscr-payment')).toHaveText(
			`$${payment.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
		)
		await expect(page.getByTestId('dscr-value')).toHaveText(((3000 - 300) / payment).toFixed(2))
		await expect(page.getByTestId('dscr-rating')).toHaveText('Good')
		await expect(results).not.toContainText('then press Calculate DSCR')

		await page.getByLabel('Monthly rent ($)').fill('4000')
		await page.getByRole('button', { name: 'Calculate DSCR' }).click()
		await expect(page.getByTestId('dscr-value')).toHaveText(((4000 - 300) / payment).toFixed(2))
		await expect(page.getByTestId('dscr-rating')).toHaveText('Excellent')
		await expect(page).toHaveURL('/dscr-calculator')
		// The wizard is prefilled with the rent last calculated (docs/decisions/0075).
		await expect(page.getByRole('link', { name: 'Complete Quote Form' })).toHaveAttribute('href', '/fast-quote?program=dscr&rent=4000')
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
		await openReady(
			page,
			`/dscr-calculator?gclid=${crypto.randomUUID()}&monthlyRent=3500&loanAmount=400000&interestRate=7&loanTermYears=30&monthlyExpenses=650`,
		)
		await expect(page.getByLabel('Monthly rent ($)')).toHaveValue('3500')
		await expect(page).toHaveURL(/gclid=/)
	})
})

test.describe('a page with JavaScript', () => {
	test('[PUBLIC][SPEED]: requests its scripts only after the first paint, then hydrates', async ({ page }) => {
		await openHydrated(page, '/fast-quote')
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
