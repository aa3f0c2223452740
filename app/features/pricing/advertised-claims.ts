import Decimal from 'decimal.js'
import { APR_EXAMPLE, bestDscrTerms, bestShortTermTerms, shortTermMaxLtv } from './advertised-terms.ts'
import { formatRate, formatRatio } from './rate-format.ts'
import { type DscrScenario, PRODUCT_LABELS, bandsFrom, ficoRank, priceDscr, roundUpToStep } from './dscr-pricing.ts'
import {
	DSCR_PURPOSES,
	type DscrPurpose,
	type DscrSheet,
	FICO_BANDS,
	type FicoBand,
	PREPAYMENT_OPTIONS,
	PROPERTY_TYPE_VALUES,
	type PrepaymentOption,
	type PropertyTypeValue,
	type RateSheet,
	SHORT_TERM_PROGRAMS,
	type ShortTermProgram,
	type ShortTermSheet,
} from './rate-sheet.ts'
import { priceShortTerm } from './short-term-pricing.ts'

/**
 * What the public pages claim besides the "from" rates and the maximum LTVs (docs/decisions/0072): minimum credit,
 * loan ranges, the DSCR rules, the rent counted, prepayment penalties, property types, rate ranges, the rehab
 * financed. Each is a figure of the sheet, printed through the copy's tokens, and each is checked by pricing a
 * scenario at its edge (`claimChecks`), so a sheet that would no longer honour a claim is caught before it is
 * published and by the tests.
 */

/** The lowest score of a FICO band: "700-719" -> 700, "800+" -> 800, "below-600" -> 300 (the scale's floor). */
export function ficoFloor(band: FicoBand) {
	if (band === 'below-600') return 300
	return Number.parseInt(band, 10)
}

/** Years of a prepayment penalty (none: 0). */
const PREPAYMENT_YEARS: Record<PrepaymentOption, number> = { '5-4-3-2-1': 5, '3-2-1': 3, '1-year': 1, none: 0 }

export type DscrClaims = {
	/** The lowest credit score lent to. */
	minCredit: number
	/** The lowest score that reaches the sheet's best credit × LTV cell, and the highest LTV ("700+ for best terms"). */
	bestCredit: number
	/** The minimum DSCR, and the tier from which the DSCR adjustment is at its best ("1.20 or higher for better terms"). */
	minDscr: string
	betterDscr: string | null
	noRatio: boolean
	/** The share of the rent the DSCR counts, in percent. */
	rentCounted: number
	/** The shortest and longest prepayment penalty offered, in years (null when only "none" is). */
	prepaymentYears: { min: number; max: number } | null
	defaultPrepayment: PrepaymentOption
	propertyTypes: PropertyTypeValue[]
	minLoan: number
	maxLoan: number
}

export type ShortTermClaims = {
	minCredit: number
	/** The grid's lowest and highest rate, rounded up as a quote is ("8-12%", "10-13%+"). */
	minRate: string
	maxRate: string
	minLoan: number
	maxLoan: number
	termMonths: number
	/** The share of the rehab or construction budget financed, in percent. */
	maxBudgetFinanced: number
	/** The fewest completed projects any cell takes. */
	minExperience: number
}

/** Bands from the lowest up, so the first that matches is the lowest score. */
const ascendingBands = (bands: readonly FicoBand[]) => [...bands].sort((a, b) => ficoRank(a) - ficoRank(b))

