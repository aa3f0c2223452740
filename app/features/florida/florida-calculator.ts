import { monthlyPayment } from '#app/features/calculator/mortgage.ts'
import { parseNumberText } from '#app/features/money/money.ts'

export { parseNumberText }

/** The example loan amount the calculator starts from, so the server HTML shows a result. */
export const FLORIDA_CALCULATOR_LOAN_AMOUNT = '400,000'

/**
 * The Florida page's payment calculator starts from a typical cash-out loan at the DSCR product's
 * starting rate and longest term (docs/decisions/0033: a rate the page prints comes from the record).
 */
export function floridaCalculatorDefaults(dscr: { minRate: number; maxTermMonths: number }): PaymentInputs {
	const years = Math.round((dscr.maxTermMonths / 12) * 100) / 100
	return { loanAmount: FLORIDA_CALCULATOR_LOAN_AMOUNT, interestRate: String(dscr.minRate), termYears: String(years) }
}

export type PaymentInputs = { loanAmount: string; interestRate: string; termYears: string }

/**
 * Builds the Florida calculator's payment from the shared formula and number reading, passed in (the app's
 * `parseNumberText` and `monthlyPayment`). It is self-contained (it uses no name declared outside its body)
 * so that the page, which ships no JavaScript bundle, runs this very code in its inline script
 * (docs/decisions/0037).
 */
export function floridaCalculatorFunctions(
	parseNumberText: (text: string) => number,
	monthlyPayment: (principal: number, annualRatePercent: number, termMonths: number) => number,
) {
	/**
	 * Monthly principal and interest for the typed inputs, or null when they do not describe a loan
	 * (the page then shows its empty state, never a stale figure). A 0% rate is allowed.
	 */
	function floridaMonthlyPayment(inputs: PaymentInputs): number | null {
		const loanAmount = parseNumberText(inputs.loanAmount)
		const interestRate = parseNumberText(inputs.interestRate)
		const termYears = parseNumberText(inputs.termYears)
		if (!Number.isFinite(loanAmount) || loanAmount <= 0) return null
		if (!Number.isFinite(interestRate) || interestRate < 0 || interestRate >= 100) return null
		if (!Number.isFinite(termYears) || termYears <= 0 || termYears > 50) return null
		const payment = monthlyPayment(loanAmount, interestRate, Math.round(termYears * 12))
		return Number.isFinite(payment) && payment > 0 ? payment : null
	}

	return { floridaMonthlyPayment }
}

export const { floridaMonthlyPayment } = floridaCalculatorFunctions(parseNumberText, monthlyPayment)
