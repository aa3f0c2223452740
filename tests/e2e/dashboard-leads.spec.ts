import fs from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { expect, expectLeadsActionAnswered, openHydrated, signIn, test, postWizardLead, nameStamp } from './fixtures.ts'

async function expectNoSeriousA11yViolations(page: Page, screen: string) {
	// The toast region is sonner's own markup.
	const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze()
	const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
	expect(
		serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
		screen,
	).toEqual([])
}

const submitWizardLead = (request: APIRequestContext, lastName: string) =>
	postWizardLead(request, {
		firstName: 'Wendy',
		lastName,
		phone: '(949) 555-0188',
		attribution: { firstTouch: { utm_source: 'google', utm_campaign: 'dscr-refi', landingPage: '/dscr-loans' } },
	})

/** A toast of spec 2 §8 (an earlier one with the same text may still be fading out). */
const expectToast = (page: Page, text: string) =>
	expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible()

async function addLead(page: Page, lead: { first: string; last: string; email: string; phone: string; status: string }) {
	await page.getByRole('button', { name: 'Add Lead' }).click()
	const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
	await dialog.getByLabel('First Name').fill(lead.first)
	await dialog.getByLabel('Last Name').fill(lead.last)
	await dialog.getByLabel('Email').fill(lead.email)
	await dialog.getByLabel('Phone').fill(lead.phone)
	// docs/decisions/0109: the wizard's program, property types, transaction, state and amounts.
	await dialog.getByLabel('Loan Program').selectOption('dscr')
	await dialog.getByLabel('Property Type').selectOption('condo')
	await dialog.getByLabel('Transaction Type').selectOption('purchase')
	await dialog.getByLabel('Property State').selectOption('TX')
	await dialog.getByLabel('Purchase Price').fill('$410,000')
	// docs/decisions/0113: spec 2 §2's Property Value, beside a purchase's price.
	await dialog.getByLabel('Property Value', { exact: true }).fill('$450,000')
	await dialog.getByLabel('Status').selectOption({ label: lead.status })
	await expect(dialog.getByLabel('Source Page')).toHaveValue('Manual Entry')
	// The action's own answer first, so a refusal fails here with its text and a slow server is told from a dialog
	// that does not close (a CI run once saw the dialog still open after 15 s, with nothing to say why).
	const body = await expectLeadsActionAnswered(page, () => dialog.getByRole('button', { name: 'Add Lead' }).click())
	await expect(dialog.getByRole('alert')).toHaveCount(0)
	// The dialog closes when this lead is created (and the list reloaded); only then is the toast this lead's, not
	// the previous lead's, still fading out. A loaded machine can take more than 5 s for the reload. CI runs saw it
	// still open after a 200 (docs/decisions/0125); a failure says what the dialog showed and what the action answered.
	await expect(dialog)
		.toBeHidden({ timeout: 15_000 })
		.catch(async (error: Error) => {
			const shown = await dialog.innerText().catch(() => '(gone)')
			throw new Error(`${error.message}\nThe dialog shows: ${shown}\nThe action answered: ${body}`)
		})
	await expectToast(page, 'Lead created successfully')
}

const rows = (page: Page) => page.getByRole('table').locator('tbody tr')