export function dscrClaims(sheet: DscrSheet): DscrClaims {
	const eligibleBands = ascendingBands(bandsFrom(sheet.eligibility.minFico))
	const cells = eligibleBands.flatMap((band) => sheet.creditLtv[band].flatMap((cell) => (cell === null ? [] : [new Decimal(cell)])))
	const bestCell = cells.length === 0 ? null : cells.reduce((low, cell) => (cell.lt(low) ? cell : low))
	const bestBand =
		eligibleBands.find((band) => sheet.creditLtv[band].some((cell) => cell !== null && bestCell?.eq(cell))) ?? sheet.eligibility.minFico
	const tiers = sheet.dscrTiers.filter((_tier, index) => {
		const next = sheet.dscrTiers[index + 1]?.from
		return next === undefined || new Decimal(next).gt(sheet.eligibility.minDscr)
	})
	const bestTier = tiers.reduce<(typeof tiers)[number] | null>(
		(best, tier) => (best === null || new Decimal(tier.adjustment).lt(best.adjustment) ? tier : best),
		null,
	)
	const penalties = PREPAYMENT_OPTIONS.filter((option) => option !== 'none' && sheet.prepayment[option].offered).map(
		(option) => PREPAYMENT_YEARS[option],
	)
	return {
		minCredit: ficoFloor(sheet.eligibility.minFico),
		bestCredit: ficoFloor(bestBand),
		minDscr: sheet.eligibility.minDscr,
		betterDscr: bestTier && new Decimal(bestTier.from).gt(sheet.eligibility.minDscr) ? bestTier.from : null,
		noRatio: sheet.noRatio.offered,
		rentCounted: sheet.rentCountedPercent,
		prepaymentYears: penalties.length === 0 ? null : { min: Math.min(...penalties), max: Math.max(...penalties) },
		defaultPrepayment: sheet.defaultPrepayment,
		propertyTypes: PROPERTY_TYPE_VALUES.filter((type) => sheet.propertyTypes[type] !== null),
		minLoan: sheet.eligibility.minLoan,
		maxLoan: sheet.eligibility.maxLoan,
	}
}

export function shortTermClaims(sheet: ShortTermSheet): ShortTermClaims {
	const rates = sheet.grid.flat().flatMap((cell) => (cell ? [roundUpToStep(new Decimal(cell.rate))] : []))
	const highest = rates.reduce((high, rate) => (rate.gt(high) ? rate : high), new Decimal(0))
	const lowest = rates.reduce((low, rate) => (rate.lt(low) ? rate : low), highest)
	return {
		minCredit: ficoFloor(sheet.creditBands[0]!.from),
		minRate: lowest.toFixed(3),
		maxRate: highest.toFixed(3),
		minLoan: sheet.minLoan,
		maxLoan: sheet.maxLoan,
		termMonths: sheet.termMonths,
		maxBudgetFinanced: sheet.caps.maxBudgetFinanced,
		minExperience: Math.min(...sheet.experienceTiers.map((tier) => tier.from)),
	}
}

/** One claim of the public pages, and whether the sheet honours it (a scenario at its edge priced, or a fact of the sheet). */
export type ClaimCheck = { program: 'dscr' | ShortTermProgram; claim: string; honoured: boolean; detail?: string }

const PROGRAM_NAMES: Record<'dscr' | ShortTermProgram, string> = {
	dscr: 'DSCR',
	'short-term-bridge': 'Bridge',
	'fix-flip': 'Fix & flip',
	construction: 'Construction',
}

/**
 * Rent that gives a loan of these figures a DSCR far above every tier: 3 % of the loan a month plus the value's
 * taxes and insurance at a generous 3 % a year, counted share included.
 */
const generousRent = (sheet: DscrSheet, loan: number, value: number) =>
	Math.ceil(((loan * 0.03 + (value * 0.03) / 12) * 100) / sheet.rentCountedPercent)

/**
 * A whole-percent LTV, within a cap, at which this band is offered: the top of the lowest bucket that offers it ('low',
 * a plausible LTV rather than 1 %) or the highest of all ('high'); null when none.
 */
function offeredLtv(sheet: DscrSheet, band: FicoBand, cap: number, prefer: 'low' | 'high') {
	const candidates = sheet.ltvBuckets.flatMap((from, index) => {
		const cell = sheet.creditLtv[band][index]
		if (cell === null || cell === undefined || from > cap) return []
		const next = sheet.ltvBuckets[index + 1]
		return [Math.max(next === undefined || next > cap ? cap : Math.ceil(next) - 1, Math.ceil(from), 1)]
	})
	if (candidates.length === 0) return null
	return prefer === 'low' ? Math.min(...candidates) : Math.max(...candidates)
}

