import { totpFromKey } from '../totp.ts'
import { expect, openHydrated, signIn, signInQuickly, test } from './fixtures.ts'
import { inviteColleague } from './staff-accounts.ts'

/**
 * docs/decisions/0088: a second factor for every staff account, on both viewports: a loan officer without one is sent to
 * set up an authenticator app, signs in with its code, and an admin resets it when the phone is lost.
 */
test('[STAFF][2FA]: a loan officer sets up an authenticator app, signs in with a code; an admin resets it and they must set it up again', async ({
	page,
	browser,
}) => {
	test.slow()
	await signInQuickly(page)
	const officer = await inviteColleague(
		page,
		browser,
		'user',
		'Tara Totp',
		{ viewport: page.viewportSize(), isMobile: test.info().project.name === 'phone' },
		{ secondFactor: false },
	)
	const colleague = officer.page
	// No dashboard data before a second factor: the leads send the officer to the set-up.
	await openHydrated(colleague, '/dashboard/leads')
	await expect(colleague).toHaveURL(/\/dashboard\/security\?required=1$/)
	await expect(colleague.getByRole('status').filter({ hasText: 'Set it up to continue' })).toBeVisible()
	await colleague.getByLabel('Confirm your password').fill(officer.password)
	await colleague.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
	// The key for typing in by hand: base32 in groups of four, not the otpauth:// URI.
	const key = await colleague.getByTestId('totp-key').textContent()
	expect(key).toMatch(/^(?:[A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)
	await expect(colleague.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
		'src',
		/^data:image\/png;base64,/,
	)
	// A mistyped code keeps the QR code and key on screen (the browser holds them; the server echoes nothing back).
	await colleague.getByLabel('Code from the app').fill('000000')
	await colleague.getByRole('button', { name: 'Turn on' }).click()
	await expect(colleague.getByRole('alert')).toHaveText('That code is not valid. Check the time on your phone and try again.')
	await expect(colleague.getByTestId('totp-key')).toHaveText(key!)
	const enrolledAt = Date.now()
	await colleague.getByLabel('Code from the app').fill(totpFromKey(key!, enrolledAt))
	await colleague.getByRole('button', { name: 'Turn on' }).click()
	await expect(colleague.getByTestId('two-factor-status')).toHaveText('Two-factor sign-in is on.')
	await openHydrated(colleague, '/dashboard/security')
	await expect(colleague.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left. Each works once if you lose your phone.')
	await colleague.getByRole('button', { name: 'Sign Out' }).click()
	// Signed out before the login page opens: a navigation started earlier would cancel the sign-out's request.
	await expect(colleague).toHaveURL(/\/$/)

	await signIn(colleague, { email: officer.email, password: officer.password })
	await expect(colleague.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
	// A code is accepted once (docs/decisions/0076): the app's next code, not the one that turned it on.
	await colleague.getByLabel('Authentication code').fill(totpFromKey(key!, enrolledAt + 30_000))
	await colleague.getByRole('button', { name: 'Verify' }).click()
	// A loan officer's dashboard is the leads (docs/decisions/0034).
	await expect(colleague).toHaveURL(/\/dashboard\/leads$/)

	// The phone is lost: an admin resets the factor, with a reason; the officer's session ends.
	await openHydrated(page, '/dashboard/users')
	await page.getByRole('button', { name: `Actions for ${officer.email}` }).click()
	await page.getByRole('menuitem', { name: 'Reset second factor' }).click()
	const dialog = page.getByRole('dialog', { name: `Reset the second factor of ${officer.email}` })
	await dialog.getByRole('button', { name: 'Reset second factor' }).click()
	await expect(dialog.getByText("Type why this account's second factor is reset (at least 10 characters)")).toBeVisible()
	await dialog.getByLabel('Reason (kept in the activity log)').fill('Phone lost; identity checked by a call to the desk number')
	await dialog.getByRole('button', { name: 'Reset second factor' }).click()
	await expect(page.getByText('Second factor reset; their sessions have ended. They set up a new one at their next sign-in.')).toBeVisible()
	await colleague.goto('/dashboard/leads')
	await expect(colleague).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fleads$/)
	// The password alone now leads to the set-up again.
	await signIn(colleague, { email: officer.email, password: officer.password })
	await expect(colleague).toHaveURL(/\/dashboard\/security\?required=1$/)
	await colleague.close()
})
