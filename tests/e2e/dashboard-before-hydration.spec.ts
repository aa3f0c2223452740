import type { Page } from '@playwright/test'
import { DASHBOARD_MENU } from '#app/components/dashboard/dashboard-menu.ts'
import { expect, nameStamp, postWizardLead, signInQuickly, test } from './fixtures.ts'

/**
 * docs/decisions/0078: the dashboard's scripts load after its first paint (docs/decisions/0038), and until React has taken
 * over, a control whose work is done by a script does nothing: a status picked in the leads list snapped back at
 * hydration and nothing was stored. Every control that changes data works before hydration (a form that posts, with a
 * submit) or is disabled until it can.
 */

/**
 * The controls of the screen that only a script could make work and that are not disabled: a button of type "button";
 * any field or button outside a form; the submit button of a form that does not post (a script sends its data), other
 * than a search.
 */
const scriptOnlyControls = (page: Page) =>
	page.evaluate(() =>
		[...document.querySelectorAll<HTMLElement>('main button, main input, main select, main textarea')]
			// :disabled, not .disabled: a control inside a disabled fieldset is disabled without the attribute.
			.filter((control) => !control.matches(':disabled') && (control as HTMLInputElement).type !== 'hidden')
			.filter((control) => {
				const form = control.closest('form')
				if (control instanceof HTMLButtonElement && control.type === 'button') return true
				if (!form) return true
				const posts = form.method.toLowerCase() === 'post' || form.getAttribute('role') === 'search'
				return !posts && ((control instanceof HTMLButtonElement && control.type === 'submit') || control.getAttribute('type') === 'submit')
			})
			.map(
				(control) =>
					`${control.tagName.toLowerCase()} "${control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? ''}"`,
			),
	)

test.describe('[STAFF][DASHBOARD] before its scripts have loaded @desktop-only', () => {
	test.use({ expectedBrowserErrors: /^Failed to load resource: net::ERR_FAILED$/ })

	test('[STAFF][DASHBOARD]: no screen offers a control that only a script could make work while the scripts are not there', async ({
		page,
		request,
	}) => {
		test.slow()
		// A phone no other spec uses: leads of one phone are one person (decision 0049), and an escalation names its first.
		await postWizardLead(request, { firstName: 'Hydra', lastName: `Before${nameStamp(Date.now().toString(36))}`, phone: '(949) 555-0178' })
		await signInQuickly(page)
		// The page as it is before hydration, for as long as it takes to look at it.
		await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
		const found: string[] = []
		for (const { to } of DASHBOARD_MENU) {
			await page.goto(to)
			for (const control of await scriptOnlyControls(page)) found.push(`${to}: ${control}`)
		}
		expect(found).toEqual([])
	})

	test("[STAFF][LEADS]: a lead's status cannot be picked before the scripts have loaded, and is stored when picked after", async ({
		page,
		request,
	}) => {
		test.slow()
		const last = `Hydrate${nameStamp(Date.now().toString(36))}`
		await postWizardLead(request, { firstName: 'Stat', lastName: last, phone: '(949) 555-0176' })
		await signInQuickly(page)
		// Every script of the page arrives 3 s late.
		await page.route(/\/assets\/.*\.js$/, async (route) => {
			await new Promise((resolve) => setTimeout(resolve, 3_000))
			await route.continue()
		})
		await page.goto(`/dashboard/leads?search=${last}`, { waitUntil: 'commit' })
		// The table's control: with 'commit' the stylesheet that hides the phone's card on a desktop may not have applied
		// yet, and the card has a status control of the same name.
		const status = page.getByTestId('leads-table').getByRole('combobox', { name: `Status of Stat ${last}` })
		await expect(status).toBeVisible()
		// Before hydration a pick would snap back and store nothing: the control says it is not ready.
		await expect(status).toBeDisabled()
		await expect(status).toBeEnabled({ timeout: 30_000 })
		await status.selectOption({ label: 'Contacted' })
		await expect(page.locator('[data-sonner-toast]').first()).toBeVisible()
		await page.unroute(/\/assets\/.*\.js$/)
		await page.reload()
		await expect(page.getByTestId('leads-table').getByRole('combobox', { name: `Status of Stat ${last}` })).toHaveValue('contacted')
	})
})
