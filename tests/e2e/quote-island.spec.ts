import { expect, openHydrated, scriptRequests, test } from './fixtures.ts'

// docs/decisions/0064: the wizard boots alone (its island), and what a later step needs loads when it is wanted.
test.describe('[QUOTE][ISLAND]', () => {
	test('[QUOTE][ISLAND]: the first step loads only the wizard’s own script, and the later steps load at the first touch', async ({
		page,
	}) => {
		const scripts = scriptRequests(page)
		await page.goto('/')
		await page.evaluate(() => localStorage.clear())
		scripts.length = 0
		await openHydrated(page, '/fast-quote')
		await expect(page.locator('main[data-restored="true"]')).toBeVisible()
		await page.waitForLoadState('networkidle')
		expect(scripts, 'one script file: the island, not React Router’s bundle').toEqual([
			expect.stringMatching(/^\/assets\/island-quote-wizard-/),
		])
		expect(await page.evaluate(() => '__reactRouterContext' in window), 'no React Router hand-off').toBe(false)
		// The schema library and the pricing arithmetic come with the later steps (or a return link), not on the first.
		const island = await (await page.request.get(scripts[0]!)).text()
		expect(island, 'zod is not in the first script').not.toContain('ZodError')
		expect(island, 'decimal.js is not in the first script').not.toContain('DecimalError')

		await page.locator('main').getByText('DSCR Loan', { exact: true }).click()
		await expect
			.poll(() => scripts.some((script) => /island-later-steps-/.test(script)), 'the later steps start loading at the first touch')
			.toBe(true)
		await page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('What type of property is it?')
		await expect(page.getByRole('heading', { level: 1 }), 'the new step announces itself').toBeFocused()
		expect(
			scripts.some((script) => /island-dist-|toaster/.test(script)),
			'no toast yet, so no toast library',
		).toBe(false)
		await page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByText('Please complete all required fields')).toBeVisible()
	})

	test('[QUOTE][ISLAND]: a saved visit past the first step resumes there on its own page', async ({ page }) => {
		await page.goto('/')
		await page.evaluate(() => {
			localStorage.clear()
			localStorage.setItem('loan-form', JSON.stringify({ formMode: 'short', loanProgram: 'dscr', propertyType: 'single-family' }))
		})
		await openHydrated(page, '/fast-quote?step=transaction-type')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('What type of transaction is this?')
		await page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Back' }).click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('What type of property is it?')
		await expect(page).toHaveURL('/fast-quote?step=property-type')
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('[QUOTE][ISLAND]: a program chosen before any script has run is sent as ?program= and shown chosen', async ({ page }) => {
			await page.goto('/fast-quote')
			const option = page.locator('main').getByText('Fix & Flip', { exact: true })
			await option.click()
			await expect(page.getByRole('radio', { name: /Fix & Flip/ })).toBeChecked()
			await page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Continue' }).click()
			await expect(page).toHaveURL(/\/fast-quote\?program=fix-flip$/)
		})
	})
})
