import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page, TestInfo } from '@playwright/test'
import { e2eMailDir } from './e2e-env.ts'
import { expect, openHydrated, seededCompany, test } from './fixtures.ts'

const continueButton = (page: Page) => page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Continue' })

async function choose(page: Page, label: string, group?: string) {
	const scope = group ? page.getByRole('group', { name: group }) : page.locator('main')
	await scope.getByText(label, { exact: true }).click()
}

async function next(page: Page, expectedTitle: string | RegExp) {
	await continueButton(page).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(expectedTitle)
}

async function startWizard(page: Page) {
	await page.goto('/')
	await page.evaluate(() => localStorage.clear())
	await openHydrated(page, '/fast-quote')
	await expect(page.locator('main[data-restored="true"]')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which loan program fits your investment?')
}

async function pickAddress(page: Page, label: string, typed: string, suggestion: string) {
	await page.getByLabel(label).fill(typed)
	await page.getByRole('option', { name: suggestion }).click()
	await expect(page.getByLabel(label)).toHaveValue(new RegExp(suggestion.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
}

/** From quote preference through the loading step to the contact step (spec 1 §9 timings). */
async function chooseQuotePreferenceAndWait(page: Page, preference: 'Prefer Call' | 'Prefer Text / Email') {
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('How do you want to receive your quote?')
	await choose(page, preference)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preparing Your Quote')
	await expect(page.getByText('Reviewing your scenario...')).toBeVisible()
	await expect(page.getByText('Analyzing your loan requirements')).toBeVisible()
	await expect(page.getByText('Preparing your quote...')).toBeVisible({ timeout: 5_000 })
	await expect(page.getByText('This will only take a moment')).toBeVisible()
}

function uniqueName(testInfo: TestInfo, branch: string) {
	return { first: 'Jane', last: `${branch}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}` }
}

async function fillContactAndSubmit(page: Page, name: { first: string; last: string }) {
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where should we send your quote?', { timeout: 10_000 })
	await expect(page.getByTestId('consent-text')).toContainText(`${seededCompany.name}`)
	await expect(page.getByTestId('consent-text')).toContainText('Reply STOP')
	await page.getByLabel('First name').fill(name.first)
	await page.getByLabel('Last name').fill(name.last)
	await page.getByLabel('Email').fill(`${name.last.toLowerCase()}@example.com`)
	await page.getByLabel('Phone').fill('(949) 555-0177')
	await page.getByRole('button', { name: 'Get My Quote' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Your quote request is in')
}

/** The lender is told at once: the outbox worker writes the new-lead notification as an .eml file. */
async function expectLeadNotification(lastName: string, subjectPrefix = 'New lead') {
	await expect
		.poll(() => {
			if (!fs.existsSync(e2eMailDir)) return ''
			return fs
				.readdirSync(e2eMailDir)
				.map((file) => fs.readFileSync(path.join(e2eMailDir, file), 'utf8'))
				.find((mail) => mail.includes(lastName) && mail.includes(`Subject: ${subjectPrefix}`)) ?? ''
		}, { timeout: 15_000 })
		.toContain(lastName)
}

test.describe('[QUOTE][WIZARD]', () => {
	test('[QUOTE][REFINANCE]: a refinance becomes a lead, and the lender is notified', async ({ page }, testInfo) => {
		await startWizard(page)
		await choose(page, 'DSCR Loan')
		await next(page, 'What type of property is it?')
		await choose(page, 'Single Family')
		await next(page, 'What type of transaction is this?')
		await choose(page, 'Refinance')
		await next(page, 'Where is the property located?')
		// spec 1 §2: refinances always use the full address; the choice is hidden.
		await expect(page.getByText('General location (city, state, ZIP)')).toHaveCount(0)
		await pickAddress(page, 'Property address', '12 Ocean Ave, San Clem', '12 Ocean Ave, San Clemente, CA, USA')
		await next(page, 'Property Value & Loan Details')
		await page.getByLabel('Estimated property value').fill('750000')
		await page.getByLabel('Current mortgage balance').fill('200000')
		await expect(page.getByLabel('Estimated property value')).toHaveValue('$750,000')
		await expect(page.getByLabel('Current mortgage balance')).toHaveValue('$200,000')
		await continueButton(page).click()
		await chooseQuotePreferenceAndWait(page, 'Prefer Call')
		const name = uniqueName(testInfo, 'Refinance')
		await fillContactAndSubmit(page, name)
		await expectLeadNotification(name.last)
	})

	test("[QUOTE][CASH-OUT]: a cash-out with 'Other' needs the custom percentage", async ({ page }, testInfo) => {
		await startWizard(page)
		await choose(page, 'Short-Term Bridge')
		await next(page, 'What type of property is it?')
		await choose(page, 'Multi-Family (2-4 units)')
		await next(page, 'What type of transaction is this?')
		await choose(page, 'Cash-Out Refinance')
		await next(page, 'Where is the property located?')
		await pickAddress(page, 'Property address', '500 Bay St, Tampa', '500 Bay St, Tampa, FL, USA')
		await next(page, 'Property Value & Loan Details')
		await page.getByLabel('Estimated property value').fill('900000')
		await page.getByLabel('Current mortgage balance').fill('300000')
		await next(page, 'How much cash out?')
		await choose(page, 'Other')
		// Incomplete: the custom value is required, the button shakes and the toast explains.
		await continueButton(page).click()
		await expect(page.getByText('Please complete all required fields')).toBeVisible()
		await expect(page.getByText('All fields marked with * are required to continue.')).toBeVisible()
		await expect(continueButton(page)).toHaveClass(/animate-shake/)
		await expect(continueButton(page)).not.toHaveClass(/animate-shake/)
		await page.getByLabel('Custom percentage').fill('85%')
		// Choosing a listed percentage clears the custom one (spec 1 §4).
		await choose(page, '70%')
		await expect(page.getByLabel('Custom percentage')).toHaveCount(0)
		await choose(page, 'Other')
		await expect(page.getByLabel('Custom percentage')).toHaveValue('')
		await page.getByLabel('Custom percentage').fill('85%')
		await continueButton(page).click()
		await chooseQuotePreferenceAndWait(page, 'Prefer Text / Email')
		const name = uniqueName(testInfo, 'CashOut')
		await fillContactAndSubmit(page, name)
		await expectLeadNotification(name.last)
	})

	test('[QUOTE][PURCHASE-FOUND]: a purchase under contract picks a closing date that is not in the past', async ({ page }, testInfo) => {
		await startWizard(page)
		await choose(page, 'DSCR Loan')
		await next(page, 'What type of property is it?')
		await choose(page, 'Condo / Townhome')
		await next(page, 'What type of transaction is this?')
		await choose(page, 'Purchase')
		await next(page, 'Have you found a property?')
		await choose(page, 'Yes')
		await next(page, 'What is the status of your offer?')
		await choose(page, 'Currently under contract')
		await expect(page.getByText('Select your estimated closing date')).toBeVisible()
		await page.getByRole('button', { name: /Closing Date/ }).click()
		const dialog = page.getByRole('dialog', { name: 'Choose a closing date' })
		await expect(dialog).toBeVisible()
		// Yesterday (when it is in this month's view) cannot be picked.
		const today = new Date()
		if (today.getDate() > 1) {
			const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1)
			await expect(dialog.locator(`[data-day="${yesterday.toLocaleDateString('en-CA')}"] button`)).toBeDisabled()
		}
		await dialog.getByRole('button', { name: /next month/i }).click()
		await dialog.locator('button', { hasText: /^15$/ }).first().click()
		await expect(dialog).toHaveCount(0)
		const fifteenth = new Date(today.getFullYear(), today.getMonth() + 1, 15)
		await expect(page.getByRole('button', { name: /Closing Date/ })).toContainText(fifteenth.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }))
		// Another status clears the date and hides the calendar (spec 1 §4).
		await choose(page, 'Offer made – pending')
		await expect(page.getByRole('button', { name: /Closing Date/ })).toHaveCount(0)
		await choose(page, 'Currently under contract')
		await expect(page.getByRole('button', { name: /Closing Date/ })).toContainText('Select closing date')
		await page.getByRole('button', { name: /Closing Date/ }).click()
		await page.getByRole('dialog').getByRole('button', { name: /next month/i }).click()
		await page.getByRole('dialog').locator('button', { hasText: /^20$/ }).first().click()
		await next(page, 'Where is the property located?')
		await choose(page, 'General location (city, state, ZIP)')
		await page.getByLabel('ZIP code').fill('33602')
		await next(page, 'Tell us about the purchase')
		await page.getByLabel('Purchase price').fill('500000')
		await page.getByLabel('Down payment').fill('125000')
		await continueButton(page).click()
		await chooseQuotePreferenceAndWait(page, 'Prefer Call')
		const name = uniqueName(testInfo, 'PurchaseFound')
		await fillContactAndSubmit(page, name)
		await expectLeadNotification(name.last)
	})

	test('[QUOTE][PURCHASE-SHOPPING]: a buyer still shopping answers timeline, price and down payment, then completes the long form', async ({ page }, testInfo) => {
		await startWizard(page)
		await choose(page, 'DSCR Loan')
		await next(page, 'What type of property is it?')
		await choose(page, 'Single Family')
		await next(page, 'What type of transaction is this?')
		await choose(page, 'Purchase')
		await next(page, 'Have you found a property?')
		await choose(page, 'No')
		await next(page, 'When do you plan to purchase?')
		await choose(page, 'Within 60 days')
		await next(page, 'What price range are you shopping in?')
		await choose(page, '$250K - $500K')
		await next(page, 'How much do you plan to put down?')
		await choose(page, '20% - 25%')
		await continueButton(page).click()
		await chooseQuotePreferenceAndWait(page, 'Prefer Call')
		const name = uniqueName(testInfo, 'Shopping')
		await fillContactAndSubmit(page, name)
		await expectLeadNotification(name.last)

		await page.getByRole('button', { name: 'Continue Quote' }).click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your estimated credit score?')
		await choose(page, '740 - 759')
		await next(page, 'Property Details')
		await choose(page, 'No', 'Is the property currently rented?')
		await page.getByLabel('Estimated monthly rent').fill('2400')
		await choose(page, 'Yes', 'Is there a monthly HOA fee?')
		await page.getByLabel('Monthly HOA amount').fill('150')
		await choose(page, 'Good', 'What condition is the property in?')
		await next(page, 'Almost done! Customize Your Loan')
		await choose(page, 'No', 'Would you like an interest-only option?')
		await choose(page, 'Yes', 'Escrow for taxes and insurance?')
		await choose(page, 'In an LLC or other entity', 'How will you hold title?')
		await choose(page, 'Other', 'What is your exit strategy?')
		await choose(page, 'I own my home', 'Do you own your primary residence?')
		await pickAddress(page, 'Primary residence address', '9 Oak Ave, Irvine', '9 Oak Ave, Irvine, CA, USA')
		await page.getByLabel('How many other investment properties do you own?').fill('2a')
		await expect(page.getByLabel('How many other investment properties do you own?')).toHaveValue('2')
		await choose(page, 'No', 'Do other properties need a quote?')
		// The exit strategy 'Other' still needs its description.
		await page.getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByText('Please complete all required fields')).toBeVisible()
		await page.getByLabel('Please describe').fill('Refinance into a portfolio loan')
		await page.getByLabel('Additional scenario details (optional)').fill('Tenant in place until 2027.')
		await page.getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByText('Application submitted successfully!')).toBeVisible()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Your 15-Minute Call')
		await expect(page.getByRole('link', { name: new RegExp(`Book a Call: ${seededCompany.phone.replace(/[()]/g, '\\$&')}`) })).toBeVisible()
		await expectLeadNotification(name.last, 'Long form completed')
		// spec 1 §4: the stored lead and answers are removed on the long thank-you step.
		expect(await page.evaluate(() => [localStorage.getItem('loan-form'), localStorage.getItem('loan-form-lead-id')])).toEqual([null, null])
	})

	test('[QUOTE][RELOAD]: a reload in the middle keeps every answer and the current step', async ({ page }) => {
		await startWizard(page)
		await choose(page, 'DSCR Loan')
		await next(page, 'What type of property is it?')
		await choose(page, 'Single Family')
		await next(page, 'What type of transaction is this?')
		await choose(page, 'Refinance')
		await next(page, 'Where is the property located?')
		await page.getByLabel('Property address').fill('77 Harbor Dr, Austin, TX')
		await next(page, 'Property Value & Loan Details')
		await page.getByLabel('Estimated property value').fill('640000')
		await page.reload()
		await expect(page.locator('main[data-restored="true"]')).toBeVisible()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property Value & Loan Details')
		await expect(page.getByLabel('Estimated property value')).toHaveValue('$640,000')
		await page.getByRole('button', { name: 'Back' }).first().click()
		await expect(page.getByLabel('Property address')).toHaveValue('77 Harbor Dr, Austin, TX')
	})

	test('[QUOTE][NAVIGATION]: Back on the first step goes home; the progress bar follows the steps', async ({ page }) => {
		await startWizard(page)
		const fill = page.getByTestId('progress-fill')
		const width = async () => Number((await fill.getAttribute('style'))?.match(/width:\s*([\d.]+)%/)?.[1])
		expect(await width()).toBeCloseTo(100 / 1, 0)
		await choose(page, 'DSCR Loan')
		// Three steps are known now: (0 + 1) / 3.
		expect(await width()).toBeCloseTo(100 / 3, 0)
		await next(page, 'What type of property is it?')
		expect(await width()).toBeCloseTo(200 / 3, 0)
		await page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Back' }).click()
		await page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Back' }).click()
		await expect(page).toHaveURL(/\/$/)
	})

	test('[QUOTE][A11Y]: every step of a purchase is usable with assistive technology', async ({ page }) => {
		const audit = async (step: string) => {
			const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze()
			const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
			expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `on ${step}`).toEqual([])
		}
		await startWizard(page)
		await audit('loan-program')
		await choose(page, 'DSCR Loan')
		await next(page, 'What type of property is it?')
		await audit('property-type')
		await choose(page, 'Single Family')
		await next(page, 'What type of transaction is this?')
		await audit('transaction-type')
		await choose(page, 'Purchase')
		await next(page, 'Have you found a property?')
		await audit('property-identification')
		await choose(page, 'Yes')
		await next(page, 'What is the status of your offer?')
		await choose(page, 'Currently under contract')
		await audit('offer-status')
		await choose(page, 'Getting ready to make an offer')
		await next(page, 'Where is the property located?')
		await audit('property-address')
		await page.getByLabel('Property address').fill('1 Main St, Austin, TX')
		await next(page, 'Tell us about the purchase')
		await audit('property-details')
		await page.getByLabel('Purchase price').fill('400000')
		await page.getByLabel('Down payment').fill('100000')
		await next(page, 'How do you want to receive your quote?')
		await audit('quote-preference')
		await choose(page, 'Prefer Call')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preparing Your Quote')
		await audit('quote-loading')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where should we send your quote?', { timeout: 10_000 })
		await audit('contact-info')
	})
})
