import Decimal from 'decimal.js'
import { monthlyPayment } from './dscr-pricing.ts'
import type { DscrSheet } from './rate-sheet.ts'

/**
 * The annual percentage rate of a DSCR loan by Regulation Z's actuarial method (12 CFR 1026, appendix J;
 * docs/decisions/0072): the yearly rate, twelve times the monthly one, at which the payments discounted to the start
 * equal the amount financed, the loan less its prepaid finance charges (origination points, points bought, lender
 * fees). An interest-only loan pays its principal with the last payment. Never below the note rate: with no charges
 * it is the rate itself.
 */
export type AprInputs = {
	loanAmount: Decimal.Value
	/** The note rate in percent. */
	ratePercent: Decimal.Value
	termMonths: number
	interestOnly?: boolean
	/** Prepaid finance charges in dollars. */
	financeCharges: Decimal.Value
}

export function annualPercentageRate({ loanAmount, ratePercent, termMonths, interestOnly = false, financeCharges }: AprInputs): string {
	const loan = new Decimal(loanAmount)
	const rate = new Decimal(ratePercent)
	const charges = Decimal.max(0, new Decimal(financeCharges))
	if (loan.lte(0) || charges.isZero()) return rate.toFixed(3)
	const financed = loan.minus(charges)
	if (financed.lte(0)) return rate.toFixed(3)
	const payment = interestOnly
		? loan.mul(rate).div(1200).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
		: termMonths === 360
			? monthlyPayment(loan, rate, false)
			: amortizing(loan, rate, termMonths)
	// What the payments are worth today at a yearly rate (percent); it falls as the rate rises.
	const presentValue = (yearly: Decimal) => {
		const monthly = yearly.div(1200)
		if (monthly.isZero()) return payment.mul(termMonths).plus(interestOnly ? loan : 0)
		const growth = monthly.plus(1).pow(termMonths)
		const annuity = payment.mul(growth.minus(1)).div(monthly.mul(growth))
		return interestOnly ? annuity.plus(loan.div(growth)) : annuity
	}
	// Bisection between the note rate and 100 %: 40 halvings leave an interval far below the 0.0005 % printed.
	let low = rate
	let high = new Decimal(100)
	for (let step = 0; step < 40; step++) {
		const middle = low.plus(high).div(2)
		if (presentValue(middle).gt(financed)) low = middle
		else high = middle
	}
	return Decimal.max(rate, low.plus(high).div(2)).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed(3)
}

function amortizing(loan: Decimal, rate: Decimal, months: number) {
	const monthly = rate.div(1200)
	if (monthly.isZero()) return loan.div(months).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
	const growth = monthly.plus(1).pow(months)
	return loan.mul(monthly).mul(growth).div(growth.minus(1)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
}

/** The prepaid finance charges of a DSCR loan under this sheet: its origination points, the points bought, its lender fees. */
export function dscrFinanceCharges(sheet: DscrSheet, loanAmount: Decimal.Value, pointsBought: Decimal.Value) {
	return new Decimal(loanAmount)
		.mul(new Decimal(sheet.fees.originationPoints).plus(pointsBought))
		.div(100)
		.plus(sheet.fees.lenderFees)
		.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
}
