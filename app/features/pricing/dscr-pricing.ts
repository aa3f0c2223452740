import Decimal from 'decimal.js'
import {
	DSCR_PRODUCTS,
	type DscrProduct,
	type DscrPurpose,
	type DscrSheet,
	FICO_BANDS,
	type FicoBand,
	type PrepaymentOption,
	type PropertyTypeValue,
	SHEET_LIMITS,
} from './rate-sheet.ts'

/**
 * DSCR pricing (docs/pricing-rate-sheet.md): pure functions of a rate sheet and a scenario. Money and
 * rates are decimal.js values, never floats; a result carries the lines its rate is built from.
 */

/** One line of a rate's build-up: what it is, why it applies, and how much it adds (a percentage, signed). */
export type PriceLine = { label: string; reason: string; percent: string }

/** A rule the scenario fails, what it says to the borrower, and what would qualify. */
export type Failure = { rule: string; message: string; qualifiesWith?: string }

export const RATE_STEP = new Decimal('0.125')
const HUNDRED = new Decimal(100)
const TERM_MONTHS = 360

/** FICO bands rank from the lowest (0) up, so "at least the minimum" is a comparison of ranks. */
export const ficoRank = (band: FicoBand) => FICO_BANDS.length - 1 - FICO_BANDS.indexOf(band)
/** A minimum band and every band above it, the best first (the wizard's order). */
export const bandsFrom = (minimum: FicoBand) => FICO_BANDS.slice(0, FICO_BANDS.indexOf(minimum) + 1)

/**
 * The sheet as the rent alone qualifies a loan: True No Ratio, which does not read the rent, switched off. The search
 * for the largest loan a rent carries, and the reasons a rent falls short, are worked on it.
 */
export const withoutNoRatio = (sheet: DscrSheet): DscrSheet => ({ ...sheet, noRatio: { ...sheet.noRatio, offered: false } })

const signed = (value: Decimal) => `${value.isNegative() ? '' : '+'}${value.toFixed(3)}`
const percentText = (value: Decimal.Value) => `${new Decimal(value).toDecimalPlaces(2).toString()} %`
/** One formatter for every price (toLocaleString builds one per call: most of a quote's time once labels multiplied). */
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
export const dollarsText = (value: Decimal.Value) =>
	`$${WHOLE_DOLLARS.format(new Decimal(value).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber())}`

/**
 * A sheet's list of bounds as decimals, parsed once per list (a quote reads each list for every rate it builds). The
 * entries are compared with those parsed before each use, so a list changed in place is parsed again.
 */
const parsedBounds = new WeakMap<object, { sources: Decimal.Value[]; bounds: readonly Decimal[] }>()
export function tierBounds<T>(list: readonly T[], boundOf: (entry: T) => Decimal.Value = (entry) => entry as Decimal.Value) {
	const sources = list.map(boundOf)
	const known = parsedBounds.get(list)
	if (known && known.sources.length === sources.length && known.sources.every((source, index) => source === sources[index]))
		return known.bounds
	const bounds = sources.map((source) => new Decimal(source))
	parsedBounds.set(list, { sources, bounds })
	return bounds
}

/** The index of the tier a value falls in: the last whose lower bound (inclusive) it reaches; -1 below the first. */
export function tierIndex(bounds: ReadonlyArray<Decimal.Value>, value: Decimal.Value) {
	const compared = new Decimal(value)
	for (let index = bounds.length - 1; index >= 0; index--) if (compared.gte(bounds[index]!)) return index
	return -1
}

const dscrBounds = (sheet: DscrSheet) => tierBounds(sheet.dscrTiers, (tier) => tier.from)

/** Rounds a rate up to the next 0.125 % (a rate already on a step stays). */
export const roundUpToStep = (rate: Decimal) => rate.div(RATE_STEP).ceil().mul(RATE_STEP)