/** Every DSCR claim with a scenario at its edge. */
export function dscrClaimChecks(sheet: DscrSheet): ClaimCheck[] {
	const claims = dscrClaims(sheet)
	const best = bestDscrTerms(sheet)
	const checks: ClaimCheck[] = []
	const check = (claim: string, honoured: boolean, detail?: string) => checks.push({ program: 'dscr', claim, honoured, detail })
	if (!best) {
		check('DSCR loans are offered', false, 'No DSCR scenario is eligible under this sheet')
		return checks
	}
	const propertyType: PropertyTypeValue = claims.propertyTypes.includes('single-family')
		? 'single-family'
		: (claims.propertyTypes[0] ?? 'single-family')
	const product = best.product
	// A loan inside the cheapest amount tier the loan range reaches (the "from" rate's), else the range's middle.
	const middleLoan = Math.round((Math.min(Math.max(500_000, sheet.eligibility.minLoan), sheet.eligibility.maxLoan) / 1000) * 1000)
	const price = (facts: Partial<DscrScenario> & { ltv: number; ficoBand: FicoBand; purpose: DscrPurpose }) => {
		const loanAmount = facts.loanAmount ?? middleLoan
		const propertyValue = Math.ceil((loanAmount * 100) / facts.ltv)
		return priceDscr(sheet, {
			propertyType,
			product,
			prepayment: claims.defaultPrepayment,
			interestOnly: false,
			points: 0,
			monthlyRent: generousRent(sheet, loanAmount, propertyValue),
			...facts,
			loanAmount,
			propertyValue,
		})
	}
	const failure = (quote: ReturnType<typeof priceDscr>) => quote.failures.map((f) => f.message).join('; ')
	const record = (claim: string, quote: ReturnType<typeof priceDscr>, extra = true, detail?: string) =>
		check(claim, quote.eligible && extra, quote.eligible ? detail : failure(quote))

	// "Rates from": some scenario of the advertised product prices at exactly that rate.
	let lowest: string | null = null
	for (const purpose of DSCR_PURPOSES) {
		for (const band of bandsFrom(sheet.eligibility.minFico)) {
			for (const [index, from] of sheet.ltvBuckets.entries()) {
				if (sheet.creditLtv[band][index] === null || from > sheet.eligibility.maxLtv[purpose]) continue
				const ltv = Math.max(Math.ceil(from), 1)
				for (const prepayment of PREPAYMENT_OPTIONS.filter((option) => sheet.prepayment[option].offered)) {
					const quote = price({ purpose, ficoBand: band, ltv, prepayment, points: best.points })
					if (quote.rate !== null && (lowest === null || new Decimal(quote.rate).lt(lowest))) lowest = quote.rate
				}
			}
		}
	}
	check(
		`Rates from ${best.minRate} %`,
		lowest === best.minRate,
		lowest === null ? 'No scenario prices' : `The lowest priced is ${lowest} %`,
	)

	// Minimum credit: the lowest band is lent to at some LTV.
	const minBand = sheet.eligibility.minFico
	const minBandLtv = offeredLtv(sheet, minBand, sheet.eligibility.maxLtv.purchase, 'low')
	if (minBandLtv === null) check(`Credit from ${claims.minCredit}`, false, `No LTV is offered to a FICO of ${minBand}`)
	else record(`Credit from ${claims.minCredit}`, price({ purpose: 'purchase', ficoBand: minBand, ltv: minBandLtv }))

	// The highest LTV of each purpose, for the best-terms band ("80% cash-out", "up to 80% LTV for refinances").
	const bestBand = ascendingBands(FICO_BANDS).find((band) => ficoFloor(band) === claims.bestCredit)!
	for (const purpose of DSCR_PURPOSES) {
		const cap = best.maxLtv[purpose]
		if (cap === null) continue
		const band = ascendingBands(bandsFrom(minBand)).find((candidate) => offeredLtv(sheet, candidate, cap, 'high') === cap) ?? bestBand
		record(`Up to ${cap} % LTV for a ${purpose} (credit ${ficoFloor(band)}+)`, price({ purpose, ficoBand: band, ltv: cap }))
	}

	// The loan range, both ends.
	const easyLtv = offeredLtv(sheet, '800+', sheet.eligibility.maxLtv.purchase, 'low') ?? 50
	const easyBand: FicoBand = '800+'
	const ltvForRange = Math.max(easyLtv, Math.min(50, best.maxLtv.purchase ?? 50))
	record(
		`Loans from $${claims.minLoan.toLocaleString('en-US')}`,
		price({ purpose: 'purchase', ficoBand: easyBand, ltv: ltvForRange, loanAmount: claims.minLoan }),
	)
	record(
		`Loans up to $${claims.maxLoan.toLocaleString('en-US')}`,
		price({ purpose: 'purchase', ficoBand: easyBand, ltv: ltvForRange, loanAmount: claims.maxLoan }),
	)

	// Every property type the sheet finances, every prepayment option it offers (the default among them).
	for (const type of claims.propertyTypes)
		record(`Finances ${type}`, price({ purpose: 'purchase', ficoBand: easyBand, ltv: ltvForRange, propertyType: type }))
	for (const option of PREPAYMENT_OPTIONS.filter((candidate) => sheet.prepayment[candidate].offered))
		record(`Prepayment option ${option}`, price({ purpose: 'purchase', ficoBand: easyBand, ltv: ltvForRange, prepayment: option }))

	// The minimum DSCR: the smallest rent that qualifies on the ratio (not as True No Ratio) gives exactly that DSCR.
	const onRatio = (rent: number) => {
		const quote = price({ purpose: 'purchase', ficoBand: easyBand, ltv: ltvForRange, monthlyRent: rent })
		return { quote, qualifies: quote.eligible && !quote.noRatio }
	}
	let [low, high] = [0, generousRent(sheet, middleLoan, Math.ceil((middleLoan * 100) / ltvForRange))]
	if (!onRatio(high).qualifies) record(`Minimum DSCR ${claims.minDscr}`, onRatio(high).quote, false)
	else {
		while (low + 1 < high) {
			const middle = Math.floor((low + high) / 2)
			if (onRatio(middle).qualifies) high = middle
			else low = middle
		}
		const { quote } = onRatio(high)
		record(
			`Minimum DSCR ${claims.minDscr}`,
			quote,
			quote.dscr === new Decimal(claims.minDscr).toFixed(2),
			`The lowest DSCR lent on is ${quote.dscr}`,
		)
	}

	// True No Ratio: no rent at all still prices, within its LTV.
	if (claims.noRatio) {
		const ltv = Math.min(sheet.noRatio.maxLtv, ltvForRange)
		const quote = price({ purpose: 'purchase', ficoBand: easyBand, ltv, monthlyRent: 0 })
		record('True No Ratio option', quote, quote.noRatio)
	}
	return checks
}

