import { expect, nameStamp, openHydrated, postWizardLead, signInQuickly, test } from './fixtures.ts'
import { inviteColleague } from './staff-accounts.ts'

/** docs/decisions/0108: the sales manager's tools on a laptop. */
test.describe('[MANAGER] @desktop-only', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	test('[MANAGER]: a sales manager selects five leads, assigns them to an officer in one go, and sees them assigned', async ({
		page,
		browser,
		request,
	}) => {
		// Two colleagues are invited through e-mail and a password page each.
		test.setTimeout(240_000)
		const stamp = nameStamp(Date.now().toString(36))
		const lastName = `Bulk${stamp}`
		const officerName = `Nora Bulk${stamp}`
		const digits = String(Date.now()).slice(-3)
		// Five borrowers: each its own phone and e-mail (leads of one phone are one person, decision 0049).
		for (let index = 0; index < 5; index++)
			await postWizardLead(request, {
				firstName: `Borrower${'abcde'[index]}`,
				lastName,
				phone: `(949) 556-${index}${digits}`,
				email: `bulk-${stamp}-${index}@example.com`,
			})
		await signInQuickly(page)
		// An officer with no routing rule takes every state and program.
		const { page: officer } = await inviteColleague(page, browser, 'user', officerName)
		await officer.close()
		const { page: manager } = await inviteColleague(page, browser, 'moderator', `Mara Manager${stamp}`, {
			viewport: { width: 1440, height: 900 },
		})
		await openHydrated(manager, `/dashboard/leads?search=${lastName}`)
		const table = manager.getByTestId('leads-table')
		await expect(table.locator('tbody tr')).toHaveCount(5)
		await table.getByRole('checkbox', { name: 'Select all leads on this page' }).check()
		const bulk = manager.getByTestId('bulk-actions')
		await bulk.getByLabel('Assign the selected leads to').selectOption({ label: officerName })
		await bulk.getByRole('button', { name: 'Assign (5)' }).click()
		await expect(manager.getByText(`5 leads assigned to ${officerName}`)).toBeVisible()
		// The selection is cleared and every row names the officer.
		await expect(bulk).toBeHidden()
		for (const row of await table.locator('tbody tr').all()) await expect(row).toContainText(officerName)
		// The table still fits the laptop's screen with the bar used (decision 0052).
		const [scrollWidth, clientWidth] = await table.evaluate((element) => [element.scrollWidth, element.clientWidth])
		expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
		// A reload shows the same: it was stored.
		await manager.reload()
		for (const row of await manager.getByTestId('leads-table').locator('tbody tr').all()) await expect(row).toContainText(officerName)
	})
})
