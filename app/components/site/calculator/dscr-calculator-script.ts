import { type DscrRating, mortgageFunctions } from '#app/features/calculator/mortgage.ts'
import { scriptLiteral } from '#app/features/hydration/page-scripts.tsx'
import { calculatorMoneyFunctions } from '#app/features/money/money.ts'
import { ratingClasses } from './dscr-result.tsx'

/**
 * The DSCR calculator without React (docs/decisions/0037): Calculate DSCR computes the result in the page
 * instead of sending the GET form, as the hydrated page did, and with invalid inputs nothing happens and no
 * message is shown (spec 1 §5). The first result is the server's `<template>` of `DscrResultList`, filled in.
 * Serialised with `Function.prototype.toString` into the page's inline script, so it uses no name declared
 * outside its body; the formulas are passed in, the same `calculateDscr`, `formatDscr`, `readDscrInputs`,
 * `parseNumberText` and `formatDollars`.
 */
function enhanceDscrCalculator(
	money: ReturnType<typeof calculatorMoneyFunctions>,
	mortgage: ReturnType<typeof mortgageFunctions>,
	classes: Record<DscrRating, string>,
) {
	const form = document.getElementById('dscr-calculator-form') as HTMLFormElement | null
	const results = document.getElementById('dscr-results')
	if (!form || !results) return
	form.addEventListener('submit', (event) => {
		event.preventDefault()
		const data = new FormData(form)
		const result = mortgage.calculateDscr(mortgage.readDscrInputs((name) => data.get(name) as string | null, money.parseNumberText))
		if (!result) return
		let list = results.querySelector('dl')
		if (!list) {
			const template = results.querySelector('template')
			if (!template) return
			const parts = template.content.cloneNode(true) as DocumentFragment
			list = parts.querySelector('dl')
			if (!list) return
			results.querySelector('[data-dscr-prompt]')?.remove()
			template.before(parts)
		}
		const field = (testId: string) => list.querySelector(`[data-testid="${testId}"]`)
		const payment = field('dscr-payment')
		const dscr = field('dscr-value')
		const rating = field('dscr-rating')
		if (payment) payment.textContent = money.formatDollars(result.monthlyPayment, { cents: 'always' })
		if (dscr) dscr.textContent = mortgage.formatDscr(result.dscr)
		if (rating) {
			rating.textContent = result.rating
			rating.className = classes[result.rating]
		}
	})
}

export const dscrCalculatorScript = `(${enhanceDscrCalculator})((${calculatorMoneyFunctions})(),(${mortgageFunctions})(),${scriptLiteral(ratingClasses)})`
