import { devices } from '@playwright/test'
import { expect, openHydrated, signInQuickly, test } from './fixtures.ts'

// docs/decisions/0124: a visit of the quote wizard is counted step by step, and the overview shows where visits leave.
test('[STAFF][WIZARD DROP-OFF]: a visitor’s steps reach the overview, each reported once', async ({ page, browser }) => {
	// Two browsers and three screens.
	test.slow()
	await signInQuickly(page)
	const constructionVisits = async () => {
		await openHydrated(page, '/dashboard?funnel=30')
		const panel = page.getByRole('region', { name: 'The quote wizard, step by step' })
		await expect(panel.getByTestId('wizard-summary')).toBeVisible()
		const program = panel.getByTestId('wizard-program-construction')
		if ((await program.count()) === 0) return 0
		return Number(/: (\d+) visits?/.exec((await program.locator('summary').textContent())!)![1])
	}
	const before = await constructionVisits()

	// A visitor on a phone chooses Ground-Up Construction, reaches the property type, goes back and on again.
	const visitor = await browser.newContext({ ...devices['Pixel 7'] })
	const wizard = await visitor.newPage()
	const reports: string[] = []
	wizard.on('request', (request) => {
		if (new URL(request.url()).pathname === '/api/wizard-visits') reports.push(JSON.parse(request.postData()!).step)
	})
	await openHydrated(wizard, '/fast-quote')
	await expect(wizard.locator('main[data-restored="true"]')).toBeVisible()
	await wizard.locator('main').getByText('Ground-Up Construction', { exact: true }).click()
	const steps = wizard.getByRole('navigation', { name: 'Quote steps' })
	await steps.getByRole('button', { name: 'Continue' }).click()
	await expect(wizard.getByRole('heading', { level: 1 })).toHaveText('What type of property is it?')
	await steps.getByRole('button', { name: 'Back' }).click()
	await expect(wizard.getByRole('heading', { level: 1 })).toHaveText('Which loan program fits your investment?')
	await steps.getByRole('button', { name: 'Continue' }).click()
	await expect(wizard.getByRole('heading', { level: 1 })).toHaveText('What type of property is it?')
	// Each step once, however often it is shown (read once the page is quiet, so a late repeat would be seen).
	await expect.poll(() => reports).toEqual(['loan-program', 'property-type'])
	await wizard.waitForLoadState('networkidle')
	expect(reports).toEqual(['loan-program', 'property-type'])
	await visitor.close()

	await expect.poll(constructionVisits, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 1)
	const program = page.getByRole('region', { name: 'The quote wizard, step by step' }).getByTestId('wizard-program-construction')
	// Open (the program with most visits is open already; another is folded).
	await program.evaluate((details) => {
		;(details as HTMLDetailsElement).open = true
	})
	const propertyType = program.getByRole('row', { name: /^Property type/ })
	await expect(propertyType).toBeVisible()
	expect(Number(await propertyType.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1)
})