/** The monthly payment: interest only, or principal and interest over 360 months; to the cent (half up). */
export function monthlyPayment(loan: Decimal.Value, ratePercent: Decimal.Value, interestOnly: boolean) {
	const principal = new Decimal(loan)
	const monthlyRate = new Decimal(ratePercent).div(1200)
	if (interestOnly) return principal.mul(monthlyRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
	if (monthlyRate.isZero()) return principal.div(TERM_MONTHS).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
	return principal.mul(paymentFactor(String(ratePercent), monthlyRate)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
}

/** r × (1 + r)^360 ÷ ((1 + r)^360 − 1) per rate: rates sit on a few steps, and the power is most of a quote's time. */
const paymentFactors = new Map<string, Decimal>()
function paymentFactor(rate: string, monthlyRate: Decimal) {
	let factor = paymentFactors.get(rate)
	if (!factor) {
		const growth = monthlyRate.plus(1).pow(TERM_MONTHS)
		factor = monthlyRate.mul(growth).div(growth.minus(1))
		// Bounded: a sheet's rates are a few hundred steps at most; anything else is not kept.
		if (paymentFactors.size < 2000) paymentFactors.set(rate, factor)
	}
	return factor
}

/** What a DSCR rate is built from: the scenario's facts once the loan, its LTV and its DSCR are known. */
export type DscrRateInputs = {
	product: DscrProduct
	ficoBand: FicoBand
	/** Loan to value in percent. */
	ltv: Decimal.Value
	/** The DSCR the tier is read from (2 decimals). */
	dscr: Decimal.Value
	loanAmount: Decimal.Value
	propertyType: PropertyTypeValue
	purpose: DscrPurpose
	prepayment: PrepaymentOption
	interestOnly: boolean
	points: number
	/** Priced as True No Ratio: the sheet's no-ratio adjustment in place of the DSCR tier's. */
	noRatio?: boolean
}

export type RateBuild = { rate: string; lines: PriceLine[] } | { rate: null; failures: Failure[] }

export const PRODUCT_LABELS: Record<DscrProduct, string> = { '30-year-fixed': '30-year fixed', '7-6-arm': '7/6 ARM', '5-6-arm': '5/6 ARM' }
const PURPOSE_LABELS: Record<DscrPurpose, string> = {
	purchase: 'Purchase',
	'rate-term': 'Rate/term refinance',
	'cash-out': 'Cash-out refinance',
}
export const PREPAYMENT_LABELS: Record<PrepaymentOption, string> = {
	'5-4-3-2-1': '5-year prepayment (5-4-3-2-1)',
	'3-2-1': '3-year prepayment (3-2-1)',
	'1-year': '1-year prepayment',
	none: 'No prepayment penalty',
}

/** The points a borrower may buy, per sheet: read on every rate built, and the same list while the two figures stay. */
const pointChoicesOf = new WeakMap<DscrSheet['points'], { maxPoints: number; step: number; choices: readonly number[] }>()

/**
 * The points a borrower may buy with this sheet: 0, step, 2 × step, ... up to the maximum; never more than the schema's
 * 40 steps above 0, whatever the sheet says (docs/decisions/0075).
 */
export function pointChoices(sheet: DscrSheet): readonly number[] {
	const { maxPoints, step } = sheet.points
	const known = pointChoicesOf.get(sheet.points)
	if (known && known.maxPoints === maxPoints && known.step === step) return known.choices
	const steps = Math.min(Math.floor(maxPoints / step + 1e-9), SHEET_LIMITS.pointSteps)
	const choices = Array.from({ length: Math.max(steps, 0) + 1 }, (_, index) => new Decimal(step).mul(index).toNumber())
	pointChoicesOf.set(sheet.points, { maxPoints, step, choices })
	return choices
}

/**
 * Rates worked out (a rate's lines from the sheet, or a DSCR tier's rate in the search) and short-term quotes priced
 * since the process started: the units of a request's pricing work, which the sheet's limits bound
 * (docs/decisions/0075). Tests read the difference across one request; nothing else reads it.
 */
export const pricingWork = { rates: 0, shortTermQuotes: 0 }

/**
 * The rate for these facts: the base and every adjustment that applies, rounded up to the next 0.125 %,
 * never below the floor. A pair the sheet does not offer (a credit × LTV cell, a property type, a product)
 * gives no rate but the reason.
 */
export function buildDscrRate(sheet: DscrSheet, inputs: DscrRateInputs): RateBuild {
	const { failures, lines } = rateLines(sheet, inputs, true)
	if (failures.length > 0) return { rate: null, failures }
	const raw = sumOf(lines)
	const rounded = roundUpToStep(raw)
	if (!rounded.eq(raw)) lines.push({ label: 'Rounding', reason: 'Rounded up to the next 0.125 %', percent: signed(rounded.minus(raw)) })
	const floor = new Decimal(sheet.rateFloor)
	if (rounded.lt(floor))
		lines.push({ label: 'Rate floor', reason: `No rate is below ${floor.toFixed(3)} %`, percent: signed(floor.minus(rounded)) })
	return { rate: Decimal.max(rounded, floor).toFixed(3), lines }
}

const sumOf = (lines: PriceLine[]) => lines.reduce((sum, line) => sum.plus(line.percent), new Decimal(0))

/** The rate of lines that add up to `raw`, as `buildDscrRate` finishes it: rounded up to the step, at least the floor. */
function finishedRate(sheet: DscrSheet, raw: Decimal) {
	pricingWork.rates += 1
	return Decimal.max(roundUpToStep(raw), sheet.rateFloor).toFixed(3)
}

/**
 * The lines of a rate before its rounding and floor, and the rules it fails; without the DSCR tier's line when `tiered`
 * is false (the tier search adds each tier's adjustment to the rest).
 */
function rateLines(sheet: DscrSheet, inputs: DscrRateInputs, tiered: boolean) {
	pricingWork.rates += 1
	const failures: Failure[] = []
	const lines: PriceLine[] = [
		{ label: 'Base rate', reason: '30-year fixed, before adjustments', percent: new Decimal(sheet.baseRate).toFixed(3) },
	]
	const add = (label: string, reason: string, adjustment: Decimal.Value) => {
		const value = new Decimal(adjustment)
		if (!value.isZero()) lines.push({ label, reason, percent: signed(value) })
	}

	const product = sheet.products[inputs.product]
	if (!product.offered) failures.push({ rule: 'product', message: `The ${PRODUCT_LABELS[inputs.product]} is not offered` })
	else add('Product', PRODUCT_LABELS[inputs.product], product.adjustment)

	const bucket = tierIndex(tierBounds(sheet.ltvBuckets), inputs.ltv)
	const cell = bucket < 0 ? null : (sheet.creditLtv[inputs.ficoBand][bucket] ?? null)
	if (cell === null)
		failures.push({ rule: 'credit-ltv', message: `A FICO of ${inputs.ficoBand} at ${percentText(inputs.ltv)} LTV is not offered` })
	else add('Credit and LTV', `FICO ${inputs.ficoBand}, LTV ${ltvBucketLabel(sheet, bucket)}`, cell)

	const dscrTier = tiered ? tierIndex(dscrBounds(sheet), inputs.dscr) : -1
	if (inputs.noRatio) add('True No Ratio', 'Qualified without the rent', sheet.noRatio.adjustment)
	else if (dscrTier >= 0) add('DSCR', `DSCR ${dscrTierLabel(sheet, dscrTier)}`, sheet.dscrTiers[dscrTier]!.adjustment)

	const amountTier = tierIndex(
		tierBounds(sheet.loanAmountTiers, (tier) => tier.from),
		inputs.loanAmount,
	)
	if (amountTier >= 0) add('Loan amount', `Loan ${amountTierLabel(sheet, amountTier)}`, sheet.loanAmountTiers[amountTier]!.adjustment)

	const propertyType = sheet.propertyTypes[inputs.propertyType]
	if (propertyType === null) failures.push({ rule: 'property-type', message: 'This property type is not financed with a DSCR loan' })
	else add('Property type', inputs.propertyType, propertyType)

	add('Purpose', PURPOSE_LABELS[inputs.purpose], sheet.purposes[inputs.purpose])

	const prepayment = sheet.prepayment[inputs.prepayment]
	if (!prepayment.offered)
		failures.push({ rule: 'prepayment', message: `The ${PREPAYMENT_LABELS[inputs.prepayment]} option is not offered` })
	else add('Prepayment', PREPAYMENT_LABELS[inputs.prepayment], prepayment.adjustment)

	if (inputs.interestOnly) {
		if (!sheet.interestOnly.offered) failures.push({ rule: 'interest-only', message: 'Interest-only payments are not offered' })
		else add('Interest only', 'Interest-only payments', sheet.interestOnly.adjustment)
	}

	if (!pointChoices(sheet).includes(inputs.points))
		failures.push({ rule: 'points', message: `Choose points from 0 to ${sheet.points.maxPoints} in steps of ${sheet.points.step}` })
	else
		add(
			'Points',
			`${inputs.points} point${inputs.points === 1 ? '' : 's'} bought`,
			new Decimal(sheet.points.rateReductionPerPoint).mul(inputs.points).neg(),
		)
	return { failures, lines }
}

export function ltvBucketLabel(sheet: DscrSheet, index: number) {
	const from = sheet.ltvBuckets[index]!
	const next = sheet.ltvBuckets[index + 1]
	return next === undefined ? `${from} % and above` : `${from} % to under ${next} %`
}
function dscrTierLabel(sheet: DscrSheet, index: number) {
	const from = sheet.dscrTiers[index]!.from
	const next = sheet.dscrTiers[index + 1]?.from
	return next === undefined ? `${from} and above` : `${from} to under ${next}`
}
function amountTierLabel(sheet: DscrSheet, index: number) {
	const from = sheet.loanAmountTiers[index]!.from
	const next = sheet.loanAmountTiers[index + 1]?.from
	return next === undefined ? `${dollarsText(from)} and above` : `${dollarsText(from)} to under ${dollarsText(next)}`
}

/** A DSCR scenario: what the wizard (or the calculator) knows. Amounts in whole dollars. */
export type DscrScenario = {
	purpose: DscrPurpose
	/** The purchase price, or the estimated value of a refinance. */
	propertyValue: number
	loanAmount: number
	ficoBand: FicoBand
	propertyType: PropertyTypeValue
	product: DscrProduct
	prepayment: PrepaymentOption
	interestOnly: boolean
	points: number
	/** Monthly rent; unknown, the sheet's assumed DSCR stands in (and the terms say so). */
	monthlyRent?: number
	/** Yearly taxes and insurance, monthly HOA; unknown, the sheet's percentages of the value (HOA $0). */
	annualTaxes?: number
	annualInsurance?: number
	monthlyHoa?: number
}

export type DscrQuote = {
	eligible: boolean
	failures: Failure[]
	rate: string | null
	lines: PriceLine[]
	loanAmount: number
	ltv: string
	monthly: { payment: string; taxes: string; insurance: string; hoa: string; pitia: string } | null
	/** The rent counted (the sheet's share of it) ÷ PITIA to 2 decimals (cut, not rounded), or the assumed DSCR when the rent is unknown. */
	dscr: string | null
	dscrAssumed: boolean
	/** Priced as True No Ratio: the DSCR is below the sheet's minimum and the sheet offers the option. */
	noRatio: boolean
	pointsCost: string
	/** Down payment (a purchase) plus points, before closing costs, reserves and escrows. */
	cashToClose: string
	assumptions: string[]
}

const money = (value: Decimal) => value.toFixed(2)

/** Prices a DSCR scenario: the loan's rate with its build-up, payment, PITIA and DSCR, and every rule it fails. */
export function priceDscr(sheet: DscrSheet, scenario: DscrScenario): DscrQuote {
	const value = new Decimal(scenario.propertyValue)
	const loan = new Decimal(scenario.loanAmount)
	const ltv = value.isZero() ? new Decimal(0) : loan.div(value).mul(HUNDRED)
	const yearlyTaxes = new Decimal(scenario.annualTaxes ?? value.mul(sheet.assumptions.taxesPercentOfValue).div(HUNDRED))
	const yearlyInsurance = new Decimal(scenario.annualInsurance ?? value.mul(sheet.assumptions.insurancePercentOfValue).div(HUNDRED))
	const taxes = yearlyTaxes.div(12).toDecimalPlaces(2)
	const insurance = yearlyInsurance.div(12).toDecimalPlaces(2)
	const hoa = new Decimal(scenario.monthlyHoa ?? 0).toDecimalPlaces(2)
	// The yearly figure an assumption states is the percentage of the value itself (0.5 % of $350,000 is $1,750), to the
	// nearest dollar; the monthly cent rounded back up to a year would say $1,749 ($145.83 × 12 = $1,749.96, cut).
	const yearlyText = (yearly: Decimal) => dollarsText(yearly.toDecimalPlaces(0, Decimal.ROUND_HALF_UP))
	const assumptions: string[] = []
	if (scenario.annualTaxes === undefined)
		assumptions.push(`Property taxes of ${sheet.assumptions.taxesPercentOfValue} % of the value a year (${yearlyText(yearlyTaxes)})`)
	if (scenario.annualInsurance === undefined)
		assumptions.push(`Insurance of ${sheet.assumptions.insurancePercentOfValue} % of the value a year (${yearlyText(yearlyInsurance)})`)
	if (scenario.monthlyHoa === undefined) assumptions.push('No HOA dues')
	const dscrAssumed = scenario.monthlyRent === undefined
	if (dscrAssumed) assumptions.push(`A DSCR of ${sheet.assumptions.assumedDscr} (the rent is not known yet)`)
	// The DSCR counts the sheet's share of the rent (spec 2 §9: "75% of market rent used for qualification").
	const countedRent = new Decimal(scenario.monthlyRent ?? 0).mul(sheet.rentCountedPercent).div(HUNDRED)
	if (!dscrAssumed && sheet.rentCountedPercent < 100)
		assumptions.push(
			`The DSCR counts ${sheet.rentCountedPercent} % of the rent (${dollarsText(countedRent)} of ${dollarsText(scenario.monthlyRent!)})`,
		)

	const base = { ...scenario, ltv, loanAmount: loan }
	const dscrAt = (rate: string) => {
		const pitia = monthlyPayment(loan, rate, scenario.interestOnly).plus(taxes).plus(insurance).plus(hoa)
		return {
			pitia,
			dscr: pitia.isZero() ? new Decimal(0) : countedRent.div(pitia).toDecimalPlaces(2, Decimal.ROUND_DOWN),
		}
	}
	// The DSCR tier is the one the DSCR at the final rate falls in: start from the best tier, move down while the
	// DSCR at that tier's rate falls lower (a higher rate only lowers the DSCR, so this ends).
	let build: RateBuild
	let dscr: Decimal
	if (dscrAssumed) {
		dscr = new Decimal(sheet.assumptions.assumedDscr)
		build = buildDscrRate(sheet, { ...base, dscr })
	} else {
		// Every line but the tier's is the same at each tier: they are worked out once, and each tier adds its adjustment.
		const rest = rateLines(sheet, { ...base, dscr: 0 }, false)
		if (rest.failures.length > 0) {
			build = { rate: null, failures: rest.failures }
			dscr = new Decimal(0)
		} else {
			const others = sumOf(rest.lines)
			let tier = sheet.dscrTiers.length - 1
			for (;;) {
				dscr = dscrAt(finishedRate(sheet, others.plus(sheet.dscrTiers[tier]!.adjustment))).dscr
				const reached = tierIndex(dscrBounds(sheet), dscr)
				const actual = Math.max(0, reached)
				if (actual >= tier) {
					build = buildDscrRate(sheet, { ...base, dscr })
					break
				}
				tier = actual
			}
		}
	}
	// A DSCR below every tier prices with no tier adjustment: it is stated at that rate (the search read it at the lowest
	// tier's), unless at that rate it would reach a tier, which the search has just ruled out.
	const bounds = dscrBounds(sheet)
	if (!dscrAssumed && build.rate !== null && tierIndex(bounds, dscr) < 0) {
		const untiered = dscrAt(build.rate).dscr
		if (tierIndex(bounds, untiered) < 0) dscr = untiered
	}
	// Below the minimum DSCR, True No Ratio prices the loan without the ratio when the sheet offers it (spec 1 §1). Its
	// rate has no DSCR tier, so the DSCR at that rate does not move it back above the minimum.
	const noRatio = !dscrAssumed && build.rate !== null && dscr.lt(sheet.eligibility.minDscr) && sheet.noRatio.offered
	if (noRatio) {
		build = buildDscrRate(sheet, { ...base, dscr, noRatio: true })
		if (build.rate !== null) dscr = dscrAt(build.rate).dscr
	}

	const failures = build.rate === null ? [...build.failures] : []
	failures.push(...eligibilityFailures(sheet, scenario, ltv, build.rate === null || dscrAssumed ? null : dscr, noRatio))
	const points = new Decimal(scenario.points)
	const pointsCost = loan.mul(points).div(HUNDRED).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
	const downPayment = scenario.purpose === 'purchase' ? Decimal.max(value.minus(loan), 0) : new Decimal(0)
	const result: DscrQuote = {
		eligible: failures.length === 0,
		failures,
		rate: failures.length === 0 && build.rate !== null ? build.rate : null,
		lines: build.rate !== null && failures.length === 0 ? build.lines : [],
		loanAmount: scenario.loanAmount,
		ltv: ltv.toDecimalPlaces(2).toFixed(2),
		monthly: null,
		dscr: build.rate === null ? null : dscr.toFixed(2),
		dscrAssumed,
		noRatio,
		pointsCost: money(pointsCost),
		cashToClose: money(downPayment.plus(pointsCost)),
		assumptions,
	}
	if (result.rate !== null) {
		const payment = monthlyPayment(loan, result.rate, scenario.interestOnly)
		result.monthly = {
			payment: money(payment),
			taxes: money(taxes),
			insurance: money(insurance),
			hoa: money(hoa),
			pitia: money(payment.plus(taxes).plus(insurance).plus(hoa)),
		}
	}
	return result
}

/** The scenario's rules apart from the rate's own: credit, LTV per purpose, DSCR, the LTV cap below 1.00, loan range. */
function eligibilityFailures(sheet: DscrSheet, scenario: DscrScenario, ltv: Decimal, dscr: Decimal | null, noRatio: boolean): Failure[] {
	const rules = sheet.eligibility
	const failures: Failure[] = []
	if (ficoRank(scenario.ficoBand) < ficoRank(rules.minFico))
		failures.push({
			rule: 'min-fico',
			message: `A FICO of ${scenario.ficoBand} is below our minimum`,
			qualifiesWith: `A FICO of ${rules.minFico} or higher`,
		})
	const maxLtv = rules.maxLtv[scenario.purpose]
	if (ltv.gt(maxLtv))
		failures.push({
			rule: 'max-ltv',
			message: `${percentText(ltv)} LTV is above the ${maxLtv} % we lend for a ${PURPOSE_LABELS[scenario.purpose].toLowerCase()}`,
			qualifiesWith: `At ${maxLtv} % LTV (a loan of ${dollarsText(new Decimal(scenario.propertyValue).mul(maxLtv).div(HUNDRED))}) this qualifies`,
		})
	if (noRatio) {
		if (ltv.gt(sheet.noRatio.maxLtv))
			failures.push({
				rule: 'no-ratio-ltv',
				message: `A DSCR of ${dscr!.toFixed(2)} is below our minimum of ${rules.minDscr}; our True No Ratio option lends up to ${sheet.noRatio.maxLtv} % LTV`,
				qualifiesWith: `At ${sheet.noRatio.maxLtv} % LTV (a loan of ${dollarsText(new Decimal(scenario.propertyValue).mul(sheet.noRatio.maxLtv).div(HUNDRED))}) this qualifies with True No Ratio`,
			})
	} else if (dscr?.lt(rules.minDscr))
		failures.push({
			rule: 'min-dscr',
			message: `A DSCR of ${dscr.toFixed(2)} is below our minimum of ${rules.minDscr}`,
			qualifiesWith: 'A smaller loan or a higher rent raises the DSCR',
		})
	if (!noRatio && dscr?.lt(1) && ltv.gt(rules.maxLtvBelowDscrOne))
		failures.push({
			rule: 'ltv-below-dscr-one',
			message: `With a DSCR below 1.00 the LTV may be at most ${rules.maxLtvBelowDscrOne} %`,
			qualifiesWith: `At ${rules.maxLtvBelowDscrOne} % LTV this qualifies`,
		})
	if (scenario.loanAmount < rules.minLoan || scenario.loanAmount > rules.maxLoan)
		failures.push({
			rule: 'loan-range',
			message: `We lend from ${dollarsText(rules.minLoan)} to ${dollarsText(rules.maxLoan)}`,
			qualifiesWith: `A loan from ${dollarsText(rules.minLoan)} to ${dollarsText(rules.maxLoan)}`,
		})
	return failures
}

/**
 * The largest loan, rounded down to $1,000, within the LTV cap (and the loan range) whose DSCR at its own priced
 * rate meets the minimum; null when none qualifies. Within a stretch where the LTV bucket and the loan-amount tier
 * stay the same, a larger loan only lowers the DSCR, so a stretch is searched by halving, from the highest down.
 */
export function maxDscrLoan(
	offeredSheet: DscrSheet,
	scenario: Omit<DscrScenario, 'loanAmount'> & { monthlyRent: number },
): DscrQuote | null {
	// The largest loan the rent carries: True No Ratio is not searched (its LTV cap alone would decide, and its loans do
	// not shrink as the DSCR falls).
	const sheet = withoutNoRatio(offeredSheet)
	const value = new Decimal(scenario.propertyValue)
	const thousands = (amount: Decimal) => amount.div(1000).floor().toNumber()
	const top = Math.min(
		thousands(value.mul(sheet.eligibility.maxLtv[scenario.purpose]).div(HUNDRED)),
		Math.floor(sheet.eligibility.maxLoan / 1000),
	)
	const bottom = Math.ceil(sheet.eligibility.minLoan / 1000)
	if (top < bottom) return null
	// Stretch boundaries in thousands: each LTV bucket's and loan tier's lower bound, and the cap below a DSCR of 1.00.
	const starts = new Set<number>([bottom])
	for (const bound of sheet.ltvBuckets) starts.add(Math.ceil(value.mul(bound).div(HUNDRED).div(1000).toNumber()))
	for (const tier of sheet.loanAmountTiers) starts.add(Math.ceil(tier.from / 1000))
	starts.add(thousands(value.mul(sheet.eligibility.maxLtvBelowDscrOne).div(HUNDRED)) + 1)
	const ordered = [...starts].filter((start) => start >= bottom && start <= top).sort((a, b) => a - b)
	const quoteAt = (thousand: number) => priceDscr(sheet, { ...scenario, loanAmount: thousand * 1000 })
	// From the highest stretch down: the first whose lowest loan qualifies holds the answer, since every loan of the
	// stretches below it is smaller (the halving then runs in that stretch alone).
	for (let index = ordered.length - 1; index >= 0; index--) {
		const start = ordered[index]!
		const end = index + 1 < ordered.length ? ordered[index + 1]! - 1 : top
		if (end < start || !quoteAt(start).eligible) continue
		let [low, high] = [start, end]
		while (low < high) {
			const middle = Math.ceil((low + high) / 2)
			if (quoteAt(middle).eligible) low = middle
			else high = middle - 1
		}
		return quoteAt(low)
	}
	return null
}

export { DSCR_PRODUCTS }
