import { expect, expectLeadsActionAnswered, nameStamp, openHydrated, postWizardLead, signInQuickly, test } from './fixtures.ts'
import { expectWcagAA } from './wcag-checks.ts'

// docs/decisions/0123: the loan a closed lead funded, recorded in its details and counted by the overview's funnel.
test('[STAFF][FUNDED]: a lead set to Closed asks for its funded loan; the figures reach its timeline and the funnel of its campaign', async ({
	page,
	request,
}) => {
	// Four round trips and two screens.
	test.slow()
	const stamp = nameStamp(Date.now().toString(36))
	const name = `Fay Funded${stamp}`
	const campaign = `funded-${stamp.toLowerCase()}`
	const id = await postWizardLead(request, {
		firstName: 'Fay',
		lastName: `Funded${stamp}`,
		phone: '(949) 555-0177',
		attribution: { firstTouch: { utm_source: 'partner', utm_campaign: campaign, landingPage: '/dscr-loans' } },
	})
	await signInQuickly(page)
	await openHydrated(page, `/dashboard/leads?search=Funded${stamp}`)
	// The table on a desktop, a card on a phone: the one on screen.
	await page
		.getByRole('combobox', { name: `Status of ${name}` })
		.filter({ visible: true })
		.selectOption('closed')
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Lead status updated' }).first()).toBeVisible({ timeout: 15_000 })

	await openHydrated(page, `/dashboard/leads?lead=${id}`)
	const dialog = page.getByRole('dialog', { name: /Lead Details/ })
	const panel = dialog.getByRole('region', { name: 'Funded loan' })
	await panel.getByRole('button', { name: 'Record funded loan' }).click()
	const form = panel.getByRole('form', { name: 'Funded loan' })
	// A mistyped amount is named at its field, and nothing is sent.
	await form.getByLabel('Loan amount ($)').fill('450k')
	await form.getByLabel('Note rate (%)').fill('7.125')
	await form.getByLabel('Points (%)').fill('1')
	await form.getByRole('button', { name: 'Save funded loan' }).click()
	await expect(form.getByText('Enter the funded loan amount in whole dollars, like 450,000')).toBeVisible()
	await expect(form.getByLabel('Loan amount ($)')).toBeFocused()
	await expectWcagAA(page, 'the funded loan form with a field’s message')
	await form.getByLabel('Loan amount ($)').fill('$450,000')
	await expectLeadsActionAnswered(page, () => form.getByRole('button', { name: 'Save funded loan' }).click())
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Funded loan recorded' }).first()).toBeVisible()
	await expect(panel).toContainText('Loan amount$450,000')
	await expect(panel).toContainText('Note rate7.125 %')
	await expectWcagAA(page, 'the funded loan recorded')
	await expect(dialog.getByTestId('lead-timeline')).toContainText('Funded loan recorded: $450,000 at 7.125 %, 1 % in points, funded')

	// The overview's funnel: the campaign's row counts the closed loan and what it funded.
	await openHydrated(page, '/dashboard?funnel=30')
	const funnel = page.getByRole('region', { name: 'From lead to closed loan' })
	await expect(funnel.getByTestId('funnel-funded')).toContainText('Funded: $')
	const viewport = page.viewportSize()!
	if (viewport.width >= 640) {
		const row = funnel.getByRole('row').filter({ hasText: campaign })
		await expect(row.getByRole('cell')).toHaveText(['1', '1', '1', '1', '100 %', '$450,000'])
	} else {
		const card = funnel.getByRole('list', { name: 'By source and campaign' }).getByRole('listitem').filter({ hasText: campaign })
		await expect(card).toContainText('Closed1')
		await expect(card).toContainText('Funded$450,000')
	}
})
