import { E2E_ADMIN } from './e2e-env.ts'
import { expect, openHydrated, signInQuickly, test } from './fixtures.ts'

/** docs/decisions/0089: an admin sees the staff sessions signed in now and ends one; ending their own signs them out. */
test('[STAFF][SESSIONS]: an admin sees their own session in words and ending it signs them out', async ({ page }) => {
	// Its own session (docs/decisions/0088): ending it must not sign out the worker's other tests.
	await signInQuickly(page, E2E_ADMIN, { fresh: true })
	await openHydrated(page, '/dashboard/sessions')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sessions')
	await expect(page.getByTestId('session-limits')).toContainText('A session ends after 30 minutes without use and 7 days after its sign-in')
	const mine = page.getByRole('row').filter({ hasText: 'This session' })
	await expect(mine).toHaveCount(1)
	// Chromium on this machine, named as a person reads it.
	await expect(mine).toContainText(/Chrome on (Linux|Android phone)/)
	await mine.getByRole('button', { name: /^End and sign out: / }).click()
	await expect(page).toHaveURL(/\/login$/)
	await page.goto('/dashboard')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
})