/** Every claim of one short-term program with a scenario at its edge. */
export function shortTermClaimChecks(program: ShortTermProgram, sheet: ShortTermSheet): ClaimCheck[] {
	const checks: ClaimCheck[] = []
	const check = (claim: string, honoured: boolean, detail?: string) => checks.push({ program, claim, honoured, detail })
	const best = bestShortTermTerms(program, sheet)
	if (!best) {
		check(`${PROGRAM_NAMES[program]} loans are offered`, false, 'The program is not offered or its grid is empty')
		return checks
	}
	const claims = shortTermClaims(sheet)
	const topExperience = sheet.experienceTiers[sheet.experienceTiers.length - 1]!.from
	const topBand = sheet.creditBands[sheet.creditBands.length - 1]!.from
	// A project whose caps allow `loan`: the acquisition is what the as-is cap needs (construction: the cost cap).
	const project = (loan: number) => {
		const maxLtv = shortTermMaxLtv(program, sheet.caps) / 100
		if (program === 'short-term-bridge')
			return { acquisition: Math.ceil(loan / maxLtv), budget: 0, finishedValue: Math.ceil(loan / maxLtv) }
		if (program === 'fix-flip') {
			const acquisition = Math.ceil(loan / 2 / (sheet.caps.maxAsIsLtv / 100))
			const budget = Math.ceil(loan / 2 / (sheet.caps.maxBudgetFinanced / 100))
			return { acquisition, budget, finishedValue: (acquisition + budget) * 4 }
		}
		const cost = Math.ceil(loan / (sheet.caps.maxLoanToCost / 100))
		return { acquisition: Math.ceil(cost / 4), budget: cost - Math.ceil(cost / 4), finishedValue: cost * 4 }
	}
	const price = (facts: { experience?: number; ficoBand?: FicoBand; acquisition: number; budget: number; finishedValue: number }) =>
		priceShortTerm(sheet, { program, experience: topExperience, ficoBand: topBand, ...facts })
	const record = (claim: string, quote: ReturnType<typeof priceShortTerm>, extra = true, detail?: string) =>
		check(claim, quote.eligible && extra, quote.eligible ? detail : quote.failures.map((f) => f.message).join('; '))
	const middle = Math.min(Math.max(400_000, sheet.minLoan), sheet.maxLoan)

	// "Rates from": the cheapest cell prices at that rate.
	const cells = sheet.grid.flatMap((row, tier) =>
		row.flatMap((cell, band) => (cell ? [{ tier, band, rate: roundUpToStep(new Decimal(cell.rate)) }] : [])),
	)
	const cheapest = cells.reduce((low, cell) => (cell.rate.lt(low.rate) ? cell : low))
	const fromQuote = price({
		experience: sheet.experienceTiers[cheapest.tier]!.from,
		ficoBand: sheet.creditBands[cheapest.band]!.from,
		...project(middle),
	})
	record(`Rates from ${best.minRate} %`, fromQuote, fromQuote.rate === best.minRate, `Priced at ${fromQuote.rate} %`)

	// Minimum credit: the lowest band is lent to, with the experience that band is offered at.
	const lowBandTier = sheet.grid.findIndex((row) => row[0] !== null)
	if (lowBandTier < 0) check(`Credit from ${claims.minCredit}`, false, `No experience tier is offered to ${sheet.creditBands[0]!.label}`)
	else
		record(
			`Credit from ${claims.minCredit}`,
			price({ experience: sheet.experienceTiers[lowBandTier]!.from, ficoBand: sheet.creditBands[0]!.from, ...project(middle) }),
		)

	// The leverage each page prints: the largest loan reaches it exactly.
	const leverage = price(project(middle))
	const expected =
		program === 'fix-flip'
			? new Decimal(project(middle).acquisition)
					.mul(sheet.caps.maxAsIsLtv)
					.div(100)
					.plus(new Decimal(project(middle).budget).mul(sheet.caps.maxBudgetFinanced).div(100))
			: new Decimal(middle)
	record(
		program === 'fix-flip'
			? `Up to ${sheet.caps.maxAsIsLtv} % of purchase and ${sheet.caps.maxBudgetFinanced} % of rehab`
			: `Up to ${shortTermMaxLtv(program, sheet.caps)} % ${program === 'construction' ? 'of cost' : 'LTV'}`,
		leverage,
		new Decimal(leverage.loanAmount).gte(expected.div(1000).floor().mul(1000)),
		`Loan ${leverage.loanAmount}`,
	)

	// The loan range, both ends.
	record(`Loans from $${claims.minLoan.toLocaleString('en-US')}`, price(project(claims.minLoan)))
	record(`Loans up to $${claims.maxLoan.toLocaleString('en-US')}`, price(project(claims.maxLoan)))
	return checks
}

