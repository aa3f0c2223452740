import { readFile } from 'node:fs/promises'
import { extractText, getDocumentProxy } from 'unpdf'
import { expect, expectFitsScreen, test } from './fixtures.ts'
import { waitForMail } from './mailbox.ts'
import { finishShortForm, person, stateBusinessPurpose } from './quote-journey.ts'

/**
 * The borrower comes back (decisions 0095, 0096, 0097, 0103), on both viewports: the short form finished on one
 * device with a band and a cell picked, the e-mailed link opened in another browser shows the same terms; there the
 * borrower switches to interest-only beside the grid, downloads the term sheet, and a third browser verifies it.
 */
test('[COME BACK]: the e-mailed link shows the same terms elsewhere; interest-only there, its term sheet verified by a third browser', async ({
	page,
	browser,
}, testInfo) => {
	test.slow()
	const who = person(testInfo, 'Back')
	const leadId = await finishShortForm(page, who)
	const first = await stateBusinessPurpose(page)
	// On the first device the borrower picks their band and a cell of the grid; the lead keeps a copy of what is shown.
	await first.getByRole('button', { name: '740 - 759: This is me' }).click()
	const recorded = page.waitForResponse(
		(response) =>
			new URL(response.url()).pathname === `/api/leads/${leadId}/quotes` && /"points":1\b/.test(response.request().postData() ?? ''),
	)
	const cellName = /^No prepayment penalty, 1 point:/
	await first.getByRole('button', { name: cellName }).click()
	expect((await recorded).status()).toBe(200)
	const firstQuote = await first.getByTestId('terms-quote').locator('dd').allTextContents()

	// The confirmation e-mail's own link, opened in a browser with nothing stored: the same band, cell and terms.
	const mail = await waitForMail(who.email, /Subject: Your quote request with/)
	const link = /https?:\/\/\S+\/fast-quote#return=[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{22}/.exec(mail)![0]
	const laptop = await browser.newContext()
	const other = await laptop.newPage()
	await other.goto(link)
	const panel = other.getByTestId('terms-panel')
	await expect(panel.getByRole('button', { name: cellName })).toHaveAttribute('aria-pressed', 'true')
	await expect(panel.getByTestId('terms-quote').locator('dd')).toHaveText(firstQuote)

	await test.step('every loan the sheet offers sits beside the grid, each priced, each a 44 px target', async () => {
		await expect(panel.getByTestId('choice-grid')).toBeVisible()
		const choice = panel.getByTestId('loan-choice')
		await expect(choice.getByRole('radio', { name: /^30-year fixed/ })).toBeChecked()
		await expect(choice.getByRole('radio', { name: /^Principal and interest/ })).toBeChecked()
		for (const name of [/^7\/6 ARM/, /^5\/6 ARM/, /^Interest-only/]) await expect(choice.getByRole('radio', { name })).toBeVisible()
		await expect(choice.getByTestId('loan-option-figures')).toHaveCount(5)
		for (const option of await choice.getByTestId('loan-option').all())
			expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44)
		await expectFitsScreen(other, 'the loans beside the grid')
		await choice.screenshot({ path: testInfo.outputPath('loan-choice.png') })
	})

	const interestOnly = panel.getByTestId('loan-choice').getByRole('radio', { name: /^Interest-only/ })
	const offered = /(\d+\.\d{2,3}%) · (\$[\d,]+\.\d{2}) a month/.exec((await interestOnly.locator('xpath=..').textContent())!)!
	await test.step('interest-only: the terms re-price to the figures its option showed', async () => {
		await interestOnly.check()
		await expect(panel.getByTestId('terms-scenario')).toContainText('30-year term, interest-only')
		const quote = panel.getByTestId('terms-quote')
		const rows = async () => {
			const [labels, values] = [await quote.locator('dt').allTextContents(), await quote.locator('dd').allTextContents()]
			return labels.map((label, index) => `${label} ${values[index]}`)
		}
		await expect.poll(rows).toEqual(expect.arrayContaining([`Rate ${offered[1]}`, `Payment (interest only) ${offered[2]}`]))
	})

	const scenario = (await panel.getByTestId('terms-scenario').textContent())!
	const downloading = other.waitForEvent('download')
	await panel.getByRole('button', { name: 'Download term sheet' }).click()
	const download = await downloading
	const code = /^term-sheet-([0-9A-Z]{10})\.pdf$/.exec(download.suggestedFilename())![1]!
	const pdf = await getDocumentProxy(new Uint8Array(await readFile(await download.path())))
	const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ')
	expect(text).toContain(scenario)
	expect(text).toContain(`Rate ${offered[1]}`)
	expect(text).toContain(`Payment (interest only) ${offered[2]}`)

	await test.step('a third browser verifies the interest-only term sheet', async () => {
		const stranger = await browser.newContext()
		const visitor = await stranger.newPage()
		await visitor.goto(`/verify/${code}`)
		await expect(visitor.getByRole('heading', { level: 2, name: 'Genuine and current' })).toBeVisible()
		const figures = visitor.getByTestId('verify-figures')
		await expect(figures).toContainText(scenario)
		await expect(figures).toContainText(offered[1]!)
		await expect(figures).toContainText(offered[2]!)
		await stranger.close()
	})
	await laptop.close()
})
