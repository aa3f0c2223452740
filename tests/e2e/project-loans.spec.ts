import type { Locator, Page, TestInfo } from '@playwright/test'
import { expect, installClock, nameStamp, openHydrated, passLoadingStep, signInQuickly, test } from './fixtures.ts'

// docs/decisions/0028 and 0029: fix & flip and construction, from the product page to the dashboard.

const continueButton = (page: Page) => page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Continue' })
const title = (page: Page) => page.getByRole('heading', { level: 1 })

async function choose(page: Page, label: string, group?: string) {
	const scope = group ? page.getByRole('group', { name: group }) : page.locator('main')
	await scope.getByText(label, { exact: true }).click()
}

async function next(page: Page, expectedTitle: string) {
	await continueButton(page).click()
	await expect(title(page)).toHaveText(expectedTitle)
}

/** Start Quote on the product page opens the wizard with the page's program already chosen. */
async function startFromProductPage(page: Page, path: string, program: string) {
	// The loading step is jumped on Playwright's clock (docs/decisions/0117).
	await installClock(page)
	await page.goto('/')
	await page.evaluate(() => localStorage.clear())
	// A product page ships no JavaScript (docs/decisions/0037): Start Quote is a plain link.
	await page.goto(path)
	await page.getByRole('link', { name: 'Start Quote' }).first().click()
	await expect(page.locator('main[data-restored="true"]')).toBeVisible()
	await expect(title(page)).toHaveText('Which loan program fits your investment?')
	await expect(page.getByRole('radio', { name: new RegExp(program) })).toBeChecked()
	// The parameter has done its work: a reload keeps whatever the visitor chooses next.
	await expect(page).toHaveURL(/\/fast-quote$/)
}

async function experienceAndExit(page: Page, labels: { experience: string; months: string }, exit: string) {
	await page.getByLabel(labels.experience).fill('3')
	await page.getByLabel(labels.months).fill('40')
	await expect(page.getByText('Enter a whole number of months from 1 to 36')).toBeVisible()
	await continueButton(page).click()
	await expect(page.getByText('Please complete all required fields')).toBeVisible()
	await expect(title(page)).toHaveText('Your experience and timeline')
	await page.getByLabel(labels.months).fill('6')
	await expect(page.getByText('Enter a whole number of months from 1 to 36')).toHaveCount(0)
	await next(page, 'What is your exit strategy?')
	await choose(page, exit)
	if (exit === 'Other') await page.getByLabel('Please describe').fill('Sell to my tenant')
	await next(page, 'How do you want to receive your quote?')
	await choose(page, 'Prefer Call')
	await expect(title(page)).toHaveText('Preparing Your Quote')
}

const uniqueLast = (testInfo: TestInfo, program: string) =>
	nameStamp(`${program}${testInfo.project.name}${testInfo.workerIndex}${Date.now().toString(36)}`)

async function contactThenLongForm(page: Page, last: string, phone: string) {
	await passLoadingStep(page)
	await page.getByLabel('First name').fill('Jane')
	await page.getByLabel('Last name').fill(last)
	await page.getByLabel('Email').fill(`${last.toLowerCase()}@example.com`)
	await page.getByLabel('Phone').fill(phone)
	await page.getByRole('button', { name: 'Get My Quote' }).click()
	await expect(title(page)).toContainText('Your quote request is in')

	await page.getByRole('button', { name: 'Continue Quote' }).click()
	await expect(title(page)).toHaveText('What is your estimated credit score?')
	await choose(page, '720 - 739')
	await next(page, 'Almost done! Customize Your Loan')
	// The exit strategy was asked before the contact step; it is not asked twice.
	await expect(page.getByRole('group', { name: 'What is your exit strategy?' })).toHaveCount(0)
	await choose(page, 'Yes', 'Would you like an interest-only option?')
	await choose(page, 'No', 'Escrow for taxes and insurance?')
	await choose(page, 'In an LLC or other entity', 'How will you hold title?')
	await choose(page, 'I own my home', 'Do you own your primary residence?')
	await page.getByLabel('Primary residence address').fill('9 Oak Ave, Irvine, CA 92618')
	await page.getByLabel('Primary residence address').press('Escape')
	await page.getByLabel('How many other investment properties do you own?').fill('4')
	await choose(page, 'No', 'Do other properties need a quote?')
	await page.getByRole('button', { name: 'Continue', exact: true }).click()
	// The booking step (its copy depends on whether a scheduler is configured).
	await expect(page.locator('main[data-step="long-thank-you"]')).toBeVisible({ timeout: 10_000 })
}

/** The value shown beside a label in the lead details dialog. */
const answer = (dialog: Locator, label: string) =>
	dialog
		.locator('dt')
		.filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
		.locator('xpath=following-sibling::dd[1]')

async function expectLabelledDetails(page: Page, last: string, expected: Record<string, string>, propertyType: string) {
	await signInQuickly(page)
	await openHydrated(page, `/dashboard/leads?search=${last}`)
	const row = page.getByRole('table').locator('tbody tr').filter({ hasText: last })
	await expect(row).toHaveCount(1)
	await row.getByRole('link', { name: `View details of Jane ${last}` }).click()
	const dialog = page.getByRole('dialog', { name: /Lead Details/ })
	await expect(dialog.getByRole('heading', { name: 'Application Answers' })).toBeVisible()
	for (const [label, value] of Object.entries(expected)) await expect(answer(dialog, label), label).toHaveText(value)
	// The table keeps key columns only (docs/decisions/0034); the property type is read in the details.
	await expect(dialog).toContainText(propertyType)
	// Every value is readable: no JSON and no option slug anywhere outside the raw data.
	const values = await dialog.locator('dd').allTextContents()
	expect(values.filter((value) => value.includes('{') || /^(?=.*[a-z])[a-z0-9]+(-[a-z0-9]+)+$/.test(value.trim()))).toEqual([])
}

