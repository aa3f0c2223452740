import type { Page } from '@playwright/test'
import { annuityPayment, expect, openReady, test } from './fixtures.ts'

type Inputs = { rent: string; loan: string; rate: string; term: string; expenses: string }

async function enter(page: Page, inputs: Partial<Inputs>) {
	const fields: Record<keyof Inputs, RegExp> = {
		rent: /Monthly rent/i,
		loan: /Loan amount/i,
		rate: /Interest rate/i,
		term: /Loan term/i,
		expenses: /Monthly expenses/i,
	}
	for (const [name, value] of Object.entries(inputs) as [keyof Inputs, string][]) await page.getByLabel(fields[name]).fill(value)
}

const calculate = (page: Page) => page.getByRole('button', { name: 'Calculate DSCR' }).click()
const results = (page: Page) => page.getByRole('region', { name: 'Results' })

// spec 1 §5: DSCR = (rent - expenses) / annuity payment, to 2 decimals.
function expected(inputs: Inputs) {
	const payment = annuityPayment(Number(inputs.loan), Number(inputs.rate), Number(inputs.term) * 12)
	return { payment, dscr: ((Number(inputs.rent) - Number(inputs.expenses)) / payment).toFixed(2) }
}
const paymentText = (payment: number) => payment.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 0 })

const excellent: Inputs = { rent: '4000', loan: '400000', rate: '7', term: '30', expenses: '500' }

test.describe('DSCR calculator without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('[PUBLIC][CALCULATOR]: the server calculates amounts in cents', async ({ page }) => {
		await page.goto('/dscr-calculator')
		await enter(page, { ...excellent, rent: '3410.50', expenses: '250.25' })
		await calculate(page)
		await expect(page.getByTestId('dscr-value')).toHaveText('1.19')
		await expect(page.getByTestId('dscr-rating')).toHaveText('Good')
	})
})

test.describe('DSCR calculator', () => {
	test.beforeEach(async ({ page }) => {
		await openReady(page, '/dscr-calculator')
	})

	test('[PUBLIC][CALCULATOR]: calculates the DSCR of a rental that rates Excellent', async ({ page }) => {
		await enter(page, excellent)
		await calculate(page)
		const { payment, dscr } = expected(excellent)
		expect(dscr).toBe('1.32')
		await expect(results(page)).toContainText(`$${paymentText(payment)}`)
		await expect(results(page)).toContainText(dscr)
		await expect(results(page)).toContainText('Excellent')
	})

	test('[PUBLIC][CALCULATOR]: sees a Good rating and then a Needs Improvement rating', async ({ page }) => {
		const good = { ...excellent, rent: '3000', expenses: '300' }
		await enter(page, good)
		await calculate(page)
		expect(expected(good).dscr).toBe('1.01')
		await expect(results(page)).toContainText('1.01')
		await expect(results(page)).toContainText('Good')

		const weak = { ...excellent, rent: '2500', expenses: '500' }
		await enter(page, weak)
		await calculate(page)
		expect(expected(weak).dscr).toBe('0.75')
		await expect(results(page)).toContainText('0.75')
		await expect(results(page)).toContainText('Needs Improvement')
	})

	test('[PUBLIC][CALCULATOR]: with an empty or zero input, Calculate changes nothing and shows no message', async ({ page }) => {
		await enter(page, excellent)
		await calculate(page)
		await expect(results(page)).toContainText('Excellent')
		const before = (await results(page).textContent())!
		const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Calculate DSCR' }) })
		const formTextBefore = (await form.textContent())!

		for (const change of [
			{ rent: '' },
			{ rent: '3000', loan: '0' },
			{ loan: '400000', rate: '' },
			{ rate: '7', term: '0' },
		] as Partial<Inputs>[]) {
			// A different rent would change the result if the calculation ran.
			await enter(page, change)
			await calculate(page)
			await expect(results(page)).toHaveText(before)
			await expect(form).toHaveText(formTextBefore)
			await expect(page.getByRole('alert')).toHaveCount(0)
			await expect(page).toHaveURL('/dscr-calculator')
		}
	})

	test('[PUBLIC][CALCULATOR]: the rating agrees with the DSCR shown, rounded to 2 decimals', async ({ page }) => {
		// Raw 1.2497 and 0.9997: shown as 1.25 and 1.00, so Excellent and Good.
		await enter(page, { ...excellent, rent: '3325.70', expenses: '0' })
		await calculate(page)
		await expect(page.getByTestId('dscr-value')).toHaveText('1.25')
		await expect(page.getByTestId('dscr-rating')).toHaveText('Excellent')

		await enter(page, { rent: '2660.41' })
		await calculate(page)
		await expect(page.getByTestId('dscr-value')).toHaveText('1.00')
		await expect(page.getByTestId('dscr-rating')).toHaveText('Good')
	})

	test('[PUBLIC][CALCULATOR]: accepts rent and expenses in cents', async ({ page }) => {
		const withCents = { ...excellent, rent: '3410.50', expenses: '250.25' }
		await enter(page, withCents)
		await calculate(page)
		const dscr = ((3410.5 - 250.25) / expected(withCents).payment).toFixed(2)
		expect(dscr).toBe('1.19')
		await expect(page.getByTestId('dscr-value')).toHaveText(dscr)
		await expect(page.getByTestId('dscr-rating')).toHaveText('Good')
	})

	test('[PUBLIC][CALCULATOR]: goes back to the home page', async ({ page }) => {
		await page.getByRole('link', { name: 'Back to Home' }).click()
		await expect(page).toHaveURL('/')
	})
})
