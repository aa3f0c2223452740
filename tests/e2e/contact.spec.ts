import fs from 'node:fs/promises'
import path from 'node:path'
import { e2eMailDir } from './e2e-env.ts'
import { expect, fillContactForm, test, openReady, scriptRequests } from './fixtures.ts'

// spec 2 §5: the four messages of the contact form.
const requiredMessages = [
	'Name must be at least 2 characters',
	'Please enter a valid email address',
	'Please enter a valid phone number',
	'Message must be at least 10 characters',
]

/** The text of every .eml file the outbox worker has written so far. */
async function sentMail() {
	const names = await fs.readdir(e2eMailDir).catch(() => [] as string[])
	return Promise.all(names.filter((name) => name.endsWith('.eml')).map((name) => fs.readFile(path.join(e2eMailDir, name), 'utf8')))
}

/** A message no other test sends, short enough to stay on one line of the e-mail. */
const uniqueMessage = (label: string) => `Please call me about a DSCR refinance, ref ${label}-${Date.now().toString(36)}`

test.describe('contact form', () => {
	test('[PUBLIC][CONTACT]: sends an empty form and reads what each field needs', async ({ page }) => {
		await openReady(page, '/contact')
		await page.getByRole('button', { name: 'Send Message' }).click()
		for (const message of requiredMessages) await expect(page.getByText(message)).toBeVisible()
		await expect(page.getByLabel(/^Name/)).toHaveAttribute('aria-invalid', 'true')
	})

	test('[PUBLIC][CONTACT]: sends a message that reaches the lender', async ({ page }, testInfo) => {
		const message = uniqueMessage(testInfo.project.name)
		await openReady(page, '/contact')
		await fillContactForm(page, message)
		await page.getByRole('button', { name: 'Send Message' }).click()

		// spec 2 §8: the success toast.
		const toast = page.locator('[data-toast]')
		await expect(toast).toContainText('Message sent successfully!')
		await expect(toast).toContainText("We'll get back to you within 24 hours.")
		await expect(page.getByLabel(/^Message/)).toHaveValue('')

		// Without SMTP_URL the outbox worker writes the staff notification as an .eml file.
		await expect
			.poll(async () => (await sentMail()).some((mail) => mail.includes(message)), {
				timeout: 10_000,
				message: `an .eml in ${e2eMailDir} with the visitor's message`,
			})
			.toBe(true)
		const mail = (await sentMail()).find((mail) => mail.includes(message))!
		expect(mail).toMatch(/^Reply-To: .*jordan\.investor@example\.com/im)
		expect(mail).toContain('Jordan Investor')
	})
})

// The server form is the same on every viewport; one send keeps within the form's rate limit (5 per 10 minutes).
test.describe('contact form without JavaScript', { tag: '@desktop-only' }, () => {
	test.use({ javaScriptEnabled: false })

	test('[PUBLIC][CONTACT]: sends a message without JavaScript and reads the confirmation', async ({ page }) => {
		const message = uniqueMessage('no-js')
		await page.goto('/contact')
		await fillContactForm(page, message)
		await page.getByRole('button', { name: 'Send Message' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Message sent successfully!' })).toContainText(
			"We'll get back to you within 24 hours.",
		)
		await expect.poll(async () => (await sentMail()).some((mail) => mail.includes(message)), { timeout: 10_000 }).toBe(true)
	})
})

// docs/decisions/0037: the contact page ships no bundle; the map comes on request through its inline script.
test.describe('contact page without a bundle', () => {
	test('[PUBLIC][CONTACT]: loads no script file, shows the map only when asked, and says "Sending..." while the post is on its way', async ({
		page,
	}) => {
		const scripts = scriptRequests(page)
		await openReady(page, '/contact')
		await expect(page.locator('iframe')).toHaveCount(0)
		// The seeded company has an OpenStreetMap embed; the test machine has no internet, so the map answers locally.
		await page.route('https://www.openstreetmap.org/**', (route) =>
			route.fulfill({ body: '<html><body>map</body></html>', contentType: 'text/html' }),
		)
		await page.getByRole('button', { name: 'Show map' }).click()
		await expect(page.locator('iframe[title^="Map of"]')).toHaveAttribute('src', /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/)
		await page.getByRole('button', { name: 'Send Message' }).click()
		await expect(page.getByText('Name must be at least 2 characters')).toBeVisible()
		await expect(page.getByLabel(/^Name/), 'the first field to fix has the focus').toBeFocused()
		expect(scripts, 'script files loaded by the contact page').toEqual([])
	})
})
