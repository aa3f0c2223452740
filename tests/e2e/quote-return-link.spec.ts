import { expect, signInQuickly, test } from './fixtures.ts'
import { waitForMail } from './mailbox.ts'
import { finishShortForm, person, stateBusinessPurpose } from './quote-journey.ts'

/**
 * docs/decisions/0096: the borrower's link back to the quote. E-mailed at once and shown on the thank-you screen, opened in
 * another browser (another device), it shows the same terms without asking the purpose again; the token leaves the address at once;
 * once staff revoke the lead's links it opens nothing and says so.
 */
test('[RETURN]: the link opens the same terms on another device, until staff revoke it', async ({ page, browser }, testInfo) => {
	test.slow()
	const who = person(testInfo, 'Return')
	const leadId = await finishShortForm(page, who)
	const terms = await stateBusinessPurpose(page)
	const shownRate = await terms.getByTestId('band-table').textContent()
	const box = page.getByTestId('return-link')
	await expect(box).toContainText('Come back to this quote on any device')
	const url = await box.getByLabel('Your link to this quote').inputValue()
	expect(url).toMatch(/\/fast-quote#return=[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{22}$/)

	// The confirmation e-mail (docs/decisions/0097) went as the terms showed, with the terms and a link of its own.
	const mail = await waitForMail(who.email, /Subject: Your quote request with/)
	expect(mail).toContain('These are the indicative terms you saw on our website:')
	const mailed = /https?:\/\/\S+\/fast-quote#return=[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{22}/.exec(mail)![0]

	// Another device: nothing stored, the e-mailed link alone.
	const laptop = await browser.newContext()
	const other = await laptop.newPage()
	const opened = other.waitForResponse((response) => new URL(response.url()).pathname === '/api/my-quote')
	await other.goto(mailed)
	expect((await opened).status()).toBe(200)
	await expect(other.getByRole('heading', { level: 1 })).toContainText('Your quote request is in')
	// The token is out of the address (history, a copied URL), and the purpose is not asked again.
	await expect.poll(() => new URL(other.url()).hash).toBe('')
	const otherTerms = other.getByTestId('terms-panel')
	await expect(otherTerms).toBeVisible()
	await expect(otherTerms.getByTestId('band-table')).toHaveText(shownRate!)
	// Its calls on the lead are made with the link: choosing a band re-prices and records as on the first device.
	await expect(other.getByTestId('return-link')).toBeVisible()

	// Staff revoke the lead's links: the same link now opens nothing, and says so.
	await signInQuickly(page)
	await page.goto(`/dashboard/leads?lead=${leadId}`)
	const panel = page.getByTestId('return-links')
	await panel.getByRole('button', { name: 'Revoke links' }).click()
	await expect(panel.getByRole('status')).toHaveText('The borrower’s links to this quote no longer open it. A link made from now on works.')
	const stranger = await (await browser.newContext()).newPage()
	const refused = stranger.waitForResponse((response) => new URL(response.url()).pathname === '/api/my-quote')
	await stranger.goto(url)
	expect((await refused).status()).toBe(404)
	await expect(stranger.getByText('This link cannot open your quote')).toBeVisible()
	await expect(stranger.getByText(/This link has expired or is no longer valid\. Start a new quote, or call us at/)).toBeVisible()
	await expect(stranger.getByRole('heading', { level: 1 })).not.toContainText('Your quote request is in')
	await laptop.close()
	await stranger.context().close()
})
