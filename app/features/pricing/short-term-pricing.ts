import Decimal from 'decimal.js'
import { type Failure, type PriceLine, dollarsText, ficoRank, pricingWork, roundUpToStep, tierBounds, tierIndex } from './dscr-pricing.ts'
import type { FicoBand, ShortTermProgram, ShortTermSheet } from './rate-sheet.ts'

/**
 * Bridge, fix & flip and construction pricing (docs/pricing-rate-sheet.md): rate and origination points
 * from the sheet's experience × credit grid, the largest loan within every leverage cap, interest-only payments.
 */

const HUNDRED = new Decimal(100)
const PROGRAM_LABELS: Record<ShortTermProgram, string> = {
	'short-term-bridge': 'bridge loan',
	'fix-flip': 'fix & flip loan',
	construction: 'construction loan',
}

export type ShortTermScenario = {
	program: ShortTermProgram
	/** The purchase price (bridge, fix & flip), or the land's price or value (construction). */
	acquisition: number
	/** The rehab or construction budget; 0 for a bridge. */
	budget: number
	/** After-repair (fix & flip), after-completion (construction) or as-is value (bridge). */
	finishedValue: number
	/** Projects completed in the last 3 years. */
	experience: number
	ficoBand: FicoBand
	/**
	 * A refinance's loan (the balance to pay off, or the value × the cash-out share): priced as asked when the caps
	 * allow it. Without it (a purchase) the loan is the largest the caps allow.
	 */
	loanAmount?: number
	/** A refinance buys nothing: its cash to close is the points alone. */
	refinance?: boolean
}

export type Leverage = { label: string; percent: string; cap: number }

export type ShortTermQuote = {
	eligible: boolean
	failures: Failure[]
	loanAmount: number
	rate: string | null
	lines: PriceLine[]
	/** Origination points in percent of the loan, and in dollars. */
	points: string | null
	pointsCost: string | null
	monthlyInterest: string | null
	termMonths: number
	/** Interest over the whole term plus the points: what the loan costs if held to its end. */
	totalCost: string | null
	leverage: Leverage[]
	/** The borrower's cash at closing: the costs the loan does not cover, plus the points (before closing costs). */
	cashToClose: string | null
}

