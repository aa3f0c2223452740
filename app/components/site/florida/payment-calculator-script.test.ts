import { describe, expect, test } from 'vitest'
import { floridaCalculatorDefaults, floridaMonthlyPayment, type PaymentInputs } from '#app/features/florida/florida-calculator.ts'
import { formatDollars } from '#app/features/money/money.ts'
import { paymentCalculatorScript } from './payment-calculator-script.ts'

const HINT = '[data-testid="monthly-payment-empty"]'

/**
 * The few DOM parts the script touches, as the server renders them: three inputs with the defaults, the
 * output with the default payment, and the `<template>` of the empty state. Only the names passed in exist,
 * so a serialised function that reached for a name outside its body would throw.
 */
function fakeCalculator(start: PaymentInputs = floridaCalculatorDefaults({ minRate: 5.875, maxTermMonths: 360 })) {
	const listeners: Array<() => void> = []
	const inputs = Object.fromEntries(Object.entries(start).map(([name, value]) => [`calculator-${name}`, { value }]))
	let hint: { remove: () => void } | null = null
	const emptyHint = () => {
		const element = {
			text: 'Enter a loan amount, an interest rate and a term to see the payment.',
			remove: () => {
				if (hint === element) hint = null
			},
		}
		return element
	}
	const output = {
		textContent: formatDollars(floridaMonthlyPayment(start) ?? 0),
		replaceChildren(parts: { figure: string }) {
			this.textContent = parts.figure
		},
		after(element: { remove: () => void }) {
			hint = element
		},
	}
	const template = {
		content: {
			cloneNode: () => {
				const element = emptyHint()
				return { figure: '—No estimate yet', querySelector: (selector: string) => (selector === HINT ? element : null) }
			},
		},
	}
	const section = {
		querySelector: (selector: string) =>
			({ '[data-testid="monthly-payment"]': output, 'template[data-payment-empty]': template, [HINT]: hint })[selector] ?? null,
		addEventListener: (type: string, listener: () => void) => type === 'input' && listeners.push(listener),
	}
	const document = { getElementById: (id: string) => (id === 'calculator' ? section : (inputs[id] ?? null)) }
	new Function('document', paymentCalculatorScript)(document)
	const type = (name: keyof PaymentInputs, value: string) => {
		inputs[`calculator-${name}`]!.value = value
		for (const listener of listeners) listener()
	}
	return { output, type, hint: () => hint }
}

describe('the Florida payment calculator without React (docs/decisions/0037)', () => {
	test('typing shows the payment the shared floridaMonthlyPayment and formatDollars give', () => {
		const calculator = fakeCalculator()
		expect(calculator.output.textContent).toBe('$2,366')
		const typed: PaymentInputs = { loanAmount: '200,000', interestRate: '5.875', termYears: '30' }
		calculator.type('loanAmount', typed.loanAmount)
		expect(calculator.output.textContent).toBe('$1,183')
		for (const [rate, years] of [
			['7.25%', '30'],
			['0', '15'],
			['6.5', '25.5'],
		] as const) {
			calculator.type('interestRate', rate)
			calculator.type('termYears', years)
			const expected = floridaMonthlyPayment({ loanAmount: typed.loanAmount, interestRate: rate, termYears: years })
			expect(expected).not.toBeNull()
			expect(calculator.output.textContent).toBe(formatDollars(expected!))
		}
		expect(calculator.hint()).toBeNull()
	})

	test('a cleared or unreadable field shows the empty state, never the last payment, and a readable one brings the payment back', () => {
		const calculator = fakeCalculator()
		calculator.type('loanAmount', '')
		expect(calculator.output.textContent).toBe('—No estimate yet')
		expect(calculator.hint()).not.toBeNull()
		const shownHint = calculator.hint()
		// Still empty: the same hint stays, not a second one.
		calculator.type('interestRate', 'abc')
		expect(calculator.hint()).toBe(shownHint)
		calculator.type('loanAmount', '200,000')
		calculator.type('interestRate', '5.875')
		expect(calculator.output.textContent).toBe('$1,183')
		expect(calculator.hint()).toBeNull()
	})

	test('values the browser restored on a reload are shown at once', () => {
		const restored = fakeCalculator({ loanAmount: '', interestRate: '5.875', termYears: '30' })
		expect(restored.output.textContent).toBe('—No estimate yet')
		expect(restored.hint()).not.toBeNull()
	})
})
