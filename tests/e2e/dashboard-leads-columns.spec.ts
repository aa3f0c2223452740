import { inviteColleague } from './staff-accounts.ts'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { PURPOSE_STATEMENT_VERSION } from '#app/features/pricing/borrower-terms.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { expect, expectFitsScreen, openHydrated, signInQuickly, test } from './fixtures.ts'

/** How many lines the element's text takes: the client rectangles of a range over it, one per line box. */
const linesOf = (element: Locator) =>
	element.evaluate((node) => {
		const range = document.createRange()
		range.selectNodeContents(node)
		return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size
	})

/** A name and phone no earlier run used (the API accepts 5 requests an hour for one e-mail or phone). */
function uniqueLead(prefix: string) {
	const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
	return { lastName: `${prefix}${letters}`, phone: `(949) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}` }
}

/** A wizard lead with every table column filled. */
async function submitLead(request: APIRequestContext, { lastName, phone }: { lastName: string; phone: string }) {
	const response = await request.post('/api/leads', {
		data: {
			formData: {
				loanProgram: 'dscr',
				propertyType: 'single-family',
				transactionType: 'refinance',
				propertyFullAddress: '100 Main St, Austin, TX 78701',
				estimatedPropertyValue: '$1,250,000',
				currentBalance: '$200,000',
				quotePreference: 'call',
				firstName: 'Maximilian',
				lastName,
				email: `maximilian.${lastName.toLowerCase()}@investment-properties-example.com`,
				phone,
			},
			sourcePage: '/fast-quote',
			consentVersion: CONSENT_VERSION,
		},
	})
	expect(response.status(), await response.text()).toBe(201)
	return (await response.json()) as { id: string; token: string }
}

/** docs/decisions/0113: the borrower states the purpose and chooses terms, so the table shows them beside the loan amount. */
async function chooseTerms(request: APIRequestContext, { id, token }: { id: string; token: string }) {
	const headers = { Authorization: `Bearer ${token}` }
	const stated = await request.post(`/api/leads/${id}/purpose`, {
		headers,
		data: { statement: 'business-purpose', statementVersion: PURPOSE_STATEMENT_VERSION },
	})
	expect(stated.status(), await stated.text()).toBe(200)
	const chosen = await request.post(`/api/leads/${id}/quotes`, {
		headers,
		data: { event: 'chosen', refinements: { ficoBand: '740-759' }, choice: { prepayment: '3-2-1', points: 1 } },
	})
	expect(chosen.status(), await chosen.text()).toBe(200)
}

const SPEC_HEADERS = [
	'Date',
	'First Name',
	'Last Name',
	'Phone',
	'Email',
	'Loan Type',
	'Property Type',
	'Transaction Type',
	'Property Value',
	'Status',
	'Form Status',
	'Assigned',
	'Actions',
]
const headers = (page: Page) => page.getByTestId('leads-table').getByRole('columnheader')

