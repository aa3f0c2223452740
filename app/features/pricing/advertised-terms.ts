import Decimal from 'decimal.js'
import { annualPercentageRate, dscrFinanceCharges } from './apr.ts'
import { bandsFrom, pointChoices, roundUpToStep } from './dscr-pricing.ts'
import {
	DSCR_PRODUCTS,
	DSCR_PURPOSES,
	type DscrProduct,
	type DscrPurpose,
	type DscrSheet,
	type RateSheet,
	SHORT_TERM_PROGRAMS,
	type ShortTermProgram,
	type ShortTermSheet,
} from './rate-sheet.ts'

/**
 * The rate sheet's best case (docs/decisions/0067): the figures the public pages advertise, "rates from"
 * and "up to ... LTV", computed from the sheet alone so that publishing a sheet changes every page that prints them.
 * Pure; rates are decimal text as in the sheet.
 */

/**
 * The loan the home panel's APR is worked for (spec 1 §9: $500,000 over 360 months, the panel's default), since the
 * sheet's lender fees are dollars and the APR of a smaller loan is higher (docs/decisions/0072).
 */
export const APR_EXAMPLE = { loanAmount: 500_000, termMonths: 360 } as const

export type DscrBestCase = {
	/**
	 * The lowest rate an eligible amortizing scenario of the advertised product prices at: every adjustment at its
	 * best, rounded up to 0.125 %, at least the floor.
	 */
	minRate: string
	/** The fewest points that reach it (points bought below the floor lower nothing). */
	points: number
	/** The product that prices there: the 30-year fixed the home panel names, or the cheapest offered when it is not. */
	product: DscrProduct
	/** The APR of that rate and its points on `APR_EXAMPLE`'s loan, with the sheet's fees (Regulation Z, decision 0072). */
	apr: string
	/** The highest LTV a scenario of each purpose can have (percent); null when nothing of that purpose is offered. */
	maxLtv: Record<DscrPurpose, number | null>
}

export type ShortTermBestCase = {
	/** The lowest rate of the grid (rounded up to 0.125 % as a quote would be). */
	minRate: string
	/** The origination points of the cell with that rate (the fewest if several share it). */
	points: string
	/** The leverage caps (percent): loan to cost, to the value after the work (as-is for a bridge), to the as-is value. */
	caps: ShortTermSheet['caps']
	/** The figure printed as the program's "max LTV": see `shortTermMaxLtv`. */
	maxLtv: number
}

export type AdvertisedTerms = {
	dscr: DscrBestCase | null
	shortTerm: Record<ShortTermProgram, ShortTermBestCase | null>
}

const min = (values: Decimal[]) => values.reduce((lowest, value) => (value.lt(lowest) ? value : lowest))
const reachable = <T>(values: T[]) => values.length > 0

/**
 * The LTV buckets a scenario of this purpose can fall in, with the highest LTV it can have in each: a bucket runs
 * from its bound (inclusive) to the next one's (exclusive), so in a bucket below the cap the highest whole-percent
 * LTV is the one below the next bound (an advertised "up to" never claims an LTV that is not offered).
 */
function bucketsUpTo(sheet: DscrSheet, cap: number) {
	return sheet.ltvBuckets.flatMap((from, index) => {
		if (from > cap) return []
		const next = sheet.ltvBuckets[index + 1]
		const top = next === undefined || next > cap ? cap : Math.ceil(next) - 1
		return [{ index, top: Math.max(top, from) }]
	})
}

