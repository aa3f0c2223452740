import { expect, openHydrated, signInQuickly, test, postWizardLead, nameStamp } from './fixtures.ts'
import { expectNoSkippedHeadingLevels, expectWcagAA } from './wcag-checks.ts'

/** Every screen of the dashboard menu (spec 2 §2, decisions 0015 and 0034), with its main heading. */
const screens = [
	['/dashboard', 'Overview'],
	['/dashboard/leads', 'Leads'],
	['/dashboard/tasks', 'My Tasks'],
	['/dashboard/hero', 'Hero Content'],
	['/dashboard/loans', 'Loan Products'],
	['/dashboard/testimonials', 'Testimonials'],
	['/dashboard/company', 'Company Information'],
	['/dashboard/settings', 'Settings'],
	['/dashboard/users', 'User Management'],
	['/dashboard/messages', 'Contact Messages'],
	['/dashboard/routing', 'Lead Routing'],
	['/dashboard/pricing', 'Pricing'],
	['/dashboard/webhooks', 'Webhooks'],
	['/dashboard/activity', 'Activity'],
	['/dashboard/sessions', 'Sessions'],
	['/dashboard/data-requests', 'Data Requests'],
	['/dashboard/security', /Two-factor/i],
] as const

test.describe('[STAFF][A11Y]', () => {
	// axe walks the whole page, several times slower than a click.
	test.slow()
	for (const [path, heading] of screens) {
		test(`[STAFF][A11Y]: ${path} passes the WCAG 2 AA checks pa11y runs`, async ({ page }) => {
			await signInQuickly(page)
			await openHydrated(page, path)
			await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
			await expectWcagAA(page, path)
			await expectNoSkippedHeadingLevels(page, path)
		})
	}

	test('[STAFF][A11Y]: the lead details dialog passes the WCAG 2 AA checks pa11y runs', async ({ page, request }) => {
		const last = `Axe${nameStamp(Date.now().toString(36))}`
		const id = await postWizardLead(request, { firstName: 'Ada', lastName: last, phone: '(949) 555-0191' })
		await signInQuickly(page)
		await openHydrated(page, `/dashboard/leads?lead=${id}`)
		await expect(page.getByRole('dialog', { name: /Lead Details/ })).toBeVisible()
		await expectWcagAA(page, 'the lead details dialog')
		await expectNoSkippedHeadingLevels(page, 'the lead details dialog')
	})
})
