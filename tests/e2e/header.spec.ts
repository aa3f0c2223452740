import { expect, seededCompany, test, openReady } from './fixtures.ts'

test.describe('on a phone', { tag: '@phone-only' }, () => {
	test('[PUBLIC][HEADER]: calls the lender from the phone icon; Apply and the number are hidden', async ({ page }) => {
		await page.goto('/')
		const header = page.getByRole('banner')
		const callLinks = header.locator('a[href^="tel:"]')
		const visibleCall = callLinks.filter({ visible: true })
		await expect(visibleCall).toHaveCount(1)
		await expect(visibleCall).toHaveAccessibleName(new RegExp(seededCompany.phone.replace(/[()]/g, '\\$&')))
		expect((await visibleCall.innerText()).trim(), 'an icon, not the number').toBe('')
		await expect(header.getByText(seededCompany.phone)).toBeHidden()
		await expect(header.getByRole('link', { name: 'Apply', includeHidden: true })).toBeHidden()
	})

	test('[PUBLIC][HEADER]: the header scrolls away with the page', async ({ page }) => {
		await page.goto('/')
		const header = page.getByRole('banner')
		expect(await header.evaluate((element) => getComputedStyle(element).position)).not.toBe('sticky')
		await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
		await expect(header).not.toBeInViewport()
	})
})

test.describe('on a desktop', { tag: '@desktop-only' }, () => {
	test('[PUBLIC][HEADER]: sees the phone number and an Apply button to the application host', async ({ page }) => {
		await page.goto('/')
		const header = page.getByRole('banner')
		const phoneLink = header.getByRole('link', { name: seededCompany.phone })
		await expect(phoneLink).toBeVisible()
		const digits = seededCompany.phone.replace(/\D/g, '')
		await expect(phoneLink).toHaveAttribute('href', new RegExp(`^tel:(\\+1)?${digits}$`))

		const apply = header.getByRole('link', { name: 'Apply', exact: true })
		await expect(apply).toBeVisible()
		const href = await apply.getAttribute('href')
		const url = new URL(href!)
		// spec 1 §2: the register path on the application host, left by a full page load.
		expect(url.protocol).toBe('https:')
		expect(url.host).toBe(seededCompany.applicationHost)
		expect(url.pathname).toBe('/register')
		// An outline button: a visible border around a transparent or light background.
		const style = await apply.evaluate((element) => {
			const computed = getComputedStyle(element)
			return { border: Number.parseFloat(computed.borderTopWidth), background: computed.backgroundColor }
		})
		expect(style.border).toBeGreaterThan(0)
		expect(style.background).toMatch(/rgba\(0, 0, 0, 0\)|transparent/)
	})

	test('[PUBLIC][HEADER]: keeps the header at the top while scrolling', async ({ page }) => {
		await page.goto('/')
		const header = page.getByRole('banner')
		expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('sticky')
		await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
		await expect(header).toBeInViewport()
		expect((await header.boundingBox())!.y).toBe(0)
	})
})

test.describe('on every viewport', () => {
	test('[PUBLIC][HEADER]: clicks the logo on another page and goes home', async ({ page }) => {
		await openReady(page, '/contact')
		await page
			.getByRole('banner')
			.getByRole('link', { name: new RegExp(seededCompany.name.replace(/\./g, '\\.')) })
			.click()
		await expect(page).toHaveURL('/')
		await expect(page.getByRole('heading', { level: 1 })).toContainText('Real Estate Investor Loans')
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
	})
})
