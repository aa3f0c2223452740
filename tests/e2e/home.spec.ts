import { annuityPayment, expect, test, wholeDollars } from './fixtures.ts'

// spec 1 §9: 30-year fixed at 5.875% (the seeded rate sheet's best case, docs/decisions/0072), slider 100,000 to
// 2,000,000 by 25,000, default 500,000.
const TERM_MONTHS = 360
const RATE = 5.875

test.describe('home page', () => {
	test('[PUBLIC][HOME]: shows the hero with its headline, Start Quote, Call and the 24-hour pre-approval note', async ({ page }) => {
		await page.goto('/')
		const heading = page.getByRole('heading', { level: 1 })
		await expect(heading).toContainText('Real Estate Investor Loans')
		await expect(heading).toContainText('Low Rates. No income docs.')
		const hero = page.locator('section').filter({ has: heading })
		await expect(hero.getByRole('link', { name: 'Start Quote' })).toHaveAttribute('href', '/fast-quote')
		await expect(hero.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:\+?\d{10,}$/)
		await expect(hero.getByText('24-Hour Pre-Approval')).toBeVisible()
	})

	test('[PUBLIC][HOME]: estimates the monthly payment of the default loan in the Current DSCR Rates panel', async ({ page }) => {
		await page.goto('/')
		const panel = page.getByRole('region', { name: 'Current DSCR Rates' })
		await expect(panel.getByTestId('starting-rate')).toHaveText('5.875%')
		await expect(panel.getByTestId('apr')).toHaveText('6.133%')
		await expect(panel.getByRole('slider')).toHaveValue('500000')
		await expect(panel).toContainText('$500,000')
		expect(wholeDollars(annuityPayment(500_000, RATE, TERM_MONTHS))).toBe('$2,958')
		await expect(panel).toContainText('$2,958')
		// The panel says what its figures assume and the date of the rate sheet they come from (docs/decisions/0072).
		await expect(panel.getByTestId('rates-note')).toContainText(/Rates as of \w+ \d{1,2}, \d{4}\./)
		await expect(panel.getByTestId('rates-note')).toContainText('APR for a $500,000 loan over 360 months at 5.875%')
	})

	test('[PUBLIC][HOME]: moves the loan-amount slider and sees the payment follow', async ({ page }) => {
		await page.goto('/')
		const panel = page.getByRole('region', { name: 'Current DSCR Rates' })
		const slider = panel.getByRole('slider')
		await slider.focus()
		await page.keyboard.press('ArrowRight')
		await expect(slider).toHaveValue('525000')
		await expect(panel).toContainText('$525,000')
		await expect(panel).toContainText(wholeDollars(annuityPayment(525_000, RATE, TERM_MONTHS)))
		await expect(panel).not.toContainText('$2,958')

		// Bounds and step of spec 1 §9.
		await page.keyboard.press('End')
		await expect(slider).toHaveValue('2000000')
		await expect(panel).toContainText(wholeDollars(annuityPayment(2_000_000, RATE, TERM_MONTHS)))
		await page.keyboard.press('Home')
		await expect(slider).toHaveValue('100000')
		await expect(panel).toContainText(wholeDollars(annuityPayment(100_000, RATE, TERM_MONTHS)))
	})

	test('[PUBLIC][HOME]: asks for a complete analysis and lands on the quote wizard', async ({ page }) => {
		await page.goto('/')
		await page.getByRole('region', { name: 'Current DSCR Rates' }).getByRole('link', { name: 'Get Complete Analysis' }).click()
		await expect(page).toHaveURL('/fast-quote')
	})

	test('[PUBLIC][HOME]: reads six loan features, six recent fundings and three five-star testimonials', async ({ page }) => {
		await page.goto('/')
		const badges = ['DSCR', 'Bridge', 'Fix & Flip', 'Construction', 'Expert Team', 'Secure Process']
		const featureCards = page.getByRole('list').filter({ hasText: 'Expert Team' }).getByRole('listitem')
		await expect(featureCards).toHaveCount(6)
		for (const [index, badge] of badges.entries())
			await expect(featureCards.nth(index).getByText(badge, { exact: true }).first()).toBeVisible()

		const fundings = page.getByRole('region', { name: 'Recent Fundings' }).getByRole('listitem')
		await expect(fundings).toHaveCount(6)
		for (const funding of await fundings.all()) await expect(funding).toContainText(/\$[\d,]+/)

		const testimonials = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: /out of 5/ }) })
		await expect(testimonials).toHaveCount(3)
		for (const testimonial of await testimonials.all()) {
			const stars = testimonial.getByRole('img', { name: /out of 5/ })
			await expect(stars).toHaveAccessibleName(/5 out of 5/)
			await expect(stars.locator('img[src$="/icons/star-filled.svg"]')).toHaveCount(5)
		}
	})

	test('[PUBLIC][HOME]: follows a link with ?scrollTo=quote-form and sees the rates panel', async ({ page, isMobile }) => {
		await page.goto('/?scrollTo=quote-form')
		const panel = page.getByRole('region', { name: 'Current DSCR Rates' })
		await expect(panel).toBeInViewport()
		// On a phone the panel sits below the hero, so the page must have scrolled to it.
		if (isMobile) await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
	})

	// On a desktop the panel is in the first screen, so only a phone shows the difference.
	test('[PUBLIC][HOME]: without the parameter the page opens at the top', { tag: '@phone-only' }, async ({ page }) => {
		await page.goto('/')
		await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
		expect(await page.evaluate(() => window.scrollY)).toBe(0)
	})
})