/** Every claim the public pages make of this sheet, checked. */
export function claimChecks(sheet: RateSheet): ClaimCheck[] {
	return [
		...dscrClaimChecks(sheet.dscr),
		...SHORT_TERM_PROGRAMS.flatMap((program) => shortTermClaimChecks(program, sheet.shortTerm[program])),
	]
}

/** The term range a product page prints (the loan-products record's, staff content), by the sheet's program. */
export type PageTermRanges = Partial<Record<'dscr' | ShortTermProgram, { minTermMonths: number; maxTermMonths: number }>>

/**
 * The claims the public pages make that this sheet would not honour, in words (empty when it honours them all):
 * the publish preview warns of them, and a test holds the seeded sheet to none. Some claims are in the copy itself:
 * the DSCR pages describe True No Ratio and the Florida page 5-10 unit properties; given the term ranges the pages
 * print (`terms`), a program quoted for a term outside its page's range is named too.
 */
export function publicClaimProblems(sheet: RateSheet, terms: PageTermRanges = {}): string[] {
	const problems = claimChecks(sheet)
		.filter((check) => !check.honoured)
		.map((check) => `${PROGRAM_NAMES[check.program]}: "${check.claim}" is not honoured${check.detail ? ` (${check.detail})` : ''}`)
	if (!sheet.dscr.noRatio.offered) problems.push('DSCR: the DSCR pages describe a True No Ratio option, which this sheet does not offer')
	if (sheet.dscr.propertyTypes['multi-family-5plus'] === null)
		problems.push('DSCR: the Florida page lists 5-10 unit properties, which this sheet does not finance')
	// The DSCR products amortize over 360 months (dscr-pricing.ts); a short-term program quotes its sheet's term.
	const quoted: Array<['dscr' | ShortTermProgram, number]> = [
		['dscr', 360],
		...SHORT_TERM_PROGRAMS.filter((program) => sheet.shortTerm[program].offered).map((program): ['dscr' | ShortTermProgram, number] => [
			program,
			sheet.shortTerm[program].termMonths,
		]),
	]
	for (const [program, months] of quoted) {
		const range = terms[program]
		if (range && (months < range.minTermMonths || months > range.maxTermMonths))
			problems.push(
				`${PROGRAM_NAMES[program]}: quotes a ${months}-month term, outside the ${range.minTermMonths}-${range.maxTermMonths} months its page advertises`,
			)
	}
	return problems
}

