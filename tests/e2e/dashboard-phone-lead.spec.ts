import { expect, nameStamp, openHydrated, openReady, seededCompany, signInQuickly, test } from './fixtures.ts'
import { PHONE_CONTEXT, inviteColleague } from './staff-accounts.ts'
import { expectWcagAA } from './wcag-checks.ts'

/** docs/decisions/0109: leads that come by phone, and a contact-form message made a lead in one step. */
test.describe('[OFFICER] leads by phone', () => {
	test('[OFFICER][PHONE]: an officer on a phone adds a caller as a lead, with the wizard’s questions and verbal consent @phone-only', async ({
		page,
		browser,
	}) => {
		test.setTimeout(180_000)
		const stamp = nameStamp(Date.now())
		await signInQuickly(page)
		const officerName = `Val Phone ${stamp}`
		const officer = await inviteColleague(page, browser, 'user', officerName, PHONE_CONTEXT)
		await openHydrated(officer.page, '/dashboard/leads')
		await officer.page.getByRole('button', { name: 'Add Lead' }).click()
		const dialog = officer.page.getByRole('dialog', { name: 'Add New Lead' })
		await dialog.getByLabel('First Name').fill('Casey')
		await dialog.getByLabel('Last Name').fill(`Caller${stamp}`)
		await dialog.getByLabel('Email').fill(`casey.${stamp.toLowerCase()}@example.com`)
		await dialog.getByLabel('Phone').fill('(512) 555-0148')
		// The wizard's programs; spec 2 §2's property types with the wizard's others (decision 0109); the transaction and
		// the amounts follow the program.
		await expect(dialog.getByLabel('Transaction Type')).toHaveCount(0)
		await dialog.getByLabel('Loan Program').selectOption({ label: 'DSCR Loan' })
		await expect(dialog.getByLabel('Property Type').locator('option')).toHaveText([
			'Select property type',
			'Single Family',
			'Multi-Family (2-4 units)',
			'Multi-Family (5+ units)',
			'Mixed Use (2-8 units)',
			'Townhouse',
			'Condo',
			'Commercial',
			'Land',
		])
		await dialog.getByLabel('Property Type').selectOption({ label: 'Multi-Family (2-4 units)' })
		await dialog.getByLabel('Transaction Type').selectOption({ label: 'Refinance' })
		await dialog.getByLabel('Property State').selectOption({ label: 'Texas' })
		await dialog.getByLabel('Property Address').fill('400 Elm St, Austin')
		await dialog.getByLabel('Property Value', { exact: true }).fill('$600,000')
		await dialog.getByLabel('Current Loan Balance').fill('$250,000')
		await dialog.getByLabel('Monthly Rent').fill('$4,100')
		// The script is on screen for the officer to read aloud, naming the company.
		await expect(dialog.getByTestId('verbal-consent-script')).toContainText(`May ${seededCompany.name}`)
		await dialog.getByLabel('The caller said yes to calls, texts and e-mails').check()
		await dialog.getByRole('button', { name: 'Add Lead' }).click()
		await expect(dialog).toBeHidden({ timeout: 15_000 })

		// The officer keeps the lead they took; its consent record says who took it, how and when.
		await officer.page.getByRole('link', { name: `View details of Casey Caller${stamp}` }).click()
		const details = officer.page.getByRole('dialog')
		await expect(details.getByTestId('lead-headline')).toContainText('DSCR · Texas')
		await expect(details.getByTestId('lead-assignee')).toHaveText(`${officerName} (me)`)
		await expect(details.getByTestId('no-contact-consent')).toHaveCount(0)
		await expect(details.getByText('Verbal, by phone')).toBeVisible()
		await expect(details.getByText(`${officerName} <${officer.email}>`)).toBeVisible()
		await officer.page.close()
	})

	test('[MANAGER][MESSAGES]: a contact-form message becomes a lead in one step, and links to it @desktop-only', async ({ page }) => {
		test.setTimeout(120_000)
		const stamp = nameStamp(Date.now())
		const words = `A duplex in Austin, please call ${stamp}`
		await openReady(page, '/contact')
		await page.getByLabel(/^Name/).fill(`Rita Sender${stamp}`)
		await page.getByLabel(/^Email/).fill(`rita.${stamp.toLowerCase()}@example.com`)
		await page.getByLabel(/^Phone/).fill('(512) 555-0142')
		await page.getByLabel(/^Message/).fill(words)
		await page.getByRole('button', { name: 'Send Message' }).click()
		await expect(page.locator('[data-toast]')).toContainText('Message sent successfully!')

		await signInQuickly(page)
		await openHydrated(page, '/dashboard/messages')
		const message = page.getByTestId('contact-message').filter({ hasText: words })
		await message.getByRole('button', { name: 'Create lead' }).click()
		const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
		await expect(dialog.getByLabel('First Name')).toHaveValue('Rita')
		await expect(dialog.getByLabel('Last Name')).toHaveValue(`Sender${stamp}`)
		await expect(dialog.getByLabel('Email')).toHaveValue(`rita.${stamp.toLowerCase()}@example.com`)
		await expect(dialog.getByLabel('Phone')).toHaveValue('(512) 555-0142')
		await expect(dialog.getByLabel('Message')).toHaveValue(words)
		await expect(dialog.getByLabel('Source Page')).toHaveValue('Contact form message')
		await dialog.getByLabel('Loan Program').selectOption({ label: 'Fix & Flip' })
		await dialog.getByLabel('Property Type').selectOption({ label: 'Single Family' })
		await dialog.getByLabel('Property State').selectOption({ label: 'Texas' })
		await dialog.getByRole('button', { name: 'Add Lead' }).click()
		await expect(dialog).toBeHidden({ timeout: 15_000 })
		await message.getByRole('link', { name: 'View lead' }).click()
		const details = page.getByRole('dialog')
		await expect(details.getByRole('heading', { name: new RegExp(`Rita Sender${stamp}`) })).toBeVisible()
		// No consent was taken: Call and Text say so.
		await expect(details.getByTestId('no-contact-consent')).toBeVisible()
	})

	test('[OFFICER][PRICER]: an officer prices a caller’s scenario, changes the credit band and attaches the terms @desktop-only', async ({
		page,
		browser,
	}) => {
		test.setTimeout(180_000)
		const stamp = nameStamp(Date.now())
		await signInQuickly(page)
		const officerName = `Quinn Pricer ${stamp}`
		const officer = await inviteColleague(page, browser, 'user', officerName, { viewport: { width: 1280, height: 800 } })
		await openHydrated(officer.page, '/dashboard/leads')
		await officer.page.getByRole('button', { name: 'Add Lead' }).click()
		const dialog = officer.page.getByRole('dialog', { name: 'Add New Lead' })
		await dialog.getByLabel('First Name').fill('Drew')
		await dialog.getByLabel('Last Name').fill(`Quote${stamp}`)
		await dialog.getByLabel('Email').fill(`drew.${stamp.toLowerCase()}@example.com`)
		await dialog.getByLabel('Phone').fill('(512) 555-0177')
		await dialog.getByLabel('Loan Program').selectOption({ label: 'DSCR Loan' })
		await dialog.getByLabel('Property Type').selectOption({ label: 'Single Family' })
		await dialog.getByLabel('Transaction Type').selectOption({ label: 'Refinance' })
		await dialog.getByLabel('Property State').selectOption({ label: 'Texas' })
		await dialog.getByLabel('Property Value', { exact: true }).fill('$600,000')
		await dialog.getByLabel('Current Loan Balance').fill('$300,000')
		await dialog.getByLabel('Monthly Rent').fill('$4,500')
		await dialog.getByRole('button', { name: 'Add Lead' }).click()
		await expect(dialog).toBeHidden({ timeout: 15_000 })

		// docs/decisions/0112: the lead's answers fill the pricer; the server prices them on the current sheet.
		await officer.page.getByRole('link', { name: `View details of Drew Quote${stamp}` }).click()
		const details = officer.page.getByRole('dialog')
		await details.getByRole('button', { name: 'Price this scenario' }).click()
		const pricer = details.getByRole('form', { name: 'Price this scenario' })
		await expect(pricer.getByLabel('Loan amount')).toHaveValue('300000')
		await pricer.getByLabel('Credit score band').selectOption('720-739')
		await pricer.getByRole('button', { name: 'Price' }).click()
		const summary = details.getByTestId('pricer-summary')
		await expect(summary).toContainText('FICO 720-739')
		// The caller remembers a better score: priced again for that band, then attached.
		await pricer.getByLabel('Credit score band').selectOption('760-779')
		await expect(details.getByRole('button', { name: 'Attach to lead' })).toHaveCount(0)
		await pricer.getByRole('button', { name: 'Price' }).click()
		await expect(summary).toContainText('FICO 760-779')
		const terms = (await summary.textContent()) ?? ''
		await details.getByRole('button', { name: 'Attach to lead' }).click()
		await expect(details.getByTestId('lead-timeline')).toContainText(`Terms attached by ${officerName}: ${terms}`)
		await expect(details.getByTestId('indicative-terms')).toContainText(`${officerName} <${officer.email}>`)
		const leadUrl = new URL(officer.page.url())
		await officer.page.close()

		// The open pricer, its terms and their build-up pass the checks the rest of the details pass (as the admin, whose
		// page is the test's own).
		await openHydrated(page, `${leadUrl.pathname}${leadUrl.search}`)
		const adminDetails = page.getByRole('dialog')
		await adminDetails.getByRole('button', { name: 'Price this scenario' }).click()
		const adminPricer = adminDetails.getByRole('form', { name: 'Price this scenario' })
		await adminPricer.getByLabel('Credit score band').selectOption('760-779')
		await adminPricer.getByRole('button', { name: 'Price' }).click()
		await adminDetails.getByTestId('pricer-result').getByText('How this rate is built').click()
		await expectWcagAA(page, 'the quick-pricer')
	})
})
