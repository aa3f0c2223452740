import type { Page } from '@playwright/test'
import { expect, openHydrated, signIn, signInQuickly, test } from './fixtures.ts'
import { inviteColleague } from './staff-accounts.ts'

/** A platform authenticator with user verification in Chromium, through the DevTools protocol's WebAuthn domain. */
async function addVirtualAuthenticator(page: Page) {
	const cdp = await page.context().newCDPSession(page)
	await cdp.send('WebAuthn.enable')
	const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
		options: {
			protocol: 'ctap2',
			transport: 'internal',
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
			automaticPresenceSimulation: true,
		},
	})
	return {
		credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
	}
}

/**
 * docs/decisions/0093: passkeys for staff, on both viewports. A new admin (one per viewport, no other spec uses them)
 * signs in with the password and the authenticator app's code, adds a passkey on Security, signs out, and signs in
 * with "Sign in with a passkey" alone: no e-mail, no password, no code; then confirms it is them with it. The activity
 * log says how they signed in and confirmed.
 */
test('[STAFF][PASSKEY]: an admin adds a passkey on Security, signs in and confirms a step-up with it; the activity log shows both', async ({
	page,
	browser,
}) => {
	test.slow()
	await signInQuickly(page)
	const viewport = test.info().project.name
	const admin = await inviteColleague(page, browser, 'admin', `Pat Passkey ${viewport}`, {
		viewport: page.viewportSize(),
		isMobile: viewport === 'phone',
	})
	const colleague = admin.page
	// The password and the app's code through the login page, as every day.
	await colleague.context().clearCookies()
	await signIn(colleague, { email: admin.email, password: admin.password })
	await expect(colleague).toHaveURL(/\/dashboard$/)

	const authenticator = await addVirtualAuthenticator(colleague)
	await openHydrated(colleague, '/dashboard/security')
	await expect(colleague.getByText('No passkeys yet.')).toBeVisible()
	const name = colleague.getByLabel('Name of the new passkey')
	// The name starts as the device's, and can be anything.
	await expect(name).toHaveValue(/ on /)
	await name.fill(`Test passkey ${viewport}`)
	await colleague.getByRole('button', { name: 'Add a passkey' }).click()
	await expect(colleague.getByRole('status').filter({ hasText: `Passkey “Test passkey ${viewport}” added.` })).toBeVisible()
	await expect(colleague.getByTestId('passkey-name')).toHaveText([`Test passkey ${viewport}`])
	await expect(colleague.getByTestId('passkey')).toContainText('Last used Never')
	// A discoverable credential: the browser can offer it without an e-mail.
	expect((await authenticator.credentials()).map((credential) => credential.isResidentCredential)).toEqual([true])

	await colleague.getByRole('button', { name: 'Sign Out' }).click()
	await expect(colleague).toHaveURL(/\/$/)
	await openHydrated(colleague, '/login')
	await colleague.getByRole('button', { name: 'Sign in with a passkey' }).click()
	// An admin's dashboard is the overview.
	await expect(colleague).toHaveURL(/\/dashboard$/)
	await expect(colleague.getByRole('heading', { level: 1 })).toBeVisible()

	await openHydrated(colleague, '/dashboard/security')
	await expect(colleague.getByTestId('passkey')).not.toContainText('Last used Never')
	// The confirm screen (step-up) takes the passkey instead of the password and code, and comes back.
	await openHydrated(colleague, '/dashboard/confirm?redirectTo=%2Fdashboard%2Fsecurity')
	await colleague.getByRole('button', { name: 'Confirm with a passkey' }).click()
	await expect(colleague).toHaveURL(/\/dashboard\/security$/)
	await openHydrated(colleague, '/dashboard/activity?action=auth.step_up')
	await expect(
		colleague.getByTestId('activity-table').getByRole('row').filter({ hasText: admin.email }).filter({ hasText: 'method: passkey' }),
	).toHaveCount(1)
	await openHydrated(colleague, '/dashboard/activity?action=auth.signed_in')
	const signIns = colleague.getByTestId('activity-table').getByRole('row').filter({ hasText: admin.email })
	await expect(signIns.filter({ hasText: 'method: passkey' })).toHaveCount(1)
	await expect(signIns.filter({ hasText: 'method: totp' }).first()).toBeVisible()
	await colleague.close()
})
