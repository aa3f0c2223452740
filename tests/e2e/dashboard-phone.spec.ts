import { expect, expectFitsScreen, fillContactForm, openHydrated, signInQuickly, test, openReady } from './fixtures.ts'

test.describe('[STAFF] on a phone @phone-only', () => {
	test('[STAFF][PHONE]: with an unread message, no dashboard screen is wider than the phone', async ({ page }) => {
		// An unread message puts a badge (with screen-reader text) in the menu, which once widened every screen.
		await openReady(page, '/contact')
		await fillContactForm(page, 'Please call me about a bridge loan for a duplex.')
		await page.getByRole('button', { name: 'Send Message' }).click()
		await expect(page.locator('[data-toast]')).toContainText('Message sent successfully!')
		await signInQuickly(page)
		for (const path of [
			'/dashboard',
			'/dashboard/leads',
			'/dashboard/users',
			'/dashboard/settings',
			'/dashboard/messages',
			'/dashboard/hero',
		]) {
			await openHydrated(page, path)
			await expect(page.getByRole('link', { name: /^Messages \d+ unread$/ })).toBeVisible()
			await expectFitsScreen(page, path)
		}
	})

	test('[STAFF][PHONE]: the menu row shows the current screen, even the last one', async ({ page }) => {
		await signInQuickly(page)
		const width = page.viewportSize()!.width
		for (const [path, label] of [
			['/dashboard/activity', 'Activity'],
			['/dashboard/sessions', 'Sessions'],
			['/dashboard/webhooks', 'Webhooks'],
			['/dashboard/pricing', 'Pricing'],
			['/dashboard/routing', 'Lead Routing'],
			['/dashboard/messages', /^Messages/],
			['/dashboard', 'Overview'],
		] as const) {
			await openHydrated(page, path)
			const current = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: label })
			await expect(current).toHaveAttribute('aria-current', 'page')
			await expect
				.poll(async () => {
					const box = (await current.boundingBox())!
					return box.x >= 0 && box.x + box.width <= width
				}, `${path}: its menu entry is on screen`)
				.toBe(true)
		}
	})
})

test.describe('[STAFF] the security screen on a phone @phone-only', () => {
	test('[STAFF][PHONE]: the header leads to the security screen (two-factor sign-in) on a 390 px phone', async ({ page }) => {
		await signInQuickly(page)
		await openHydrated(page, '/dashboard')
		const banner = page.getByRole('banner')
		const link = banner.getByRole('link', { name: 'Security' })
		await expect(link).toBeVisible()
		// Beside it, Sign Out is on screen too.
		for (const control of [link, banner.getByRole('button', { name: 'Sign Out' })]) {
			const box = (await control.boundingBox())!
			expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width)
		}
		await expectFitsScreen(page, '/dashboard')
		await link.click()
		await expect(page).toHaveURL(/\/dashboard\/security$/)
		await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
	})
})
