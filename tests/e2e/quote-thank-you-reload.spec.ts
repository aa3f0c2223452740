import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { finishLongForm, finishShortForm, person, stateBusinessPurpose } from './quote-journey.ts'

/**
 * docs/decisions/0099 and 0102: a reload and the browser's Back (then Forward) on each thank-you screen, short and long
 * form, keep the terms the borrower set: the credit band, the rent and the cell of the grid. The long thank-you screen
 * still removes the application stored on the device (spec 1 §4); the tab keeps what its screen shows.
 */

const SHORT_HEADING = /Your quote request is in/
const LONG_HEADING = /Your application is complete|Book Your 15-Minute Call/

/** A cell of the grid, by its prepayment option and points. */
const gridCell = (panel: Locator, name: string) => panel.getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}:`) })

/** The rate a cell prices, from its accessible name ("3-year prepayment (3-2-1), 1 point: 7.125%..."). */
async function rateOf(cell: Locator) {
	return /: (\d+(?:\.\d{1,3})?%)/.exec((await cell.getAttribute('aria-label')) ?? '')![1]!
}

/** The terms as the borrower left them: the band, the rent, the cell pressed and its rate priced below the grid. */
async function expectTerms(page: Page, heading: RegExp, terms: { band: string; rent: RegExp; cell: string; rate: string }) {
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
	const panel = page.getByTestId('terms-panel')
	// The purpose statement is not asked again: the terms are on screen at once.
	await expect(panel.getByTestId('choice-grid')).toBeVisible()
	await expect(panel.getByLabel('Your credit score')).toHaveValue(terms.band)
	await expect(panel.getByLabel('Monthly rent')).toHaveValue(terms.rent)
	await expect(gridCell(panel, terms.cell)).toHaveAttribute('aria-pressed', 'true')
	await expect(panel.getByTestId('terms-quote')).toContainText(terms.rate)
}

test('[TERMS][RELOAD]: a reload and Back on the short form’s thank-you screen keep the band, the rent and the cell', async ({
	page,
}, testInfo) => {
	test.slow()
	await finishShortForm(page, person(testInfo, 'ShortReload'))
	const panel = await stateBusinessPurpose(page)
	await panel.getByRole('button', { name: '740 - 759: This is me' }).click()
	await panel.getByLabel('Monthly rent').fill('4200')
	await expect(panel.getByTestId('terms-quote')).not.toContainText('(assumed)')
	const name = '3-year prepayment (3-2-1), 1 point'
	await gridCell(panel, name).click()
	await expect(gridCell(panel, name)).toHaveAttribute('aria-pressed', 'true')
	const terms = { band: '740-759', rent: /4,?200/, cell: name, rate: await rateOf(gridCell(panel, name)) }
	await expect(panel.getByTestId('terms-quote')).toContainText(terms.rate)

	await test.step('a reload', async () => {
		await page.reload()
		await expect(page.locator('main[data-restored="true"]')).toBeVisible()
		await expectTerms(page, SHORT_HEADING, terms)
		await expect(page).toHaveURL(/step=short-thank-you/)
	})

	await test.step('Back stays on the screen (the sent questions are closed), Forward too', async () => {
		await page.goBack()
		await expect(page).toHaveURL(/step=short-thank-you/)
		await expectTerms(page, SHORT_HEADING, terms)
		await page.goForward()
		await expectTerms(page, SHORT_HEADING, terms)
	})
})

test('[TERMS][RELOAD]: the long form’s thank-you screen shows the chosen terms, and keeps them on a reload and Back', async ({
	page,
}, testInfo) => {
	test.slow()
	const who = person(testInfo, 'LongReload')
	const leadId = await finishShortForm(page, who)
	const shortPanel = await stateBusinessPurpose(page)
	await shortPanel.getByRole('button', { name: '740 - 759: This is me' }).click()
	const name = '3-year prepayment (3-2-1), 1 point'
	await gridCell(shortPanel, name).click()
	await expect(gridCell(shortPanel, name)).toHaveAttribute('aria-pressed', 'true')

	await test.step('the long form, its credit band taken from the terms', async () => {
		// docs/decisions/0099: the band picked on the terms answers the credit-score question; nothing is asked twice.
		await page.getByRole('button', { name: 'Continue Quote' }).click()
		// spec 1 §4.2: the long form starts at the credit score, already answered with the band picked on the panel.
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your estimated credit score?')
		await expect(page.getByRole('radio', { name: '740 - 759' })).toBeChecked()
		await finishLongForm(page)
	})

	const panel = page.getByTestId('terms-panel')
	const terms = { band: '740-759', rent: /5,?000/, cell: name, rate: '' }
	await test.step('the long thank-you screen shows the terms chosen on the short one, priced for the long form’s rent', async () => {
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(LONG_HEADING)
		await expect(gridCell(panel, name)).toHaveAttribute('aria-pressed', 'true')
		terms.rate = await rateOf(gridCell(panel, name))
		await expectTerms(page, LONG_HEADING, terms)
		await expect(page).toHaveURL(/step=long-thank-you/)
	})

	await test.step('a reload: the same screen and terms; the device keeps no application (spec 1 §4)', async () => {
		await page.reload()
		await expect(page.locator('main[data-restored="true"]')).toBeVisible()
		await expectTerms(page, LONG_HEADING, terms)
		await expect(page.getByTestId('next-step')).toContainText(who.phone)
		expect(
			await page.evaluate(() =>
				['loan-form', 'loan-form-step', 'loan-form-lead-id', 'loan-form-lead-token'].map((key) => localStorage.getItem(key)),
			),
		).toEqual([null, null, null, null])
		// What the tab keeps holds no address and no free text.
		const kept = (await page.evaluate(() => sessionStorage.getItem('quote-completed'))) ?? ''
		expect(kept).toContain(leadId)
		expect(kept).not.toMatch(/Main St|Oak Ave/)
	})

	await test.step('a cell changed here, then Back and Forward: the screen stays, with that cell; no question reopens', async () => {
		const other = 'No prepayment penalty, 2 points'
		await gridCell(panel, other).click()
		await expect(gridCell(panel, other)).toHaveAttribute('aria-pressed', 'true')
		const changed = { ...terms, cell: other, rate: await rateOf(gridCell(panel, other)) }
		await page.goBack()
		await expect(page).toHaveURL(/step=long-thank-you/)
		await expectTerms(page, LONG_HEADING, changed)
		await page.goBack()
		await expect(page).toHaveURL(/step=long-thank-you/)
		await expectTerms(page, LONG_HEADING, changed)
		await page.goForward()
		await expectTerms(page, LONG_HEADING, changed)
		await page.reload()
		await expectTerms(page, LONG_HEADING, changed)
	})

	await test.step('“Start a new quote” starts at the first question, and a reload stays there (decision 0098)', async () => {
		await page.getByRole('button', { name: 'Start a new quote' }).click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which loan program fits your investment?')
		await page.reload()
		await expect(page.locator('main[data-restored="true"]')).toBeVisible()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which loan program fits your investment?')
		expect(await page.evaluate(() => sessionStorage.getItem('quote-completed'))).toBeNull()
	})
})
