import type { Page, TestInfo } from '@playwright/test'
import { termsJourneyAnswers } from '../lead-fixtures.ts'
import { expect, installClock, nameStamp, openHydrated, passLoadingStep } from './fixtures.ts'

/** The borrower's way through the short form to the indicative terms (docs/decisions/0066), shared by the terms specs. */

export function person(testInfo: TestInfo, branch: string) {
	const phone = `(949) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`
	const last = nameStamp(`Terms${branch}-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}`)
	return { last, email: `${last.toLowerCase()}@example.com`, phone }
}

/**
 * A returning visitor at "How do you want to receive your quote?", through the loading screen (its 6.5 s jumped on
 * Playwright's clock, docs/decisions/0117) and the contact step.
 */
export async function finishShortForm(page: Page, who: ReturnType<typeof person>) {
	await installClock(page)
	await page.goto('/')
	await page.evaluate((answers) => {
		localStorage.clear()
		sessionStorage.clear()
		localStorage.setItem('loan-form', JSON.stringify(answers))
		localStorage.setItem('loan-form-step', JSON.stringify('quote-preference'))
	}, termsJourneyAnswers)
	const pricing: string[] = []
	page.on('request', (request) => {
		if (request.url().endsWith('/api/pricing')) pricing.push(request.postData() ?? '')
	})
	await openHydrated(page, '/fast-quote')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('How do you want to receive your quote?')
	await page.locator('main').getByText('Prefer Call', { exact: true }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preparing Your Quote')
	// The loading screen starts the pricing request, with figures only: no name, e-mail, phone or address.
	await expect.poll(() => pricing.length).toBeGreaterThan(0)
	expect(pricing[0]).toContain('"loanAmount":400000')
	expect(pricing[0]).not.toMatch(/Main St|example\.com|949/)
	await passLoadingStep(page)
	await page.getByLabel('First name').fill('Terry')
	await page.getByLabel('Last name').fill(who.last)
	await page.getByLabel('Email').fill(who.email)
	await page.getByLabel('Phone').fill(who.phone)
	const created = page.waitForResponse(
		(response) => new URL(response.url()).pathname === '/api/leads' && response.request().method() === 'POST',
	)
	await page.getByRole('button', { name: 'Get My Quote' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Your quote request is in')
	return ((await (await created).json()) as { id: string }).id
}

export async function stateBusinessPurpose(page: Page) {
	const panel = page.getByRole('region', { name: 'Your indicative terms' })
	await expect(panel.getByRole('group', { name: 'How will the property be used?' })).toBeVisible()
	// Nothing is shown before the statement.
	await expect(page.getByTestId('terms-panel')).toHaveCount(0)
	await panel.getByRole('button', { name: 'Show my terms' }).click()
	await expect(panel.getByText('Choose how the property will be used')).toBeVisible()
	await panel.getByLabel(/is for business or investment purposes only/).check()
	await panel.getByRole('button', { name: 'Show my terms' }).click()
	await expect(page.getByTestId('terms-panel')).toBeVisible()
	return page.getByTestId('terms-panel')
}

/**
 * The long form from its credit-score question (already answered) to its end: a rented property at $5,000 a month,
 * no interest-only, held in an LLC, kept long term; the borrower rents their home and owns two other properties.
 */
export async function finishLongForm(page: Page) {
	const choose = (label: string, group: string) => page.getByRole('group', { name: group }).getByText(label, { exact: true }).click()
	const next = () => page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Continue' }).click()
	await next()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property Details')
	await choose('Yes', 'Is the property currently rented?')
	await page.getByLabel('Monthly rent').fill('5000')
	await choose('No', 'Is there a monthly HOA fee?')
	await choose('Good', 'What condition is the property in?')
	await next()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Almost done! Customize Your Loan')
	await choose('No', 'Would you like an interest-only option?')
	await choose('Yes', 'Escrow for taxes and insurance?')
	await choose('In an LLC or other entity', 'How will you hold title?')
	await choose('Keep long term', 'What is your exit strategy?')
	await choose('I rent', 'Do you own your primary residence?')
	await page.getByLabel('Primary residence address').fill('9 Oak Ave, Irvine')
	await page.getByRole('option', { name: '9 Oak Ave, Irvine, CA, USA' }).click()
	await page.getByLabel('How many other investment properties do you own?').fill('2')
	await choose('No', 'Do other properties need a quote?')
	await page.getByRole('button', { name: 'Continue' }).click()
}
