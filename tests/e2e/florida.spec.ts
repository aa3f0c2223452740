import type { Page } from '@playwright/test'
import { expect, openReady, test } from './fixtures.ts'

type FaqEntry = { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }

/** The FAQPage structured data of the page, as a search engine reads it. */
async function faqStructuredData(page: Page) {
	const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
	const documents = blocks.flatMap((text) => {
		const parsed = JSON.parse(text) as unknown
		return Array.isArray(parsed) ? parsed : [parsed]
	}) as { '@type'?: string; mainEntity?: FaqEntry[] }[]
	return documents.find((document) => document['@type'] === 'FAQPage')
}

/** The start of an answer: enough to find it on the page whatever markup wraps it. */
const answerStart = (entry: FaqEntry) => entry.acceptedAnswer.text.slice(0, 60)

test.describe('Florida landing page', () => {
	test('[PUBLIC][FLORIDA]: a search engine reads the 15 questions of the FAQ as FAQPage data', async ({ page }) => {
		await page.goto('/dscr-cash-out-florida')
		const faq = await faqStructuredData(page)
		expect(faq, 'a FAQPage JSON-LD block').toBeDefined()
		expect(faq!.mainEntity).toHaveLength(15)
		for (const entry of faq!.mainEntity!) {
			expect(entry['@type']).toBe('Question')
			expect(entry.name.length).toBeGreaterThan(5)
			expect(entry.acceptedAnswer['@type']).toBe('Answer')
			expect(entry.acceptedAnswer.text.length).toBeGreaterThan(10)
		}
	})

	test('[PUBLIC][FLORIDA]: opens one FAQ answer at a time and closes it again', async ({ page }) => {
		await openReady(page, '/dscr-cash-out-florida')
		const entries = (await faqStructuredData(page))!.mainEntity!
		const main = page.getByRole('main')

		// All 15 questions are on the page, as 15 items that open, and every answer starts closed.
		const faqSection = page.locator('section').filter({ hasText: entries[0]!.name }).last()
		await expect(faqSection.locator('details, [aria-expanded]')).toHaveCount(15)
		for (const entry of entries) {
			await expect(main.getByText(entry.name, { exact: true })).toBeVisible()
			await expect(main.getByText(answerStart(entry))).toBeHidden()
		}

		const [first, second] = [entries[0]!, entries[1]!]
		await main.getByText(first.name, { exact: true }).click()
		await expect(main.getByText(answerStart(first))).toBeVisible()

		await main.getByText(second.name, { exact: true }).click()
		await expect(main.getByText(answerStart(second))).toBeVisible()
		await expect(main.getByText(answerStart(first)), 'opening one closes the one open before').toBeHidden()

		await main.getByText(second.name, { exact: true }).click()
		await expect(main.getByText(answerStart(second)), 'an open item closes again').toBeHidden()
		await expect(main.getByText(answerStart(first))).toBeHidden()
	})

	test('[PUBLIC][FLORIDA]: jumps to the payment calculator from a #calculator link', async ({ page }) => {
		await page.goto('/dscr-cash-out-florida#calculator')
		const calculator = page.locator('#calculator')
		await expect(calculator).toContainText(/Payment Calculator/i)
		await expect(calculator).toBeInViewport()
	})
	test('[PUBLIC][FLORIDA]: clearing the loan amount shows the empty state, never the last payment', async ({ page }) => {
		await openReady(page, '/dscr-cash-out-florida')
		const calculator = page.locator('#calculator')
		const payment = calculator.getByTestId('monthly-payment')
		// The calculator starts at the DSCR record's starting rate (5.875%, spec 2 §9; the seeded sheet's) over its 30-year term.
		await expect(calculator.getByLabel('Interest rate (%)')).toHaveValue('5.875')
		await expect(payment).toHaveText('$2,366')
		await calculator.getByLabel('Loan amount ($)').fill('')
		await expect(payment).not.toContainText('$')
		await expect(calculator.getByTestId('monthly-payment-empty')).toBeVisible()
		await calculator.getByLabel('Loan amount ($)').fill('200,000')
		// $200,000 at 5.875 % over 360 months.
		await expect(payment).toHaveText('$1,183')
		await expect(calculator.getByTestId('monthly-payment-empty')).toHaveCount(0)
	})
})

test.describe('Florida landing page traffic', () => {
	test('[PUBLIC][FLORIDA]: Start Quote opens our quote wizard with DSCR chosen and Florida as the state (docs/decisions/0051)', async ({
		page,
	}) => {
		await page.goto('/')
		await page.evaluate(() => localStorage.clear())
		await openReady(page, '/dscr-cash-out-florida')
		await page.getByRole('main').getByRole('link', { name: 'Start Quote' }).first().click()
		await expect(page).toHaveURL(/\/fast-quote/)
		await expect(page.locator('main[data-restored="true"]')).toBeVisible()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which loan program fits your investment?')
		await expect(page.getByRole('radio', { name: /DSCR Loan/ })).toBeChecked()
		// The state is kept for the lead, and prefilled where the wizard asks it.
		await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('loan-form') ?? '{}').targetState)).toBe('FL')
		const nav = page.getByRole('navigation', { name: 'Quote steps' })
		await nav.getByRole('button', { name: 'Continue' }).click()
		await page.getByRole('main').getByText('Single Family', { exact: true }).click()
		await nav.getByRole('button', { name: 'Continue' }).click()
		await page.getByRole('main').getByText('Purchase', { exact: true }).click()
		await nav.getByRole('button', { name: 'Continue' }).click()
		await page.getByRole('main').getByText('No', { exact: true }).click()
		await nav.getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where are you looking to buy?')
		await expect(page.getByLabel('State')).toHaveValue('FL')
	})
})