/** The DSCR best case; null when no scenario at all is eligible (every cell, product or property type refused). */
export function bestDscrTerms(sheet: DscrSheet): DscrBestCase | null {
	const rules = sheet.eligibility
	const bands = bandsFrom(rules.minFico)
	const offeredProducts = DSCR_PRODUCTS.filter((product) => sheet.products[product].offered)
	const propertyTypes = Object.values(sheet.propertyTypes).filter((value): value is string => value !== null)
	const prepayments = Object.values(sheet.prepayment).filter((option) => option.offered)
	if (!reachable(bands) || !reachable(offeredProducts) || !reachable(propertyTypes) || !reachable(prepayments)) return null
	if (rules.minLoan > rules.maxLoan) return null

	// A DSCR tier is reachable when some DSCR at or above the minimum falls in it; below 1.00 the LTV is capped too.
	const dscrTiers: { adjustment: Decimal; belowOne: boolean; maxLtv?: number }[] = sheet.dscrTiers.flatMap((tier, index) => {
		const next = sheet.dscrTiers[index + 1]?.from
		if (next !== undefined && new Decimal(next).lte(rules.minDscr)) return []
		return [{ adjustment: new Decimal(tier.adjustment), belowOne: next !== undefined && new Decimal(next).lte(1) }]
	})
	// True No Ratio prices below the minimum DSCR with its own adjustment, up to its own LTV.
	if (sheet.noRatio.offered)
		dscrTiers.push({ adjustment: new Decimal(sheet.noRatio.adjustment), belowOne: false, maxLtv: sheet.noRatio.maxLtv })
	// A loan-amount tier is reachable when it meets the loan range.
	const amountTiers = sheet.loanAmountTiers.filter((tier, index) => {
		const next = sheet.loanAmountTiers[index + 1]?.from
		return tier.from <= rules.maxLoan && (next === undefined || next > rules.minLoan)
	})
	if (!reachable(dscrTiers) || !reachable(amountTiers)) return null

	// The cell of each bucket: the best any eligible band has there; null when no band is offered at that LTV.
	const bestCells = sheet.ltvBuckets.map((_, bucket) => {
		const cells = bands.map((band) => sheet.creditLtv[band][bucket]).filter((cell): cell is string => cell !== null && cell !== undefined)
		return cells.length === 0 ? null : min(cells.map((cell) => new Decimal(cell)))
	})
	const bestCell = (bucket: number) => bestCells[bucket] ?? null

	// Purpose × LTV bucket × DSCR tier are tied (the cap per purpose, the cap below a DSCR of 1.00); the rest is independent.
	let lowest: Decimal | null = null
	const maxLtv = {} as Record<DscrPurpose, number | null>
	for (const purpose of DSCR_PURPOSES) {
		maxLtv[purpose] = null
		for (const tier of dscrTiers) {
			const cap = Math.min(rules.maxLtv[purpose], tier.belowOne ? rules.maxLtvBelowDscrOne : 100, tier.maxLtv ?? 100)
			for (const bucket of bucketsUpTo(sheet, cap)) {
				const cell = bestCell(bucket.index)
				if (cell === null) continue
				maxLtv[purpose] = Math.max(maxLtv[purpose] ?? 0, bucket.top)
				const sum = cell.plus(tier.adjustment).plus(sheet.purposes[purpose])
				if (lowest === null || sum.lt(lowest)) lowest = sum
			}
		}
	}
	if (lowest === null) return null

	// The advertised rate is the 30-year fixed's, amortizing (the home panel's product and payment, spec 1 §9): an ARM or
	// interest-only payments priced lower are not what the panel describes.
	const product: DscrProduct = sheet.products['30-year-fixed'].offered
		? '30-year-fixed'
		: offeredProducts.reduce((best, candidate) =>
				new Decimal(sheet.products[candidate].adjustment).lt(sheet.products[best].adjustment) ? candidate : best,
			)
	const beforePoints = new Decimal(sheet.baseRate)
		.plus(sheet.products[product].adjustment)
		.plus(lowest)
		.plus(min(amountTiers.map((tier) => new Decimal(tier.adjustment))))
		.plus(min(propertyTypes.map((value) => new Decimal(value))))
		.plus(min(prepayments.map((option) => new Decimal(option.adjustment))))
	// The rate at each choice of points, as buildDscrRate prices it; the best rate with the fewest points.
	const floor = new Decimal(sheet.rateFloor)
	let best: { rate: Decimal; points: number } | null = null
	for (const points of pointChoices(sheet)) {
		const rate = Decimal.max(roundUpToStep(beforePoints.minus(new Decimal(sheet.points.rateReductionPerPoint).mul(points))), floor)
		if (best === null || rate.lt(best.rate)) best = { rate, points }
	}
	const apr = annualPercentageRate({
		loanAmount: APR_EXAMPLE.loanAmount,
		ratePercent: best!.rate,
		termMonths: APR_EXAMPLE.termMonths,
		financeCharges: dscrFinanceCharges(sheet, APR_EXAMPLE.loanAmount, best!.points),
	})
	return { minRate: best!.rate.toFixed(3), points: best!.points, product, apr, maxLtv }
}