/** Prices a short-term scenario: the largest loan the caps allow, its rate and points, payments and leverage. */
export function priceShortTerm(sheet: ShortTermSheet, scenario: ShortTermScenario): ShortTermQuote {
	pricingWork.shortTermQuotes += 1
	const acquisition = new Decimal(scenario.acquisition)
	const budget = new Decimal(scenario.budget)
	const finished = new Decimal(scenario.finishedValue)
	const cost = acquisition.plus(budget)
	const failures: Failure[] = []
	const label = PROGRAM_LABELS[scenario.program]
	if (!sheet.offered) failures.push({ rule: 'program', message: `We do not offer a ${label} right now` })

	// The loan: the budget financed up to its share and the acquisition up to its as-is cap, within the cost and value caps.
	const financedBudget = budget.mul(sheet.caps.maxBudgetFinanced).div(HUNDRED)
	const byCost = cost.mul(sheet.caps.maxLoanToCost).div(HUNDRED)
	const byValue = finished.mul(sheet.caps.maxLoanToArv).div(HUNDRED)
	const byAsIs = acquisition.mul(sheet.caps.maxAsIsLtv).div(HUNDRED).plus(financedBudget)
	const largest = Decimal.min(byCost, byValue, byAsIs, sheet.maxLoan)
	const capped = largest.div(1000).floor().mul(1000)
	let loan = capped
	if (scenario.loanAmount !== undefined) {
		const asked = new Decimal(scenario.loanAmount)
		if (asked.gt(largest))
			failures.push({
				rule: 'max-leverage',
				message: `A loan of ${dollarsText(asked)} is above the ${dollarsText(capped)} our caps allow for this ${label}`,
				qualifiesWith: `A loan of ${dollarsText(capped)} or less qualifies`,
			})
		else loan = asked
	}
	if (loan.lt(sheet.minLoan))
		failures.push({
			rule: 'loan-range',
			message: `The caps allow a loan of ${dollarsText(loan)}, below our minimum of ${dollarsText(sheet.minLoan)}`,
			qualifiesWith: `A project whose cost and value allow at least ${dollarsText(sheet.minLoan)}`,
		})

	const experienceTier = tierIndex(
		tierBounds(sheet.experienceTiers, (tier) => tier.from),
		scenario.experience,
	)
	const creditBand = (() => {
		let found = -1
		sheet.creditBands.forEach((band, index) => {
			if (ficoRank(scenario.ficoBand) >= ficoRank(band.from)) found = index
		})
		return found
	})()
	if (experienceTier < 0)
		failures.push({
			rule: 'experience',
			message: `A ${label} needs at least ${sheet.experienceTiers[0]!.from} completed project${sheet.experienceTiers[0]!.from === 1 ? '' : 's'}`,
			qualifiesWith: `${sheet.experienceTiers[0]!.from} or more projects in the last 3 years`,
		})
	if (creditBand < 0)
		failures.push({
			rule: 'min-fico',
			message: `A FICO of ${scenario.ficoBand} is below our minimum for a ${label}`,
			qualifiesWith: `A FICO of ${sheet.creditBands[0]!.from} or higher`,
		})
	const cell = experienceTier >= 0 && creditBand >= 0 ? (sheet.grid[experienceTier]?.[creditBand] ?? null) : null
	if (experienceTier >= 0 && creditBand >= 0 && cell === null)
		failures.push({ rule: 'grid', message: `This experience and credit are not offered for a ${label}` })

	const leverage: Leverage[] = [
		{ label: 'Loan to cost', percent: ratio(loan, cost), cap: sheet.caps.maxLoanToCost },
		{
			label: scenario.program === 'short-term-bridge' ? 'Loan to value' : 'Loan to after-repair value',
			percent: ratio(loan, finished),
			cap: sheet.caps.maxLoanToArv,
		},
		{ label: 'Loan to as-is value', percent: ratio(Decimal.max(loan.minus(financedBudget), 0), acquisition), cap: sheet.caps.maxAsIsLtv },
	]
	const quote: ShortTermQuote = {
		eligible: failures.length === 0,
		failures,
		loanAmount: loan.toNumber(),
		rate: null,
		lines: [],
		points: null,
		pointsCost: null,
		monthlyInterest: null,
		termMonths: sheet.termMonths,
		totalCost: null,
		leverage,
		cashToClose: null,
	}
	if (!quote.eligible || cell === null) return quote

	const gridRate = new Decimal(cell.rate)
	const rate = roundUpToStep(gridRate)
	quote.lines = [
		{
			label: 'Base rate',
			reason: `${sheet.experienceTiers[experienceTier]!.label}, FICO ${sheet.creditBands[creditBand]!.label}`,
			percent: gridRate.toFixed(3),
		},
	]
	if (!rate.eq(gridRate))
		quote.lines.push({ label: 'Rounding', reason: 'Rounded up to the next 0.125 %', percent: `+${rate.minus(gridRate).toFixed(3)}` })
	quote.rate = rate.toFixed(3)
	quote.points = new Decimal(cell.points).toFixed(3)
	const pointsCost = loan.mul(cell.points).div(HUNDRED).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
	const monthly = loan.mul(rate).div(1200).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
	quote.pointsCost = pointsCost.toFixed(2)
	quote.monthlyInterest = monthly.toFixed(2)
	quote.totalCost = monthly.mul(sheet.termMonths).plus(pointsCost).toFixed(2)
	quote.cashToClose = (scenario.refinance ? pointsCost : Decimal.max(cost.minus(loan), 0).plus(pointsCost)).toFixed(2)
	return quote
}

/** A part of a whole in percent, to 2 decimals (0 of nothing is 0). */
function ratio(part: Decimal, whole: Decimal) {
	return whole.isZero() ? '0.00' : part.div(whole).mul(HUNDRED).toDecimalPlaces(2).toFixed(2)
}
