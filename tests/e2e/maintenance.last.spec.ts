import { expect, openHydrated, signInQuickly, test } from './fixtures.ts'

// Runs after every other spec (project 'last' in playwright.config.ts): it closes the site to visitors.
test('[STAFF][MAINTENANCE]: maintenance mode shows visitors a 503 page while an admin still sees the site', async ({ page, browser }) => {
	await signInQuickly(page)
	await openHydrated(page, '/dashboard/settings')
	const toggle = page.getByRole('switch', { name: 'Maintenance mode' })
	await toggle.check()
	await page.getByRole('button', { name: 'Save Settings' }).click()
	await expect(page.getByText('Settings saved successfully')).toBeVisible()
	try {
		const visitor = await browser.newPage()
		const response = await visitor.goto('/dscr-loans')
		expect(response?.status()).toBe(503)
		expect(response?.headers()['retry-after']).toBe('3600')
		await expect(visitor.getByRole('heading', { name: "We'll be back shortly" })).toBeVisible()
		expect((await visitor.goto('/login'))?.status()).toBe(200)
		await visitor.close()
		const staffView = await page.goto('/dscr-loans')
		expect(staffView?.status()).toBe(200)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	} finally {
		await openHydrated(page, '/dashboard/settings')
		await page.getByRole('switch', { name: 'Maintenance mode' }).uncheck()
		await page.getByRole('button', { name: 'Save Settings' }).click()
		await expect(page.getByText('Settings saved successfully')).toBeVisible()
	}
	const visitor = await browser.newPage()
	expect((await visitor.goto('/dscr-loans'))?.status()).toBe(200)
	await visitor.close()
})
