import type { Page } from '@playwright/test'
import { expect, openReady, scriptRequests, test } from './fixtures.ts'

// "What could I borrow": the largest DSCR loan for a rent and a value at the seeded rate sheet's rates (decision 0072).
// Rent $3,500 on a $500,000 purchase, best band (800+): 75 % of the rent ($2,625) counts, so PITIA may be at most
// $2,625; taxes $500.00 and insurance $208.33 a month leave $1,916.67 for principal and interest. At 62.2 % LTV the
// rate is 6.125 − 0.125 (800+, 60-65 %) + 0.250 (DSCR 1.00-1.20) = 6.250 %: $311,000 pays $1,914.88 (PITIA $2,623.21,
// DSCR 1.00) and $312,000 would pay $1,921.04, over it.
async function ask(page: Page, fields: { rent: string; value: string; purpose?: string; fico?: string; type?: string }) {
	const form = page.locator('#borrow-form')
	await form.getByLabel('Rent per month ($)').fill(fields.rent)
	await form.getByLabel('Property value ($)').fill(fields.value)
	if (fields.purpose) await form.getByLabel('Purpose').selectOption({ label: fields.purpose })
	if (fields.fico) await form.getByLabel('Credit score (optional)').selectOption({ label: fields.fico })
	if (fields.type) await form.getByLabel('Property type').selectOption({ label: fields.type })
	await form.getByRole('button', { name: 'Show my largest loan' }).click()
}

const answer = (page: Page) => page.getByRole('region', { name: 'Your largest loan' })

async function expectLargestLoan(page: Page) {
	const result = answer(page)
	await expect(result.getByTestId('borrow-max-loan')).toHaveText('$311,000')
	await expect(result.getByTestId('borrow-rate')).toHaveText('6.25%')
	await expect(result.getByTestId('borrow-payment')).toHaveText('$1,914.88')
	await expect(result.getByTestId('borrow-dscr')).toHaveText('1.00')
	await expect(result.getByTestId('borrow-ltv')).toHaveText('62.20%')
	await expect(result.getByTestId('borrow-assumptions')).toContainText('The DSCR counts 75 % of the rent ($2,625 of $3,500)')
	await expect(result.getByTestId('borrow-notice')).toContainText('Indicative terms, not a commitment to lend.')
	await expect(result.getByTestId('borrow-assumptions')).toContainText('A FICO score of 800+ (the best credit band')
	await expect(result.getByTestId('borrow-assumptions')).toContainText('A 30-year fixed rate')
	// The wizard is prefilled with the rent, the value and the purpose asked with (docs/decisions/0075).
	await expect(result.getByRole('link', { name: 'Get your quote' })).toHaveAttribute(
		'href',
		'/fast-quote?program=dscr&rent=3500&value=500000&purpose=purchase',
	)
}

test.describe('What could I borrow, without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('[PUBLIC][CALCULATOR]: the server answers the GET form with the largest loan, its rate, payment, DSCR and LTV', async ({ page }) => {
		await page.goto('/dscr-calculator')
		await ask(page, { rent: '3,500', value: '$500,000' })
		await expect(page).toHaveURL(/borrowRent=3%2C500&borrowValue=%24500%2C000/)
		await expectLargestLoan(page)
		// The fields keep what was typed.
		await expect(page.locator('#borrow-form').getByLabel('Rent per month ($)')).toHaveValue('3,500')
	})

	test('[PUBLIC][CALCULATOR]: a rent too low for any loan says why; a typed word is refused with its message', async ({ page }) => {
		await page.goto('/dscr-calculator')
		await ask(page, { rent: '900', value: '500000' })
		// $675 counted against the smallest loan's PITIA ($75,000 at 6.375 %: $467.90 + $708.33 = $1,176.23): 0.57.
		await expect(answer(page).getByTestId('borrow-failures')).toContainText('A DSCR of 0.57 is below our minimum of 1.00')
		await expect(answer(page).getByTestId('borrow-failures')).toContainText('True No Ratio')
		await expect(answer(page).getByTestId('borrow-max-loan')).toHaveCount(0)
		await ask(page, { rent: 'lots', value: '500000' })
		await expect(page.getByText('Enter the monthly rent, such as 3,500')).toBeVisible()
		await expect(page.locator('#borrow-form').getByLabel('Rent per month ($)')).toHaveAttribute('aria-invalid', 'true')
	})
})

test.describe('What could I borrow', () => {
	test('[PUBLIC][CALCULATOR]: the answer loads no script file, and a credit band and purpose change it', async ({ page }) => {
		const scripts = scriptRequests(page)
		await openReady(page, '/dscr-calculator')
		await ask(page, { rent: '3500', value: '500000' })
		await expectLargestLoan(page)
		await expect(answer(page)).toBeInViewport()

		// Cash-out refinance at 700-719, priced for that band: below 60 % LTV 6.125 − 0.250 + 0.375 (cash-out) + 0.250 (DSCR
		// 1.00-1.20) = 6.500 %, and $299,000 pays $1,889.88; at 60 % the cell is 0.000 and 6.750 % is over the $1,916.67.
		await ask(page, { rent: '3500', value: '500000', purpose: 'Cash-out refinance', fico: '700 - 719' })
		await expect(answer(page).getByTestId('borrow-max-loan')).toHaveText('$299,000')
		await expect(answer(page).getByTestId('borrow-rate')).toHaveText('6.5%')
		await expect(answer(page).getByTestId('borrow-assumptions')).toContainText('A FICO score of 700 - 719')
		await expect(page.locator('#borrow-form').getByLabel('Purpose')).toHaveValue('cash-out')

		await ask(page, { rent: '3500', value: '500000', type: 'Commercial' })
		await expect(answer(page).getByTestId('borrow-failures')).toContainText('This property type is not financed with a DSCR loan')
		expect(scripts).toEqual([])
	})
})
