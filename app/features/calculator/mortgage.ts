export type DscrInputs = {
	monthlyRent: number
	loanAmount: number
	interestRate: number
	loanTermYears: number
	monthlyExpenses: number
}

export type DscrRating = 'Excellent' | 'Good' | 'Needs Improvement'

export type DscrResult = { monthlyPayment: number; dscr: number; rating: DscrRating }

/**
 * Builds the payment and DSCR formulas. It is self-contained (it uses no name declared outside its body) so
 * that a page without a JavaScript bundle runs this very code in its inline script (docs/decisions/0037).
 */
export function mortgageFunctions() {
	/** Monthly payment of a fully amortising loan (annuity formula). spec 1 §5 and §9. */
	function monthlyPayment(principal: number, annualRatePercent: number, termMonths: number) {
		const monthlyRate = annualRatePercent / 100 / 12
		if (monthlyRate === 0) return principal / termMonths
		const growth = (1 + monthlyRate) ** termMonths
		return (principal * monthlyRate * growth) / (growth - 1)
	}

	/** spec 1 §5: 1.25 or more Excellent; 1.0 to under 1.25 Good; below 1.0 Needs Improvement. */
	function dscrRating(dscr: number): DscrRating {
		if (dscr >= 1.25) return 'Excellent'
		if (dscr >= 1.0) return 'Good'
		return 'Needs Improvement'
	}

	/** DSCR shown to 2 decimals (never "-0.00"). */
	function formatDscr(dscr: number) {
		const shown = dscr.toFixed(2)
		return Number(shown) === 0 ? '0.00' : shown
	}

	/**
	 * spec 1 §5: runs only when rent, loan amount, rate and term are non-zero numbers and expenses are
	 * zero or more; otherwise returns null (and the page shows nothing new).
	 */
	function calculateDscr(inputs: DscrInputs): DscrResult | null {
		const { monthlyRent, loanAmount, interestRate, loanTermYears, monthlyExpenses } = inputs
		const nonZero = [monthlyRent, loanAmount, interestRate, loanTermYears].every((value) => Number.isFinite(value) && value !== 0)
		if (!nonZero || !Number.isFinite(monthlyExpenses) || monthlyExpenses < 0) return null
		const payment = monthlyPayment(loanAmount, interestRate, loanTermYears * 12)
		if (!Number.isFinite(payment) || payment === 0) return null
		const dscr = (monthlyRent - monthlyExpenses) / payment
		// The rating agrees with the figure shown: 1.2497 shows 1.25 and rates Excellent, not Good.
		return { monthlyPayment: payment, dscr, rating: dscrRating(Number(formatDscr(dscr))) }
	}

	/**
	 * The DSCR calculator's five fields, read from the form (the server's query string or the page's own
	 * form): empty fields are not zero (NaN), so the calculation does not run. `parse` is the calculators'
	 * reading of a typed number (`parseNumberText`), so "$3,410.50" reads as 3410.5.
	 */
	function readDscrInputs(values: (name: keyof DscrInputs) => string | null, parse: (text: string) => number): DscrInputs {
		const read = (name: keyof DscrInputs) => parse(values(name) ?? '')
		return {
			monthlyRent: read('monthlyRent'),
			loanAmount: read('loanAmount'),
			interestRate: read('interestRate'),
			loanTermYears: read('loanTermYears'),
			monthlyExpenses: read('monthlyExpenses'),
		}
	}

	return { monthlyPayment, dscrRating, formatDscr, calculateDscr, readDscrInputs }
}

export const { monthlyPayment, dscrRating, formatDscr, calculateDscr, readDscrInputs } = mortgageFunctions()

/** spec 1 §9: the home page's estimate panel. */
export const ESTIMATE_PANEL = {
	termMonths: 360,
	sliderMin: 100_000,
	sliderMax: 2_000_000,
	sliderStep: 25_000,
	defaultLoanAmount: 500_000,
} as const