/**
 * What a short-term program advertises as its "max LTV": a bridge's loan to value, a fix & flip's loan to the
 * purchase price (the rehab is financed on top), a construction loan's loan to the project's cost.
 */
export function shortTermMaxLtv(program: ShortTermProgram, caps: ShortTermSheet['caps']) {
	if (program === 'short-term-bridge') return caps.maxLoanToArv
	if (program === 'fix-flip') return caps.maxAsIsLtv
	return caps.maxLoanToCost
}

/** A short-term program's best case; null when it is not offered or its grid offers nothing. */
export function bestShortTermTerms(program: ShortTermProgram, sheet: ShortTermSheet): ShortTermBestCase | null {
	if (!sheet.offered || sheet.minLoan > sheet.maxLoan) return null
	let best: { rate: Decimal; points: Decimal } | null = null
	for (const row of sheet.grid) {
		for (const cell of row) {
			if (!cell) continue
			const rate = roundUpToStep(new Decimal(cell.rate))
			const points = new Decimal(cell.points)
			if (best === null || rate.lt(best.rate) || (rate.eq(best.rate) && points.lt(best.points))) best = { rate, points }
		}
	}
	if (best === null) return null
	return { minRate: best.rate.toFixed(3), points: best.points.toFixed(3), caps: sheet.caps, maxLtv: shortTermMaxLtv(program, sheet.caps) }
}

/** Every program's best case from one sheet. */
export function advertisedTerms(sheet: RateSheet): AdvertisedTerms {
	const shortTerm = Object.fromEntries(
		SHORT_TERM_PROGRAMS.map((program) => [program, bestShortTermTerms(program, sheet.shortTerm[program])]),
	) as AdvertisedTerms['shortTerm']
	return { dscr: bestDscrTerms(sheet.dscr), shortTerm }
}

/**
 * The cash-out cap the wizard compares a cash-out with (docs/decisions/0051), per loan-products record key: the
 * sheet's cash-out LTV for DSCR, each short-term program's printed maximum LTV. One source with the pages.
 */
export function cashOutCapsFromSheet(sheet: RateSheet): Record<'dscr' | 'bridge' | 'fixFlip' | 'construction', number> {
	return {
		dscr: sheet.dscr.eligibility.maxLtv['cash-out'],
		bridge: shortTermMaxLtv('short-term-bridge', sheet.shortTerm['short-term-bridge'].caps),
		fixFlip: shortTermMaxLtv('fix-flip', sheet.shortTerm['fix-flip'].caps),
		construction: shortTermMaxLtv('construction', sheet.shortTerm.construction.caps),
	}
}

/**
 * The maximum LTV a new lead is stored with (`program_max_ltv`, docs/decisions/0051, 0074): the cap of its own
 * purpose. A DSCR purchase the purchase cap, a rate/term refinance the rate/term cap, a cash-out the cash-out cap; a
 * short-term program its printed maximum LTV. Undefined for an unknown program, or a DSCR lead without a purpose.
 */
export function maxLtvForLead(sheet: RateSheet, loanProgram: string | undefined, transactionType: string | undefined): number | undefined {
	if (loanProgram === 'dscr') {
		const purposes: Readonly<Record<string, DscrPurpose>> = {
			purchase: 'purchase',
			refinance: 'rate-term',
			'cash-out-refinance': 'cash-out',
		}
		const purpose = purposes[transactionType ?? '']
		return purpose ? sheet.dscr.eligibility.maxLtv[purpose] : undefined
	}
	const program = SHORT_TERM_PROGRAMS.find((candidate) => candidate === loanProgram)
	return program ? shortTermMaxLtv(program, sheet.shortTerm[program].caps) : undefined
}