/**
 * The assumptions behind the home panel's starting rate and APR, in words (docs/decisions/0072): the loan the APR is
 * worked for and the finance charges in it, and the scenario the starting rate is for. Null when the sheet offers
 * no DSCR scenario.
 */
export function advertisedRateNote(sheet: RateSheet): string | null {
	const best = bestDscrTerms(sheet.dscr)
	if (!best) return null
	const claims = dscrClaims(sheet.dscr)
	const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`
	const points = new Decimal(sheet.dscr.fees.originationPoints).plus(best.points)
	const charges = [
		...(points.isZero()
			? []
			: [`${points.toString()} point${points.eq(1) ? '' : 's'} (${dollars(points.mul(APR_EXAMPLE.loanAmount).div(100).toNumber())})`]),
		...(sheet.dscr.fees.lenderFees > 0 ? [`${dollars(sheet.dscr.fees.lenderFees)} of lender fees`] : []),
	]
	return (
		`APR for a ${dollars(APR_EXAMPLE.loanAmount)} loan over ${APR_EXAMPLE.termMonths} months at ${formatRate(best.minRate)}` +
		`${charges.length === 0 ? ' with no finance charges' : ` with ${charges.join(' and ')}`}. ` +
		`The starting rate is for a ${PRODUCT_LABELS[best.product]} purchase of a rental with a credit score of ${claims.bestCredit} or more` +
		`${claims.betterDscr ? `, a DSCR of ${formatRatio(claims.betterDscr)} or more` : ''} and a low LTV; yours depends on your scenario.`
	)
}
