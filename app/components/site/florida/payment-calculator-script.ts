import { mortgageFunctions } from '#app/features/calculator/mortgage.ts'
import { floridaCalculatorFunctions, type PaymentInputs } from '#app/features/florida/florida-calculator.ts'
import { calculatorMoneyFunctions } from '#app/features/money/money.ts'

/**
 * The Florida page without React (docs/decisions/0037): the payment calculator rendered by
 * `PaymentCalculator` updates as the visitor types, and a cleared or unreadable field shows the empty state
 * the server rendered into a `<template>`. Serialised with `Function.prototype.toString` into the page's
 * inline script, so it uses no name declared outside its body; the payment and the formatter are passed in,
 * the same `floridaMonthlyPayment` and `formatDollars`.
 */
function enhancePaymentCalculator(payment: (inputs: PaymentInputs) => number | null, format: (amount: number) => string) {
	const section = document.getElementById('calculator')
	const output = section?.querySelector('[data-testid="monthly-payment"]')
	const empty = section?.querySelector<HTMLTemplateElement>('template[data-payment-empty]')
	const field = (name: keyof PaymentInputs) => document.getElementById(`calculator-${name}`) as HTMLInputElement | null
	const loanAmount = field('loanAmount')
	const interestRate = field('interestRate')
	const termYears = field('termYears')
	if (!section || !output || !empty || !loanAmount || !interestRate || !termYears) return
	const show = () => {
		const value = payment({ loanAmount: loanAmount.value, interestRate: interestRate.value, termYears: termYears.value })
		const shownHint = section.querySelector('[data-testid="monthly-payment-empty"]')
		if (value !== null) {
			// Unchanged text is left alone, so the live region announces only a new figure.
			const text = format(value)
			if (output.textContent !== text) output.textContent = text
			shownHint?.remove()
			return
		}
		if (shownHint) return
		const parts = empty.content.cloneNode(true) as DocumentFragment
		const hint = parts.querySelector('[data-testid="monthly-payment-empty"]')
		hint?.remove()
		output.replaceChildren(parts)
		if (hint) output.after(hint)
	}
	section.addEventListener('input', show)
	// A reload or Back can restore typed values: the payment follows them.
	show()
}

export const paymentCalculatorScript =
	`(function(){var money=(${calculatorMoneyFunctions})(),mortgage=(${mortgageFunctions})();` +
	`(${enhancePaymentCalculator})((${floridaCalculatorFunctions})(money.parseNumberText,mortgage.monthlyPayment).floridaMonthlyPayment,money.formatDollars)})()`
