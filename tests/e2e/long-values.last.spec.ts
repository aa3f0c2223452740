import { devices, type Locator, type Page } from '@playwright/test'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { E2E_BASE_URL } from './e2e-env.ts'
import { expect, expectFitsScreen, openHydrated, openReady, signInQuickly, test, nameStamp } from './fixtures.ts'

// The company and the settings are the whole site's, so this runs after the other specs (the "last" project), on a phone.
test.use({
	userAgent: devices['Pixel 7'].userAgent,
	viewport: { width: 390, height: 844 },
	deviceScaleFactor: 3,
	isMobile: true,
	hasTouch: true,
})

const seeded = defaultContent()
const run = Date.now().toString(36)
/** docs/decisions/0055: values with no place to break, as people and servers do type them. */
const longEmail = (tag: string) => {
	const local = `${tag}${run}`.padEnd(64, 'x')
	return `${local}@${'mailhost'.repeat(5).slice(0, 43)}.example.com`
}
const longToken = (word: string, length: number) => word.repeat(Math.ceil(length / word.length)).slice(0, length)

/** Nothing inside a box that scrolls sideways (the dialog's body, say) is wider than the box: it would hide behind its edge. */
async function expectNoSidewaysScroll(container: Locator, what: string) {
	const wide = await container.evaluate((root) =>
		[root, ...root.querySelectorAll('*')]
			.filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
			.filter((element) => element.scrollWidth > element.clientWidth + 1)
			.map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`),
	)
	expect(wide, `${what}: boxes wider than their content area`).toEqual([])
}

async function post(page: Page, path: string, form: Record<string, string>) {
	const response = await page.request.post(path, { form, headers: { Origin: E2E_BASE_URL } })
	expect(response.status(), `${path} answered ${response.status()}`).toBeLessThan(400)
}

test('[PHONE][LONG VALUES]: a long e-mail, company name, URL, lead name and message wrap on every screen instead of widening it', async ({
	page,
}) => {
	test.setTimeout(180_000)
	await signInQuickly(page)
	const company = {
		...seeded.company,
		name: longToken('Investmentpropertylending', 110),
		email: longEmail('company'),
		website: `https://www.example.com/${longToken('landing-page-for-investors/', 150)}`,
	}
	const settings = {
		intent: 'save',
		siteDescription: longToken('Investorloansnationwide', 290),
		adminEmail: longEmail('admin'),
		enableNotifications: 'on',
		// docs/decisions/0088: the second factor stays required (unticked, it needs a reason).
		requireTwoFactor: 'on',
	}
	try {
		await post(page, '/dashboard/company', { intent: 'save', payload: JSON.stringify(company) })
		await post(page, '/dashboard/settings', settings)

		// A lead and a contact message with long names, e-mails and words.
		const lastName = longToken(`Longlastname${nameStamp(run)}`, 100)
		const response = await page.request.post('/api/leads', {
			data: {
				formData: {
					loanProgram: 'fix-flip',
					propertyType: 'single-family',
					addressInputMethod: 'full-address',
					propertyFullAddress: '100 Main St, Austin, TX 78701',
					purchasePrice: '$300,000',
					rehabBudget: '$60,000',
					afterRepairValue: '$450,000',
					projectExperience: '3',
					projectMonths: '6',
					projectExitStrategy: 'other',
					projectExitStrategyOther: longToken('Selltomytenantthroughaleaseoption', 300),
					quotePreference: 'call',
					firstName: longToken('Firstname', 100),
					lastName,
					email: longEmail('lead'),
					phone: '(949) 555-0194',
				},
				sourcePage: `/fast-quote?${longToken('utm_campaign=investor-loans&', 300)}`,
				consentVersion: CONSENT_VERSION,
			},
		})
		expect(response.status(), await response.text()).toBe(201)
		const { id } = (await response.json()) as { id: string }

		await openReady(page, '/contact')
		await page.getByLabel(/^Name/).fill(longToken('Contactname', 110))
		await page.getByLabel(/^Email/).fill(longEmail('contact'))
		await page.getByLabel(/^Phone/).fill('(555) 010-0195')
		await page.getByLabel(/^Message/).fill(longToken('Pleasecallmeaboutabridgeloan', 600))
		await page.getByRole('button', { name: 'Send Message' }).click()
		await expect(page.locator('[data-toast]')).toContainText('Message sent successfully!')

		for (const path of ['/dashboard/settings', '/dashboard/company', '/dashboard/messages', '/dashboard/leads', '/dashboard/users']) {
			await openHydrated(page, path)
			await expectFitsScreen(page, path)
		}
		await openHydrated(page, `/dashboard/leads?lead=${id}`)
		const dialog = page.getByRole('dialog', { name: /Lead Details/ })
		await expect(dialog).toContainText(lastName)
		await expectFitsScreen(page, 'the lead details dialog')
		await expectNoSidewaysScroll(dialog, 'the lead details dialog')

		for (const path of [
			'/',
			'/contact',
			'/dscr-loans',
			'/dscr-calculator',
			'/dscr-cash-out-florida',
			'/privacy-policy',
			'/terms-of-service',
			'/fast-quote',
		]) {
			await openReady(page, path)
			await expectFitsScreen(page, path)
		}
	} finally {
		await post(page, '/dashboard/company', { intent: 'save', payload: JSON.stringify(seeded.company) })
		await post(page, '/dashboard/settings', { intent: 'reset' })
	}
})
