import type { APIRequestContext } from '@playwright/test'
import { expect, openHydrated, signInQuickly, test, postWizardLead, nameStamp } from './fixtures.ts'

const newLead = (request: APIRequestContext, lastName: string) =>
	postWizardLead(request, { firstName: 'Cal', lastName, phone: '(949) 555-0193' })

test('[STAFF][OVERVIEW]: the overview is as tall as what it shows (the chart table for screen readers takes no room)', async ({ page }) => {
	await signInQuickly(page)
	await openHydrated(page, '/dashboard')
	await expect(page.getByRole('table', { name: 'Leads per day' })).toBeAttached()
	const { pageHeight, contentBottom, screenHeight } = await page.evaluate(() => ({
		pageHeight: document.documentElement.scrollHeight,
		contentBottom: Math.ceil(document.querySelector('main')!.getBoundingClientRect().bottom + window.scrollY),
		screenHeight: window.innerHeight,
	}))
	expect(pageHeight, `page height against its content (${contentBottom} px)`).toBeLessThanOrEqual(Math.max(screenHeight, contentBottom))
})

// docs/decisions/0122: the funnel from lead to closed loan, over the period the address names.
test('[STAFF][OVERVIEW]: the funnel counts a new lead, and its period changes with the address', async ({ page, request }) => {
	await newLead(request, `Funnel${nameStamp(Date.now().toString(36))}`)
	await signInQuickly(page)
	await openHydrated(page, '/dashboard')
	const funnel = page.getByRole('region', { name: 'From lead to closed loan' })
	const periods = funnel.getByRole('navigation', { name: 'Funnel period' })
	await expect(periods.getByRole('link', { name: '90 days' })).toHaveAttribute('aria-current', 'page')
	await expect(funnel.getByText('The leads created in the last 90 days', { exact: false })).toBeVisible()
	expect(Number((await funnel.getByTestId('funnel-leads').textContent())!.replace('Leads', ''))).toBeGreaterThan(0)
	await periods.getByRole('link', { name: '12 months' }).click()
	await expect(page).toHaveURL(/\/dashboard\?funnel=365$/)
	await expect(periods.getByRole('link', { name: '12 months' })).toHaveAttribute('aria-current', 'page')
	await expect(funnel.getByText('The leads created in the last 12 months', { exact: false })).toBeVisible()
})

for (const channel of ['call', 'e-mail'] as const) {
	test(`[STAFF][LEADS]: after Log ${channel} on a New lead, Mark as Contacted moves it to Contacted`, async ({ page, request }) => {
		// Three round trips and a reload of the dialog.
		test.slow()
		const last = `Logged${channel === 'call' ? 'Call' : 'Mail'}${nameStamp(Date.now().toString(36))}`
		const id = await newLead(request, last)
		await signInQuickly(page)
		await openHydrated(page, `/dashboard/leads?lead=${id}`)
		const dialog = page.getByRole('dialog', { name: /Lead Details/ })
		await expect(dialog.getByRole('heading', { name: /Lead Details/ })).toContainText('New')
		await expect(dialog.getByRole('button', { name: 'Mark as Contacted' })).toHaveCount(0)
		// docs/decisions/0104: a contact that reached the borrower (a connected call, a reply to an e-mail) is the first contact.
		await dialog.getByRole('button', { name: 'Log outcome' }).click()
		const asked = dialog.getByRole('form', { name: 'How did it go?' })
		if (channel === 'e-mail') await asked.getByRole('radio', { name: 'E-mail', exact: true }).check()
		await asked.getByLabel(channel === 'call' ? 'Connected' : 'Borrower replied').check()
		await asked.getByRole('button', { name: `Log ${channel}` }).click()
		await expect(dialog.getByTestId('time-to-first-contact')).not.toHaveText('Not contacted yet')
		await dialog.getByRole('button', { name: 'Mark as Contacted' }).click()
		await expect(dialog.getByRole('heading', { name: /Lead Details/ })).toContainText('Contacted')
		await expect(dialog.getByRole('button', { name: 'Mark as Contacted' })).toHaveCount(0)
		// The change is stored, not only shown.
		await openHydrated(page, `/dashboard/leads?lead=${id}`)
		await expect(page.getByRole('dialog', { name: /Lead Details/ }).getByRole('heading', { name: /Lead Details/ })).toContainText(
			'Contacted',
		)
	})
}