test.describe('[ADMIN][LEADS] @desktop-only', () => {
	test('[ADMIN][LEADS]: a loan officer finds, filters, updates, adds, reads, notes, exports and deletes leads, then signs out', async ({
		page,
		request,
	}) => {
		test.setTimeout(120_000)
		const stamp = nameStamp(Date.now().toString(36))
		const family = `Harbor${stamp}`
		// A US exchange never starts with 0 or 1 (decision 0077 refuses such a number): the exchange is 5 and two digits.
		const digits = `5${Date.now().toString().slice(-6)}`
		const phone = `(212) ${digits.slice(0, 3)}-${digits.slice(3)}`
		const wizardName = `Wizard${stamp}`
		const wizardLeadId = await submitWizardLead(request, wizardName)

		await test.step('sign in and open the leads screen', async () => {
			await signIn(page)
			await expect(page).toHaveURL(/\/dashboard$/)
			await openHydrated(page, '/dashboard/leads')
			await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
			for (const card of ['Total Leads', 'New Leads', 'Qualified', 'Hot Leads', 'Closed'])
				await expect(page.getByTestId(`summary-${card}`)).toContainText(/\d/)
			await expectNoSeriousA11yViolations(page, 'leads screen')
		})

		await test.step('add leads taken by phone; the four contact fields are required', async () => {
			await page.getByRole('button', { name: 'Add Lead' }).click()
			const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
			await expectNoSeriousA11yViolations(page, 'Add Lead dialog')
			await dialog.getByLabel('Email').fill('only-email@example.com')
			await dialog.getByRole('button', { name: 'Add Lead' }).click()
			await expect(dialog.getByRole('alert')).toHaveText('First name, last name, email, and phone are required')
			await dialog.getByRole('button', { name: 'Cancel' }).click()
			// The next Add Lead opens the dialog anew, not the one still closing.
			await expect(dialog).toBeHidden()
			await addLead(page, { first: 'Ellen', last: family, email: `ellen.${stamp}@example.com`, phone, status: 'Hot' })
			await addLead(page, {
				first: 'Marco',
				last: family,
				email: `marco.${stamp}@example.com`,
				phone: '(305) 555-0100',
				status: 'Qualified',
			})
		})

		await test.step('search by name (any case) and by phone digits', async () => {
			await page.getByRole('searchbox', { name: /Search leads/ }).fill(family.toUpperCase())
			await expect(rows(page)).toHaveCount(2)
			await expect(page).toHaveURL(new RegExp(`search=${family.toUpperCase()}`))
			await page.getByRole('searchbox', { name: /Search leads/ }).fill(`${digits.slice(0, 3)}-${digits.slice(3)}`)
			await expect(rows(page)).toHaveCount(1)
			await expect(rows(page).first()).toContainText('Ellen')
			await page.getByRole('searchbox', { name: /Search leads/ }).fill(family.toLowerCase())
			await expect(rows(page)).toHaveCount(2)
		})

		await test.step('filter by two statuses, then one, then all', async () => {
			const filter = page.getByRole('button', { name: /Filter by status/ })
			await filter.click()
			await page.getByRole('checkbox', { name: 'Hot', exact: true }).check()
			await expect(filter).toHaveText('Hot')
			await page.getByRole('checkbox', { name: 'Qualified', exact: true }).check()
			await expect(filter).toHaveText('Qualified, Hot')
			await expect(rows(page)).toHaveCount(2)
			await page.getByRole('checkbox', { name: 'Qualified', exact: true }).uncheck()
			await expect(rows(page)).toHaveCount(1)
			await expect(rows(page).first()).toContainText('Ellen')
			await page.getByRole('checkbox', { name: 'All Leads', exact: true }).check()
			await expect(filter).toHaveText('All Leads')
			await page.keyboard.press('Escape')
			await expect(rows(page)).toHaveCount(2)
		})

		await test.step('change a status from the row', async () => {
			const marco = rows(page).filter({ hasText: 'Marco' })
			await marco.getByRole('combobox', { name: `Status of Marco ${family}` }).selectOption('contacted')
			await expectToast(page, 'Lead status updated successfully')
			await expect(marco.locator('span', { hasText: /^Contacted$/ })).toBeVisible()
		})

		await test.step('show the source column', async () => {
			await page.getByRole('button', { name: 'Show Source' }).click()
			await expect(page.getByRole('columnheader', { name: 'Source' })).toBeVisible()
			await expect(rows(page).first()).toContainText('Manual Entry')
			await page.getByRole('button', { name: 'Hide Source' }).click()
			await expect(page.getByRole('columnheader', { name: 'Source' })).toHaveCount(0)
		})

		await test.step('export the current search as CSV', async () => {
			const downloading = page.waitForEvent('download')
			await page.getByRole('link', { name: 'Export CSV' }).click()
			const download = await downloading
			expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/)
			const csv = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '')
			const lines = csv.trim().split('\r\n')
			// docs/decisions/0029: the lead's columns, then every answer, the consent record and the attribution.
			expect(lines[0]).toMatch(
				/^ID,Created At,First Name,Last Name,Email,Phone,Loan Type,Property Type,Transaction Type,Property Value,Status,Form Status,Source,Admin Notes,Assigned Officer,First Contacted At,Minutes to First Contact,Loan program,/,
			)
			expect(lines[0]).toContain(',Consent Version,Consent Time,Consent IP Address,Consent Page URL,First Touch UTM Source,')
			expect(lines).toHaveLength(3)
			expect(lines.slice(1).every((line) => line.includes(family))).toBe(true)
		})

		await test.step('read a wizard lead’s details, save a note', async () => {
			await page.getByRole('searchbox', { name: /Search leads/ }).fill(wizardName)
			await expect(rows(page)).toHaveCount(1)
			await rows(page)
				.first()
				.getByRole('link', { name: `View details of Wendy ${wizardName}` })
				.click()
			const dialog = page.getByRole('dialog', { name: /Lead Details/ })
			await expect(dialog).toBeVisible()
			await expect(page).toHaveURL(new RegExp(`lead=${wizardLeadId}`))
			// docs/decisions/0079: in the office's zone (the seeded America/New_York), named.
			await expect(dialog.getByText(/^Submitted on \w+ \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM) E[SD]T$/)).toBeVisible()
			for (const section of [
				'Contact Information',
				'Loan Information',
				'Property Information',
				'Financial Information',
				'Timeline & Preferences',
				'Consent Record',
				'Attribution',
			]) {
				await expect(dialog.getByRole('heading', { name: section })).toBeVisible()
			}
			await expect(dialog.getByText('DSCR Loan')).toBeVisible()
			await expect(dialog.getByText('Prefer Call')).toBeVisible()
			await expect(dialog.getByText('dscr-refi')).toBeVisible()
			await expect(dialog.getByText(CONSENT_VERSION, { exact: true })).toBeVisible()
			await dialog.getByText('Raw Application Data').click()
			await expect(dialog.locator('pre')).toContainText('"loanProgram": "dscr"')
			await expectNoSeriousA11yViolations(page, 'Lead Details dialog')
			// docs/decisions/0107: each save adds a note to the lead's timeline; the box empties and nothing earlier is replaced.
			const timeline = dialog.getByTestId('lead-timeline')
			await dialog.getByLabel('Admin Notes').fill('Wants a 30-year fixed; call after 5pm.')
			await dialog.getByRole('button', { name: 'Save Notes' }).click()
			await expectToast(page, 'Notes saved successfully')
			await expect(dialog.getByTestId('notes-last-updated')).toContainText('Last updated:')
			await expect(timeline.getByTestId('note-body')).toHaveText(['Wants a 30-year fixed; call after 5pm.'])
			await expect(dialog.getByLabel('Admin Notes')).toHaveValue('')
			await dialog.getByLabel('Admin Notes').fill('Sent the term sheet.')
			await dialog.getByRole('button', { name: 'Save Notes' }).click()
			await expect(timeline.getByTestId('note-body')).toHaveText(['Sent the term sheet.', 'Wants a 30-year fixed; call after 5pm.'])
			// Its author corrects the newest within minutes; it shows as edited.
			await timeline.getByRole('button', { name: 'Correct note' }).first().click()
			await timeline.getByLabel('Correct the note').fill('Sent the term sheet by e-mail.')
			await timeline.getByRole('button', { name: 'Save correction' }).click()
			await expectToast(page, 'Note corrected')
			await expect(timeline.getByTestId('note-body').first()).toHaveText('Sent the term sheet by e-mail.')
			await expect(timeline.getByTestId('note-edited')).toHaveCount(1)
			await dialog.getByRole('button', { name: 'Close', exact: true }).click()
			await expect(dialog).toBeHidden()
			await expect(page).not.toHaveURL(/lead=/)
		})

		await test.step('the e-mail link ?lead=<id> opens the same lead', async () => {
			await openHydrated(page, `/dashboard/leads?lead=${wizardLeadId}`)
			const dialog = page.getByRole('dialog', { name: /Lead Details/ })
			await expect(dialog.getByTestId('lead-timeline').getByTestId('note-body')).toHaveText([
				'Sent the term sheet by e-mail.',
				'Wants a 30-year fixed; call after 5pm.',
			])
			await page.keyboard.press('Escape')
			await expect(dialog).toBeHidden()
		})

		await test.step('delete the selected leads after confirming', async () => {
			await openHydrated(page, `/dashboard/leads?search=${family}`)
			await expect(rows(page)).toHaveCount(2)
			await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0)
			await page.getByRole('checkbox', { name: 'Select all leads on this page' }).check()
			await page.getByRole('button', { name: 'Delete Selected (2)' }).click()
			const confirm = page.getByRole('alertdialog')
			await expect(confirm).toContainText('Are you sure you want to delete 2 selected lead(s)? This action cannot be undone.')
			await confirm.getByRole('button', { name: 'Delete' }).click()
			await expectToast(page, 'Successfully deleted 2 lead(s)')
			await expect(page.getByText('No leads found matching your criteria.')).toBeVisible()
			await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0)
		})

		await test.step('sign out', async () => {
			await page.getByRole('button', { name: 'Sign Out' }).click()
			await expect(page).toHaveURL(/\/$/)
			await page.goto('/dashboard/leads')
			await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fleads$/)
		})
	})
})
