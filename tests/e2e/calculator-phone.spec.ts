import type { Page } from '@playwright/test'
import { expect, openReady, test } from './fixtures.ts'

// The DSCR calculator on a 390 px phone (docs/decisions/0075): the result comes into view, "What could I borrow?" keeps
// the calculator's inputs and result, its selects show their whole text, and Complete Quote Form carries the rent and the
// value into the wizard.

const calculator = { monthlyRent: '4000', loanAmount: '400000', interestRate: '7', loanTermYears: '30', monthlyExpenses: '500' }
const labels: Record<keyof typeof calculator, RegExp> = {
	monthlyRent: /Monthly rent/i,
	loanAmount: /Loan amount/i,
	interestRate: /Interest rate/i,
	loanTermYears: /Loan term/i,
	monthlyExpenses: /Monthly expenses/i,
}
const calculatorForm = (page: Page) => page.locator('#dscr-calculator-form')

async function calculate(page: Page) {
	for (const [name, value] of Object.entries(calculator) as [keyof typeof calculator, string][])
		await calculatorForm(page).getByLabel(labels[name]).fill(value)
	// As a thumb reaches it: the button at the bottom of the screen, what is below it out of sight.
	const button = page.getByRole('button', { name: 'Calculate DSCR' })
	await button.evaluate((element) => element.scrollIntoView({ block: 'end' }))
	await button.click()
	// (4,000 − 500) ÷ $2,661.21 = 1.32 (spec 1 §5).
	await expect(page.getByTestId('dscr-value')).toHaveText('1.32')
}

async function askBorrow(page: Page) {
	const form = page.locator('#borrow-form')
	await form.getByLabel('Rent per month ($)').fill('3,500')
	await form.getByLabel('Property value ($)').fill('$500,000')
	await form.getByRole('button', { name: 'Show my largest loan' }).click()
	// The seeded sheet's largest loan for this rent and value (calculator-borrow.spec.ts works it by hand).
	await expect(page.getByTestId('borrow-max-loan')).toHaveText('$311,000')
}

async function expectCalculatorKept(page: Page) {
	for (const [name, value] of Object.entries(calculator) as [keyof typeof calculator, string][])
		await expect(calculatorForm(page).getByLabel(labels[name])).toHaveValue(value)
	await expect(page.getByTestId('dscr-value')).toHaveText('1.32')
}

test.describe('the DSCR calculator on a phone', { tag: '@phone-only' }, () => {
	test('[PUBLIC][CALCULATOR]: the result comes into view after Calculate DSCR', async ({ page }) => {
		await openReady(page, '/dscr-calculator')
		await calculate(page)
		await expect(page.getByRole('heading', { name: 'Results' })).toBeInViewport({ ratio: 1 })
		await expect(page.getByTestId('dscr-value')).toBeInViewport({ ratio: 1 })
		await expect(page.getByTestId('dscr-rating')).toBeInViewport({ ratio: 1 })
	})

	test('[PUBLIC][CALCULATOR]: "What could I borrow?" keeps the calculator’s inputs and result', async ({ page }) => {
		await openReady(page, '/dscr-calculator')
		await calculate(page)
		await askBorrow(page)
		await expectCalculatorKept(page)
		// Calculating again keeps the answer to "What could I borrow?" as well.
		await page.getByRole('button', { name: 'Calculate DSCR' }).click()
		await expect(page.getByTestId('borrow-max-loan')).toHaveText('$311,000')
	})

	test('[PUBLIC][CALCULATOR]: every choice of the selects shows its whole text', async ({ page }) => {
		await openReady(page, '/dscr-calculator')
		const selects = page.locator('#borrow-form select')
		await expect(selects).toHaveCount(3)
		for (const select of await selects.all()) {
			const cut = await select.evaluate((element: HTMLSelectElement) => {
				const style = getComputedStyle(element)
				const canvas = document.createElement('canvas').getContext('2d')!
				canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
				// The text runs between the padding, and the arrow takes about a character's width at the end.
				const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 20
				return Array.from(element.options)
					.filter((option) => canvas.measureText(option.text).width > room)
					.map((option) => option.text)
			})
			expect(cut, `options of ${await select.getAttribute('name')} wider than the select`).toEqual([])
		}
	})

	test('[PUBLIC][CALCULATOR]: Complete Quote Form carries the rent, the value and the purpose into the wizard', async ({ page }) => {
		await page.goto('/')
		await page.evaluate(() => localStorage.clear())
		await openReady(page, '/dscr-calculator')
		await calculate(page)
		await askBorrow(page)
		await page.getByRole('link', { name: 'Complete Quote Form' }).click()
		await expect(page).toHaveURL(/\/fast-quote/)
		await expect(page.locator('main[data-restored="true"]')).toBeVisible()
		await expect(page.getByRole('radio', { name: /DSCR Loan/ })).toBeChecked()
		// The calculator's rent (4,000), and the value and purpose "What could I borrow?" was asked with.
		await expect
			.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('loan-form') ?? '{}')))
			.toMatchObject({ loanProgram: 'dscr', estimatedMonthlyRent: '4000', transactionType: 'purchase', purchasePrice: '500000' })
		// The link's figures are read once: a reload does not apply them again.
		await expect(page).toHaveURL(/\/fast-quote$/)
	})
})

test.describe('the DSCR calculator on a phone, without JavaScript', { tag: '@phone-only' }, () => {
	test.use({ javaScriptEnabled: false })

	test('[PUBLIC][CALCULATOR]: the answer lands on the result, and each form keeps the other’s figures', async ({ page }) => {
		await page.goto('/dscr-calculator')
		await calculate(page)
		await expect(page).toHaveURL(/#dscr-results$/)
		await expect(page.getByTestId('dscr-value')).toBeInViewport({ ratio: 1 })
		await askBorrow(page)
		await expectCalculatorKept(page)
		await page.getByRole('button', { name: 'Calculate DSCR' }).click()
		await expect(page.getByTestId('borrow-max-loan')).toHaveText('$311,000')
		await expect(page.getByRole('link', { name: 'Complete Quote Form' })).toHaveAttribute(
			'href',
			'/fast-quote?program=dscr&rent=4000&value=500000&purpose=purchase',
		)
	})
})