test.describe('[QUOTE][PROJECT LOANS]', () => {
	test('[QUOTE][FIX-FLIP]: Start Quote on the fix & flip page through the contact step, the long form and the booking step', async ({
		page,
	}, testInfo) => {
		test.setTimeout(120_000)
		await startFromProductPage(page, '/fix-flip-loans', 'Fix & Flip')
		await next(page, 'What type of property is it?')
		// No transaction type for a flip: the property comes next.
		await choose(page, 'Condo / Townhome')
		await next(page, 'Where is the property located?')
		await page.getByLabel('Property address').fill('12 Ocean Ave, San Clemente, CA 92672')
		await page.getByLabel('Property address').press('Escape')
		await next(page, 'Tell us about your flip')
		await page.getByLabel('Purchase price').fill('300000')
		await page.getByLabel('Rehab budget').fill('60000')
		await page.getByLabel('After-repair value (ARV)').fill('0')
		await expect(page.getByText('Enter an after-repair value above $0 (at most $100,000,000)')).toBeVisible()
		await page.getByLabel('After-repair value (ARV)').fill('450000')
		await expect(page.getByLabel('After-repair value (ARV)')).toHaveValue('$450,000')
		await next(page, 'Your experience and timeline')
		await experienceAndExit(page, { experience: 'Flips completed in the last 3 years', months: 'Rehab timeline (months)' }, 'Other')
		const last = uniqueLast(testInfo, 'Flip')
		await contactThenLongForm(page, last, '(949) 555-0161')

		// The dashboard is checked once, on the desktop.
		if (testInfo.project.name === 'desktop')
			await expectLabelledDetails(
				page,
				last,
				{
					'Loan Type': 'Fix & Flip',
					'Loan Program': 'Fix & Flip',
					'Property Type': 'Condo / Townhome',
					'Property Value': '$300,000',
					Address: '12 Ocean Ave, San Clemente, CA 92672',
					'Purchase Price': '$300,000',
					'Credit Score': '720 - 739',
					'Exit Strategy': 'Other: Sell to my tenant',
					'Quote Preference': 'Prefer Call',
					'Rehab budget': '$60,000',
					'After-repair value (ARV)': '$450,000',
					'Projects completed in the last 3 years': '3',
					'Project timeline': '6 months',
					'Interest-only preference': 'Yes',
					'Escrow for taxes and insurance': 'No',
					'Title held': 'In an LLC or other entity',
					'Primary residence': 'I own my home',
					'Primary residence address': '9 Oak Ave, Irvine, CA 92618',
					'Other investment properties owned': '4',
					'Other properties need a quote': 'No',
					Form: 'Long form',
				},
				'Condo / Townhome',
			)
	})

	test('[QUOTE][CONSTRUCTION]: Start Quote on the construction page through the contact step, the long form and the booking step', async ({
		page,
	}, testInfo) => {
		test.setTimeout(120_000)
		await startFromProductPage(page, '/construction-loans', 'Ground-Up Construction')
		await next(page, 'What type of property is it?')
		await choose(page, 'Multi-Family (2-4 units)')
		await next(page, 'Where is the property located?')
		await choose(page, 'General location (city, state, ZIP)')
		await page.getByLabel('City', { exact: true }).fill('Tampa')
		await page.getByLabel('State', { exact: true }).fill('FL')
		await next(page, 'Tell us about the land')
		await choose(page, 'I am buying the land')
		await page.getByLabel('Land purchase price').fill('150000')
		await next(page, 'Tell us about the build')
		await page.getByLabel('Construction budget').fill('400000')
		await page.getByLabel('After-completion value').fill('750000')
		await next(page, 'Your experience and timeline')
		await experienceAndExit(
			page,
			{ experience: 'Ground-up builds completed in the last 3 years', months: 'Build timeline (months)' },
			'Refinance into a DSCR / rental loan',
		)
		const last = uniqueLast(testInfo, 'Build')
		await contactThenLongForm(page, last, '(949) 555-0162')

		// The dashboard is checked once, on the desktop.
		if (testInfo.project.name === 'desktop')
			await expectLabelledDetails(
				page,
				last,
				{
					'Loan Type': 'Construction',
					'Loan Program': 'Ground-Up Construction',
					'Property Type': 'Multi-Family (2-4 units)',
					'Property Value': '$150,000',
					'City / State / ZIP': 'Tampa, FL',
					'Exit Strategy': 'Refinance into a DSCR / rental loan',
					'Location given as': 'General location (city, state, ZIP)',
					Land: 'I am buying the land',
					'Land value / purchase price': '$150,000',
					'Construction budget': '$400,000',
					'After-completion value': '$750,000',
					'Projects completed in the last 3 years': '3',
					'Project timeline': '6 months',
					'Title held': 'In an LLC or other entity',
					Form: 'Long form',
				},
				'Multi-Family (2-4 units)',
			)
	})
})
