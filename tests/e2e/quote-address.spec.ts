import type { Page } from '@playwright/test'
import { ADDRESS_STATE_MESSAGE, STATE_MESSAGE, ZIP_MESSAGE } from '#app/features/places/us-address.ts'
import { expect, openHydrated, test } from './fixtures.ts'

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const continueButton = (page: Page) => page.getByRole('navigation', { name: 'Quote steps' }).getByRole('button', { name: 'Continue' })

async function toPropertyAddress(page: Page) {
	await page.goto('/')
	await page.evaluate(() => localStorage.clear())
	await openHydrated(page, '/fast-quote')
	await expect(page.locator('main[data-restored="true"]')).toBeVisible()
	for (const [answer, title] of [
		['DSCR Loan', 'What type of property is it?'],
		['Single Family', 'What type of transaction is this?'],
		['Purchase', 'Have you found a property?'],
		['Yes', 'What is the status of your offer?'],
		['Getting ready to make an offer', 'Where is the property located?'],
	] as const) {
		await page.locator('main').getByText(answer, { exact: true }).click()
		await continueButton(page).click()
		await expect(heading(page)).toHaveText(title)
	}
}

test.describe('[QUOTE][ADDRESS]', () => {
	test('[QUOTE][ADDRESS]: a general location with a state or ZIP that does not exist is refused with a specific message', async ({
		page,
	}) => {
		await toPropertyAddress(page)
		await page.locator('main').getByText('General location (city, state, ZIP)', { exact: true }).click()
		await page.getByLabel('City', { exact: true }).fill('Austin')
		await page.getByLabel('State', { exact: true }).fill('ZZ')
		await page.getByLabel('ZIP code', { exact: true }).focus()
		await expect(page.getByLabel('State', { exact: true })).toHaveAccessibleDescription(STATE_MESSAGE)
		await continueButton(page).click()
		await expect(heading(page)).toHaveText('Where is the property located?')

		await page.getByLabel('State', { exact: true }).fill('Texas')
		await expect(page.getByText(STATE_MESSAGE)).toHaveCount(0)
		await page.getByLabel('ZIP code', { exact: true }).fill('3')
		await page.getByLabel('City', { exact: true }).focus()
		await expect(page.getByLabel('ZIP code', { exact: true })).toHaveAccessibleDescription(ZIP_MESSAGE)
		await continueButton(page).click()
		await expect(heading(page)).toHaveText('Where is the property located?')

		await page.getByLabel('ZIP code', { exact: true }).fill('78701')
		await expect(page.getByText(ZIP_MESSAGE)).toHaveCount(0)
		await continueButton(page).click()
		await expect(heading(page)).not.toHaveText('Where is the property located?')
	})

	test('[QUOTE][ADDRESS]: an address typed without a suggestion and without a state asks for the state (docs/decisions/0077)', async ({
		page,
	}) => {
		await toPropertyAddress(page)
		const address = page.getByLabel('Property address')
		await address.fill('123 Main Street')
		await address.press('Escape')
		await continueButton(page).click()
		await expect(heading(page)).toHaveText('Where is the property located?')
		await expect(address).toHaveAccessibleDescription(ADDRESS_STATE_MESSAGE)
		await expect(address).toHaveAttribute('aria-invalid', 'true')

		await address.fill('123 Main Street, Austin, TX 78701')
		await expect(page.getByText(ADDRESS_STATE_MESSAGE)).toHaveCount(0)
		await address.press('Escape')
		await continueButton(page).click()
		await expect(heading(page)).not.toHaveText('Where is the property located?')
		const readStored = () => page.evaluate(() => Object.values(localStorage).find((value) => value.includes('123 Main Street')) ?? '')
		await expect.poll(readStored).not.toBe('')
		expect(JSON.parse(await readStored())).toMatchObject({ propertyFullAddress: '123 Main Street, Austin, TX 78701' })
	})

	test('[QUOTE][ADDRESS]: offline address search keeps the typed street and fills city, state and ZIP from the ZIP', async ({ page }) => {
		await toPropertyAddress(page)
		const address = page.getByLabel('Property address')
		const answered = page.waitForResponse(
			(response) => response.url().includes('/api/places/autocomplete') && response.url().includes('Austin'),
		)
		await address.fill('123 Main St, Austin')
		// Austin is a city in several states: the visitor chooses among the real ones, each with its own state.
		const { predictions } = (await (await answered).json()) as { predictions: Array<{ description: string }> }
		expect(predictions.length).toBeGreaterThan(1)
		for (const { description } of predictions) expect(description).toMatch(/^123 Main St, Austin, (TX|MN|AR|CO|IN|KY|NV|PA|MT|OR|TN|WA)\b/)
		await expect(page.getByRole('option', { name: /^123 Main St, Austin, TX/ })).toBeVisible()
		await address.fill('123 Main St, 78701')
		await page.getByRole('option', { name: '123 Main St, Austin, TX 78701, USA' }).click()
		await expect(address).toHaveValue('123 Main St, Austin, TX 78701, USA')
		// The answers reach local storage just after the pick: wait for them rather than read too early.
		const readStored = () => page.evaluate(() => Object.values(localStorage).find((value) => value.includes('"propertyZip":"78701"')) ?? '')
		await expect.poll(readStored).not.toBe('')
		expect(JSON.parse(await readStored())).toMatchObject({
			propertyAddress: '123 Main St',
			propertyCity: 'Austin',
			propertyState: 'TX',
			propertyZip: '78701',
		})
	})
})
