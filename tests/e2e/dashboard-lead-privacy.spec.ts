import { inviteColleague } from './staff-accounts.ts'
import type { APIRequestContext } from '@playwright/test'
import { expect, openHydrated, signInQuickly, test, postWizardLead, nameStamp } from './fixtures.ts'

const submitWizardLead = (request: APIRequestContext, lastName: string) =>
	postWizardLead(request, { firstName: 'Priya', lastName, phone: '(949) 555-0166' })

test.describe('[LEADS][PRIVACY] @desktop-only', () => {
	test('[LEADS][PRIVACY]: a ?lead= link to another officer’s lead says No such lead, exactly as a made-up id does (docs/decisions/0049)', async ({
		page,
		browser,
		request,
	}) => {
		test.setTimeout(120_000)
		await signInQuickly(page)
		const stamp = nameStamp(Date.now())
		const leadId = await submitWizardLead(request, `Owned${stamp}`)
		await inviteColleague(page, browser, 'user', `Owen Owner ${stamp}`)
		const { page: viewer } = await inviteColleague(page, browser, 'user', `Vera Viewer ${stamp}`)

		// The admin gives the lead to the first officer.
		await openHydrated(page, `/dashboard/leads?lead=${leadId}`)
		const details = page.getByRole('dialog', { name: /Lead Details/ })
		await details.getByLabel('Assign to').selectOption({ label: `Owen Owner ${stamp}` })
		await details.getByRole('button', { name: 'Assign', exact: true }).click()
		await expect(page.getByText('Lead assigned', { exact: true })).toBeVisible()

		// The other officer opens it by its link, then a made-up one: the same message, nothing else.
		const answers: string[] = []
		for (const id of [leadId, crypto.randomUUID()]) {
			await openHydrated(viewer, `/dashboard/leads?lead=${id}`)
			const missing = viewer.getByRole('dialog', { name: 'No such lead' })
			await expect(missing).toBeVisible()
			await expect(viewer.getByRole('dialog', { name: /Lead Details/ })).toHaveCount(0)
			answers.push(await missing.innerText())
			await missing.getByRole('button', { name: 'Close', exact: true }).click()
			await expect(missing).toBeHidden()
			await expect(viewer).not.toHaveURL(/lead=/)
		}
		expect(answers[0]).toBe(answers[1])
		expect(answers[0]).not.toContain(`Owned${stamp}`)
		await viewer.close()
	})
})
