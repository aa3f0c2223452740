import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Page, TestInfo } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { expect, expectFitsScreen, openHydrated, signInQuickly, test } from './fixtures.ts'
import { finishShortForm, person, stateBusinessPurpose } from './quote-journey.ts'

/**
 * docs/decisions/0095: the borrower downloads a term sheet from the terms panel; the PDF's text holds every figure the
 * panel shows for the same choice; staff see the download on the lead; a third browser context, a stranger's, types
 * the code on /verify and reads "genuine and current" with the figures and none of the borrower's details.
 */

/** A borrower through the short form and the purpose statement, with the terms on the screen. */
async function leadWithTerms(page: Page, testInfo: TestInfo) {
	const who = person(testInfo, 'Sheet')
	const leadId = await finishShortForm(page, who)
	const panel = await stateBusinessPurpose(page)
	return { leadId, who, panel }
}

test('[TERM SHEET]: download from the terms panel, the PDF holds what the screen showed, a stranger verifies it', async ({
	page,
	browser,
}, testInfo) => {
	test.slow()
	const { leadId, who, panel } = await leadWithTerms(page, testInfo)

	await test.step('no download while the rate is per credit band', async () => {
		await expect(panel.getByTestId('band-table')).toBeVisible()
		await expect(panel.getByRole('button', { name: 'Print term sheet' })).toBeVisible()
		await expect(panel.getByRole('button', { name: 'Download term sheet' })).toHaveCount(0)
	})

	await test.step('a band, a rent and a choice: the download sits beside the print button', async () => {
		await panel.getByRole('button', { name: '740 - 759: This is me' }).click()
		await panel.getByLabel('Monthly rent').fill('4200')
		await expect(panel.getByTestId('terms-quote')).not.toContainText('(assumed)')
		const cell = panel.getByRole('button', { name: /^3-year prepayment \(3-2-1\), 1 point:/ })
		await cell.click()
		await expect(cell).toHaveAttribute('aria-pressed', 'true')
		const rate = /: (\d+(?:\.\d{1,3})?%)/.exec((await cell.getAttribute('aria-label')) ?? '')![1]!
		await expect(panel.getByTestId('terms-quote')).toContainText(rate)
		await expect(panel.getByRole('button', { name: 'Download term sheet' })).toBeVisible()
		await expectFitsScreen(page, 'the terms with the download button')
	})

	// What the screen shows for this choice: every figure, the scenario, the build-up and the assumptions.
	await panel.getByText('How this rate is built').click()
	const shown = {
		figures: await panel.getByTestId('terms-quote').locator('dt').allTextContents(),
		values: await panel.getByTestId('terms-quote').locator('dd').allTextContents(),
		scenario: (await panel.getByTestId('terms-scenario').textContent())!,
		buildUp: await panel
			.getByTestId('terms-build-up')
			.locator('tr')
			.evaluateAll((rows) =>
				rows.map((row) => `${row.querySelector('th')!.textContent!.trim()}: ${row.querySelector('td')!.textContent!.trim()}`),
			),
		assumptions: await panel.getByTestId('terms-assumptions').locator('li').allTextContents(),
	}
	expect(shown.values.length).toBe(8)
	expect(shown.buildUp.length).toBeGreaterThan(3)

	const downloading = page.waitForEvent('download')
	await panel.getByRole('button', { name: 'Download term sheet' }).click()
	const download = await downloading
	const code = /^term-sheet-([0-9A-Z]{10})\.pdf$/.exec(download.suggestedFilename())?.[1]
	expect(code).toBeTruthy()
	const pdf = await getDocumentProxy(new Uint8Array(await readFile(await download.path())))
	const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ')

	await test.step("the PDF's text holds every figure the screen showed", async () => {
		expect(pdf.numPages).toBe(1)
		for (const [index, label] of shown.figures.entries()) expect(text).toContain(`${label} ${shown.values[index]}`)
		expect(text).toContain(shown.scenario)
		for (const line of shown.buildUp) expect(text).toContain(line.replace(/\s+/g, ' '))
		for (const assumption of shown.assumptions) expect(text).toContain(assumption)
		expect(text).toContain('100 Main St, Austin, TX 78701')
		expect(text).toContain(`${code!.slice(0, 5)}-${code!.slice(5)}`)
		expect(text).toContain('Indicative terms, not a commitment to lend')
	})

	await test.step('staff see the download in the lead history', async () => {
		const staffContext = await browser.newContext()
		const staff = await staffContext.newPage()
		await signInQuickly(staff)
		await openHydrated(staff, `/dashboard/leads?lead=${leadId}`)
		await expect(staff.getByTestId('lead-timeline')).toContainText(`The borrower downloaded term sheet ${code}`)
		await staffContext.close()
	})

	await test.step('a third browser context types the code and reads that it is genuine and current', async () => {
		const stranger = await browser.newContext()
		const visitor = await stranger.newPage()
		await visitor.goto('/verify')
		await visitor.getByLabel('Verification code').fill(`${code!.slice(0, 5)}-${code!.slice(5)}`.toLowerCase())
		await visitor.getByRole('button', { name: 'Verify' }).click()
		await expect(visitor).toHaveURL(new RegExp(`/verify/${code}$`))
		await expect(visitor.getByRole('heading', { level: 2, name: 'Genuine and current' })).toBeVisible()
		const figures = visitor.getByTestId('verify-figures')
		await expect(figures).toContainText(shown.scenario)
		for (const value of shown.values) await expect(figures).toContainText(value)
		const body = (await visitor.locator('main').textContent()) ?? ''
		for (const personal of [who.last, who.email, who.phone.slice(-8), '100 Main St']) expect(body).not.toContain(personal)
		await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
		await expectFitsScreen(visitor, 'the verify page')
		const results = await new AxeBuilder({ page: visitor }).analyze()
		expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([])
		await visitor.screenshot({ path: testInfo.outputPath('verify-current.png'), fullPage: true })
		await stranger.close()
	})
})
