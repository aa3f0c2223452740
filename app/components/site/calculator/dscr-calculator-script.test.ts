import { describe, expect, test } from 'vitest'
import { calculateDscr, type DscrInputs, formatDscr } from '#app/features/calculator/mortgage.ts'
import { formatDollars } from '#app/features/money/money.ts'
import { dscrCalculatorScript } from './dscr-calculator-script.ts'
import { ratingClasses } from './dscr-result.tsx'

type Fields = Record<keyof DscrInputs, string>

/**
 * The few DOM parts the script touches: the form, the results section with the server's prompt and the
 * `<template>` of the result, or with a result already shown. Only the names passed in exist, so a
 * serialised function that reached for a name outside its body would throw.
 */
function fakeCalculator({ shown = false } = {}) {
	let submit: ((event: { preventDefault: () => void }) => void) | undefined
	const fields: Partial<Fields> = {}
	const form = {
		addEventListener: (type: string, listener: typeof submit) => {
			if (type === 'submit') submit = listener
		},
	}
	class FormData {
		get(name: keyof DscrInputs) {
			return fields[name] ?? ''
		}
	}
	const cell = () => ({ textContent: '', className: '' })
	const list = () => {
		const cells = { 'dscr-payment': cell(), 'dscr-value': cell(), 'dscr-rating': cell() }
		return { cells, querySelector: (selector: string) => cells[/data-testid="([^"]+)"/.exec(selector)![1] as keyof typeof cells] ?? null }
	}
	const page = { prompt: !shown, list: shown ? list() : null }
	const template = {
		content: {
			cloneNode: () => ({
				list: list(),
				querySelector(selector: string) {
					return selector === 'dl' ? this.list : null
				},
			}),
		},
		before: (parts: { list: ReturnType<typeof list> }) => {
			page.list = parts.list
		},
	}
	const results = {
		querySelector: (selector: string) => {
			if (selector === 'dl') return page.list
			if (selector === 'template') return shown ? null : template
			if (selector === '[data-dscr-prompt]') return page.prompt ? { remove: () => (page.prompt = false) } : null
			return null
		},
	}
	const document = { getElementById: (id: string) => ({ 'dscr-calculator-form': form, 'dscr-results': results })[id] ?? null }
	new Function('document', 'FormData', dscrCalculatorScript)(document, FormData)
	const calculate = (values: Partial<Fields>) => {
		Object.assign(fields, values)
		let prevented = false
		submit!({ preventDefault: () => (prevented = true) })
		return prevented
	}
	const shownResult = () =>
		page.list && {
			payment: page.list.cells['dscr-payment'].textContent,
			dscr: page.list.cells['dscr-value'].textContent,
			rating: page.list.cells['dscr-rating'].textContent,
			ratingClass: page.list.cells['dscr-rating'].className,
		}
	return { calculate, page, shownResult }
}

const excellent: Fields = { monthlyRent: '4000', loanAmount: '400000', interestRate: '7', loanTermYears: '30', monthlyExpenses: '500' }

/** What the hydrated page showed for these inputs, from the shared functions. */
function expected(fields: Fields) {
	const result = calculateDscr({
		monthlyRent: Number(fields.monthlyRent.replace(/[$,]/g, '')),
		loanAmount: Number(fields.loanAmount.replace(/[$,]/g, '')),
		interestRate: Number(fields.interestRate),
		loanTermYears: Number(fields.loanTermYears),
		monthlyExpenses: Number(fields.monthlyExpenses),
	})!
	return {
		payment: formatDollars(result.monthlyPayment, { cents: 'always' }),
		dscr: formatDscr(result.dscr),
		rating: result.rating,
		ratingClass: ratingClasses[result.rating],
	}
}

describe('the DSCR calculator without React (docs/decisions/0037)', () => {
	test('Calculate DSCR shows the first result in place of the prompt, from the shared calculateDscr, without sending the form', () => {
		const calculator = fakeCalculator()
		expect(calculator.calculate(excellent)).toBe(true)
		expect(calculator.page.prompt).toBe(false)
		expect(calculator.shownResult()).toEqual(expected(excellent))
		expect(calculator.shownResult()).toMatchObject({ dscr: '1.32', rating: 'Excellent' })
	})

	test('a later result replaces the shown one, ratings and their colours included; amounts may carry $, commas and cents', () => {
		const calculator = fakeCalculator({ shown: true })
		for (const fields of [
			{ ...excellent, monthlyRent: '3000', monthlyExpenses: '300' },
			{ ...excellent, monthlyRent: '2500' },
			{ ...excellent, monthlyRent: '$3,410.50', loanAmount: '$400,000', monthlyExpenses: '250.25' },
			{ ...excellent, monthlyRent: '3325.70', monthlyExpenses: '0' },
		]) {
			calculator.calculate(fields)
			expect(calculator.shownResult()).toEqual(expected(fields))
		}
		expect(calculator.shownResult()).toMatchObject({ dscr: '1.25', rating: 'Excellent' })
	})

	test('with an empty or zero input nothing changes and the form is not sent', () => {
		const calculator = fakeCalculator()
		calculator.calculate(excellent)
		const before = calculator.shownResult()
		for (const change of [{ monthlyRent: '' }, { monthlyRent: '3000', loanAmount: '0' }, { loanAmount: '400000', interestRate: '' }]) {
			expect(calculator.calculate(change)).toBe(true)
			expect(calculator.shownResult()).toEqual(before)
		}
		const untouched = fakeCalculator()
		untouched.calculate({ ...excellent, loanTermYears: '0' })
		expect(untouched.page).toEqual({ prompt: true, list: null })
	})
})
