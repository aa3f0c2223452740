import { type DscrRating, mortgageFunctions } from '#app/features/calculator/mortgage.ts'
import { scriptLiteral } from '#app/features/hydration/page-scripts.tsx'
import { calculatorMoneyFunctions } from '#app/features/money/money.ts'
import { ratingClasses } from './dscr-result.tsx'

/**
 * The DSCR calculator without React (docs/decisions/0037): Calculate DSCR computes the result in the page
 * instead of sending the GET form, as the hydrated page did, and with invalid inputs nothing happens and no
 * message is shown (spec 1 §5). The result is brought into view, Complete Quote Form carries the rent, and "What
 * could I borrow?" carries the calculator's inputs through its reload (docs/decisions/0075). The first result is the server's `<template>` of `DscrResultList`, filled in.
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
		// docs/decisions/0075: Complete Quote Form carries the rent into the wizard.
		const quote = document.getElementById('calculator-quote')
		const href = quote?.getAttribute('href') ?? ''
		const rent = money.parseNumberText(String(data.get('monthlyRent') ?? ''))
		if (quote && href.startsWith('/fast-quote') && rent > 0) {
			const url = new URL(href, 'https://wizard.invalid')
			url.searchParams.set('rent', String(rent))
			quote.setAttribute('href', `${url.pathname}${url.search}`)
		}
		// On a phone the result is below the form: bring it into view.
		if (typeof results.getBoundingClientRect === 'function' && typeof results.scrollIntoView === 'function') {
			const box = results.getBoundingClientRect()
			if (box.top < 0 || box.bottom > document.documentElement.clientHeight)
				results.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })
		}
	})
	// "What could I borrow?" reloads the page: it carries the calculator's inputs, so they and their result stay.
	const borrow = document.getElementById('borrow-form') as HTMLFormElement | null
	borrow?.addEventListener('submit', () => {
		for (const carried of Array.from(borrow.querySelectorAll<HTMLInputElement>('input[data-carried]'))) {
			const source = form.elements.namedItem(carried.name)
			carried.value = source instanceof HTMLInputElement ? source.value : ''
			carried.disabled = carried.value === ''
		}
	})
}

export const dscrCalculatorScript = `(${enhanceDscrCalculator})((${calculatorMoneyFunctions})(),(${mortgageFunctions})(),${scriptLiteral(ratingClasses)})`
