import { describe, expect, test } from 'vitest'
import { loader } from './dscr-calculator.tsx'

// Without JavaScript the calculator form is a GET and the server calculates (spec 1 §5).
const calculate = (query: Record<string, string>) =>
	loader({ request: new Request(`http://localhost/dscr-calculator?${new URLSearchParams(query)}`) } as never)

const inputs = { monthlyRent: '3410.50', loanAmount: '400000', interestRate: '7', loanTermYears: '30', monthlyExpenses: '250.25' }

describe('DSCR calculator without JavaScript', () => {
	test('accepts amounts in cents', () => {
		const { result } = calculate(inputs)
		expect(result).not.toBeNull()
		expect(result!.dscr).toBeCloseTo((3410.5 - 250.25) / 2661.21, 4)
		expect(result!.rating).toBe('Good')
	})

	test('reads amounts typed with a dollar sign and commas', () => {
		const { result } = calculate({ ...inputs, monthlyRent: '$3,410.50', loanAmount: '$400,000.00' })
		expect(result!.dscr).toBeCloseTo((3410.5 - 250.25) / 2661.21, 4)
	})

	test('rates the ratio it shows: 1.2497 is shown as 1.25 and rated Excellent', () => {
		const { result } = calculate({ ...inputs, monthlyRent: '3325.70', monthlyExpenses: '0' })
		expect(result!.dscr).toBeLessThan(1.25)
		expect(result!.rating).toBe('Excellent')
	})

	test('an empty field means no result', () => {
		expect(calculate({ ...inputs, monthlyRent: '' }).result).toBeNull()
	})
})