test.describe('[ADMIN][LEADS][COLUMNS] @desktop-only', () => {
	test.use({ viewport: { width: 1440, height: 900 } })

	test('[ADMIN][LEADS][COLUMNS]: at 1440 px every spec column is labelled and the table does not scroll sideways', async ({
		page,
		browser,
		request,
	}) => {
		test.setTimeout(120_000)
		const lead = uniqueLead('Wideman')
		await chooseTerms(request, await submitLead(request, lead))
		await signInQuickly(page)
		// A colleague of their own sees the default columns: the shared admin's choice may show Source meanwhile.
		const { page: manager } = await inviteColleague(page, browser, 'moderator', 'Width Checker', { viewport: { width: 1440, height: 900 } })
		page = manager
		await openHydrated(page, `/dashboard/leads?search=${lead.lastName}`)
		const table = page.getByTestId('leads-table')
		await expect(table.locator('tbody tr')).toHaveCount(1)
		// Every spec column has its header.
		for (const header of SPEC_HEADERS) await expect(headers(page).getByText(header, { exact: true })).toBeVisible()
		const row = table.locator('tbody tr').first()
		for (const text of ['Maximilian', lead.lastName, lead.phone, 'DSCR', 'Single Family', 'Refinance', '$1,250,000', 'New', 'Short Form'])
			await expect(row).toContainText(text)
		// docs/decisions/0113: the loan amount and the chosen terms are second lines of the spec's cells, not new columns.
		await expect(row.getByTestId('lead-loan-amount')).toHaveText('Loan $200,000')
		await expect(row.getByTestId('lead-chosen-terms')).toHaveText(/^Terms \d+(\.\d+)?% · 30-year fixed$/)
		const [scrollWidth, clientWidth] = await table.evaluate((element) => [element.scrollWidth, element.clientWidth])
		expect(scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(clientWidth)
		await expectFitsScreen(page, 'the leads screen at 1440 px')
		// A phone number and an e-mail address never wrap mid-value: each is one line box (the long address is cut with an
		// ellipsis, the whole of it in its title).
		const email = `maximilian.${lead.lastName.toLowerCase()}@investment-properties-example.com`
		for (const value of [row.getByText(lead.phone, { exact: true }), row.getByTitle(email)])
			expect(await linesOf(value), `lines of ${await value.textContent()}`).toBe(1)
	})

	test('[ADMIN][LEADS][COLUMNS]: a manager hides and reorders columns, and finds them so after a reload; property value sorts', async ({
		page,
		browser,
	}) => {
		// Inviting a colleague goes through an e-mail and a password page.
		test.setTimeout(120_000)
		await signInQuickly(page)
		// A new manager of their own: column choices are per user.
		const { page: manager } = await inviteColleague(page, browser, 'moderator', 'Column Chooser', {
			viewport: { width: 1440, height: 900 },
		})
		await openHydrated(manager, '/dashboard/leads')
		await expect(headers(manager)).toHaveText(['', ...SPEC_HEADERS])
		await manager.getByRole('button', { name: 'Columns' }).click()
		await manager.getByRole('checkbox', { name: 'Phone' }).uncheck()
		// The keyboard works the list: focus stays on the control just used.
		await expect(manager.getByRole('checkbox', { name: 'Phone' })).toBeFocused()
		await manager.getByRole('button', { name: 'Move Property Value up' }).click()
		await manager.getByRole('button', { name: 'Move Form Status up' }).focus()
		await manager.keyboard.press('Enter')
		await expect(manager.getByRole('button', { name: 'Move Form Status up' })).toBeFocused()
		await manager.keyboard.press('Escape')
		const chosen = [
			'',
			'Date',
			'First Name',
			'Last Name',
			'Email',
			'Loan Type',
			'Property Type',
			'Property Value',
			'Transaction Type',
			'Form Status',
			'Status',
			'Assigned',
			'Actions',
		]
		await expect(headers(manager)).toHaveText(chosen)
		await manager.reload()
		await expect(headers(manager)).toHaveText(chosen)
		// The admin's own table is untouched.
		await openHydrated(page, '/dashboard/leads')
		await expect(headers(page).getByText('Phone', { exact: true })).toBeVisible()

		await manager.getByRole('link', { name: 'Property Value' }).click()
		await expect(manager).toHaveURL(/sort=value-high/)
		await expect(manager.getByRole('columnheader', { name: 'Property Value' })).toHaveAttribute('aria-sort', 'descending')
		await manager.close()
	})
})

test.describe('[ADMIN][LEADS][PHONE] @phone-only', () => {
	test('[ADMIN][LEADS][PHONE]: leads are cards with their actions on screen, and nothing scrolls sideways', async ({ page, request }) => {
		test.setTimeout(90_000)
		const lead = uniqueLead('Pocketson')
		const name = `Maximilian ${lead.lastName}`
		await submitLead(request, lead)
		await signInQuickly(page)
		await openHydrated(page, `/dashboard/leads?search=${lead.lastName}`)
		await expect(page.getByTestId('leads-table')).toBeHidden()
		const card = page.getByTestId('lead-card')
		await expect(card).toHaveCount(1)
		for (const text of [name, lead.phone, 'DSCR', 'New', 'Short Form', '$1,250,000', 'Date', 'Loan $200,000', 'Terms —'])
			await expect(card).toContainText(text)
		const width = page.viewportSize()!.width
		for (const action of [
			card.getByRole('link', { name: `View details of ${name}` }),
			card.getByRole('combobox', { name: `Status of ${name}` }),
		]) {
			// Scrolled to (the card is below the filters), the action is wholly on screen.
			await action.scrollIntoViewIfNeeded()
			await expect(action).toBeInViewport({ ratio: 1 })
			const box = (await action.boundingBox())!
			expect(box.x >= 0 && box.x + box.width <= width).toBe(true)
		}
		await expectFitsScreen(page, 'the leads screen on a phone')
		await card.getByRole('link', { name: `View details of ${name}` }).click()
		await expect(page.getByRole('dialog', { name: /Lead Details/ })).toBeVisible()
	})
})
