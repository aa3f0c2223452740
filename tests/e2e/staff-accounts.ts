import { type Browser, type Page, devices } from '@playwright/test'
import { ROLE_LABELS } from '#app/features/auth/roles.ts'
import { expect, openHydrated, postWizardLead, signInQuickly } from './fixtures.ts'
import { waitForMail } from './mailbox.ts'
import { enrolSecondFactor } from './second-factor.ts'

/**
 * Invites a colleague with one role through User Management (the signed-in admin's `page`); they set their
 * password from the e-mail and sign in, in a page of their own.
 */
export async function inviteColleague(
	page: Page,
	browser: Browser,
	role: 'user' | 'moderator' | 'admin',
	name: string,
	pageOptions: Parameters<Browser['newPage']>[0] = {},
	{ secondFactor = true }: { secondFactor?: boolean } = {},
) {
	const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`
	const password = `Invited-${role}-Passphrase-7`
	await openHydrated(page, '/dashboard/users')
	await page.getByRole('button', { name: 'Add User' }).click()
	const dialog = page.getByRole('dialog', { name: 'Add User' })
	await dialog.getByLabel('Email').fill(email)
	await dialog.getByLabel('Full name').fill(name)
	await dialog.getByLabel(ROLE_LABELS[role], { exact: true }).check()
	await dialog.getByRole('button', { name: 'Create User' }).click()
	await expect(page.getByText('User created successfully! Welcome email sent.')).toBeVisible()
	const mail = await waitForMail(email, /invited to the/)
	const link = new URL(/(http:\/\/localhost:\d+\/reset-password\?token=\S+&invite=1)/.exec(mail)![1]!)
	const colleague = await browser.newPage(pageOptions)
	await openHydrated(colleague, link.pathname + link.search)
	await colleague.getByLabel('New password', { exact: true }).fill(password)
	await colleague.getByLabel('Repeat the new password').fill(password)
	await colleague.getByRole('button', { name: 'Save new password' }).click()
	await expect(colleague.getByText('Your password is set.')).toBeVisible()
	// docs/decisions/0088: a colleague reaches the dashboard once they have set up a second factor (`secondFactor: false`:
	// signed in with the password alone, for a test of the set-up itself).
	await signInQuickly(colleague, { email, password }, { fresh: true })
	if (secondFactor) await enrolSecondFactor(colleague.request, email, password)
	return { page: colleague, email, password }
}

/** A phone as the phone project's (a page opened from the browser does not take the project's options). */
export const PHONE_CONTEXT = {
	userAgent: devices['Pixel 7'].userAgent,
	viewport: { width: 390, height: 844 },
	deviceScaleFactor: 3,
	isMobile: true,
	hasTouch: true,
}

/**
 * A loan officer signed in on a phone, and a new wizard lead that a manager (the e2e admin, on `page`) has given them:
 * the routing rules may have given it to someone else. The lead's phone ends in `digits`.
 */
export async function officerWithNewLead(page: Page, browser: Browser, officerName: string, lead: { firstName: string; lastName: string }) {
	await signInQuickly(page)
	const officer = await inviteColleague(page, browser, 'user', officerName, PHONE_CONTEXT)
	const digits = String(Date.now()).slice(-4)
	const leadId = await postWizardLead(page.request, { ...lead, phone: `(949) 555-${digits}` })
	await openHydrated(page, `/dashboard/leads?lead=${leadId}`)
	const managerDetails = page.getByRole('dialog')
	await managerDetails.getByLabel('Assign to').selectOption({ label: officerName })
	await managerDetails.getByRole('button', { name: /^(Assign|Reassign)$/ }).click()
	await expect(managerDetails.getByTestId('lead-assignee')).toHaveText(officerName)
	return { officer, leadId, digits }
}
