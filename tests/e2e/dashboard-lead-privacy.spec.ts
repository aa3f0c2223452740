import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { expect, openHydrated, signIn, test } from './fixtures.ts'
import { waitForMail } from './mailbox.ts'

async function submitWizardLead(request: APIRequestContext, lastName: string) {
	const response = await request.post('/api/leads', {
		data: {
			formData: {
				loanProgram: 'dscr',
				propertyType: 'single-family',
				transactionType: 'refinance',
				propertyFullAddress: '100 Main St, Austin, TX 78701',
				estimatedPropertyValue: '$750,000',
				currentBalance: '$200,000',
				quotePreference: 'call',
				firstName: 'Priya',
				lastName,
				email: `${lastName.toLowerCase()}@example.com`,
				phone: '(949) 555-0166',
			},
			sourcePage: '/fast-quote',
			consentVersion: CONSENT_VERSION,
		},
	})
	expect(response.status(), await response.text()).toBe(201)
	return ((await response.json()) as { id: string }).id
}

/** Invites a loan officer through User Management; they set their password from the e-mail and sign in, in a page of their own. */
async function inviteOfficer(page: Page, browser: Browser, name: string) {
	const email = `officer-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`
	const password = 'Invited-Officer-Passphrase-7'
	await openHydrated(page, '/dashboard/users')
	await page.getByRole('button', { name: 'Add User' }).click()
	const dialog = page.getByRole('dialog', { name: 'Add User' })
	await dialog.getByLabel('Email').fill(email)
	await dialog.getByLabel('Full name').fill(name)
	await dialog.getByLabel('user', { exact: true }).check()
	await dialog.getByRole('button', { name: 'Create User' }).click()
	await expect(page.getByText('User created successfully! Welcome email sent.')).toBeVisible()
	const mail = await waitForMail(email, /invited to the/)
	const link = new URL(/(http:\/\/localhost:\d+\/reset-password\?token=\S+&invite=1)/.exec(mail)![1]!)
	const officer = await browser.newPage()
	await openHydrated(officer, link.pathname + link.search)
	await officer.getByLabel('New password', { exact: true }).fill(password)
	await officer.getByLabel('Repeat the new password').fill(password)
	await officer.getByRole('button', { name: 'Save new password' }).click()
	await expect(officer.getByText('Your password is set.')).toBeVisible()
	await signIn(officer, { email, password })
	return officer
}

test.describe('[LEADS][PRIVACY] @desktop-only', () => {
	test('[LEADS][PRIVACY]: a ?lead= link to another officer’s lead says No such lead, exactly as a made-up id does (docs/decisions/0049)', async ({
		page,
		browser,
		request,
	}) => {
		test.setTimeout(120_000)
		await signIn(page)
		const stamp = Date.now()
		const leadId = await submitWizardLead(request, `Owned${stamp}`)
		await inviteOfficer(page, browser, `Owen Owner ${stamp}`)
		const viewer = await inviteOfficer(page, browser, `Vera Viewer ${stamp}`)

		// The admin gives the lead to the first officer.
		await openHydrated(page, `/dashboard/leads?lead=${leadId}`)
		const details = page.getByRole('dialog', { name: /Lead Details/ })
		await details.getByLabel('Assign to').selectOption({ label: `Owen Owner ${stamp}` })
		await details.getByRole('button', { name: 'Assign', exact: true }).click()
		await expect(page.getByText('Lead assigned')).toBeVisible()

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
