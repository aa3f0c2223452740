import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { type DscrRateInputs, type DscrScenario, buildDscrRate, maxDscrLoan, priceDscr, ficoRank } from './dscr-pricing.ts'
import { DSCR_PRODUCTS, DSCR_PURPOSES, FICO_BANDS, PREPAYMENT_OPTIONS, PROPERTY_TYPE_VALUES, type RateSheet } from './rate-sheet.ts'
import { MARKET_RATE_SHEET } from '../../../tests/fixtures/market-rate-sheet.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'
import { type ShortTermScenario, priceShortTerm } from './short-term-pricing.ts'

const sheet = MARKET_RATE_SHEET
const scenario = (overrides: Partial<DscrScenario>): DscrScenario => ({
	purpose: 'purchase',
	propertyValue: 400_000,
	loanAmount: 300_000,
	ficoBand: '740-759',
	propertyType: 'single-family',
	product: '30-year-fixed',
	prepayment: '3-2-1',
	interestOnly: false,
	points: 0,
	...overrides,
})

const shortTerm = (overrides: Partial<ShortTermScenario>): ShortTermScenario => ({
	program: 'fix-flip',
	acquisition: 200_000,
	budget: 50_000,
	finishedValue: 350_000,
	experience: 2,
	ficoBand: '720-739',
	...overrides,
})

const rateInputs = fc.record<DscrRateInputs>({
	product: fc.constantFrom(...DSCR_PRODUCTS),
	ficoBand: fc.constantFrom(...FICO_BANDS),
	ltv: fc.integer({ min: 0, max: 8000 }).map((hundredths) => hundredths / 100),
	dscr: fc.integer({ min: 0, max: 300 }).map((hundredths) => (hundredths / 100).toFixed(2)),
	loanAmount: fc.integer({ min: 100, max: 3000 }).map((thousands) => thousands * 1000),
	propertyType: fc.constantFrom(...PROPERTY_TYPE_VALUES),
	purpose: fc.constantFrom(...DSCR_PURPOSES),
	prepayment: fc.constantFrom(...PREPAYMENT_OPTIONS),
	interestOnly: fc.boolean(),
	points: fc.constantFrom(0, 0.5, 1, 1.5, 2),
})

describe('pricing properties', () => {
	test('the rate never falls as the FICO falls or the LTV rises (a pair not offered has no rate)', () => {
		fc.assert(
			fc.property(rateInputs, fc.constantFrom(...FICO_BANDS), fc.integer({ min: 0, max: 2000 }), (inputs, lowerBand, ltvRise) => {
				const worse = {
					...inputs,
					ficoBand: ficoRank(lowerBand) <= ficoRank(inputs.ficoBand) ? lowerBand : inputs.ficoBand,
					ltv: Number(inputs.ltv) + ltvRise / 100,
				}
				const [before, after] = [buildDscrRate(sheet.dscr, inputs), buildDscrRate(sheet.dscr, worse)]
				if (before.rate === null || after.rate === null) return before.rate !== null || after.rate === null
				return Number(after.rate) >= Number(before.rate)
			}),
		)
	})

	test('a result’s lines add up to its rate', () => {
		fc.assert(
			fc.property(rateInputs, (inputs) => {
				const build = buildDscrRate(sheet.dscr, inputs)
				if (build.rate === null) return true
				const sum = build.lines.reduce((total, line) => total + Math.round(Number(line.percent) * 1000), 0)
				return sum === Math.round(Number(build.rate) * 1000)
			}),
		)
	})

	test('the largest loan meets the minimum DSCR at its own rate, and $1,000 more does not qualify', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 150, max: 1500 }).map((thousands) => thousands * 1000),
				fc.integer({ min: 500, max: 15_000 }),
				fc.constantFrom<'740-759' | '800+' | '680-699'>('740-759', '800+', '680-699'),
				(propertyValue, monthlyRent, ficoBand) => {
					const best = maxDscrLoan(sheet.dscr, { ...scenario({ propertyValue, ficoBand }), monthlyRent })
					if (best === null) return true
					const atMost = Math.min(Math.floor((propertyValue * 0.8) / 1000) * 1000, sheet.dscr.eligibility.maxLoan)
					const more = priceDscr(sheet.dscr, scenario({ propertyValue, ficoBand, monthlyRent, loanAmount: best.loanAmount + 1000 }))
					return (
						best.eligible &&
						Number(best.dscr) >= Number(sheet.dscr.eligibility.minDscr) &&
						best.loanAmount % 1000 === 0 &&
						(best.loanAmount === atMost || !more.eligible)
					)
				},
			),
			{ numRuns: 60 },
		)
	})

	test('re-pricing a frozen snapshot (the sheet and the scenario as stored JSON) gives the same figures', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 100, max: 2000 }).map((thousands) => thousands * 1000),
				fc.integer({ min: 50, max: 80 }),
				fc.integer({ min: 1000, max: 20_000 }),
				(propertyValue, ltv, monthlyRent) => {
					const input = scenario({ propertyValue, loanAmount: Math.floor((propertyValue * ltv) / 100_000) * 1000, monthlyRent })
					const snapshot = JSON.parse(JSON.stringify({ sheet: sheet.dscr, input })) as { sheet: RateSheet['dscr']; input: DscrScenario }
					expect(priceDscr(snapshot.sheet, snapshot.input)).toEqual(priceDscr(sheet.dscr, input))
				},
			),
			{ numRuns: 50 },
		)
	})
})

describe('a DSCR below every tier (the seeded sheet’s tiers start at its 1.00 minimum)', () => {
	const lowRent = {
		purpose: 'purchase',
		propertyValue: 500_000,
		loanAmount: 75_000,
		ficoBand: '800+',
		propertyType: 'single-family',
		product: '30-year-fixed',
		prepayment: '3-2-1',
		interestOnly: false,
		points: 0,
		monthlyRent: 900,
	} as const

	test('is stated at the rate it prices at: $75,000 at 6.375 % pays $467.90, with $708.33 of taxes and insurance; 75 % of $900 ÷ $1,176.23 = 0.57', () => {
		const sheet = structuredClone(SEED_RATE_SHEET.dscr)
		sheet.noRatio.offered = false
		expect(priceDscr(sheet, lowRent).failures.map((failure) => failure.message)).toEqual(['A DSCR of 0.57 is below our minimum of 1.00'])
	})

	test('with True No Ratio offered the same loan prices without the ratio, its adjustment in place of a tier’s', () => {
		const quote = priceDscr(SEED_RATE_SHEET.dscr, lowRent)
		// 6.125 − 0.250 (800+, below 60 %) + 0.500 (a loan under $150,000) + 1.000 (True No Ratio) = 7.375.
		expect(quote).toMatchObject({ eligible: true, noRatio: true, rate: '7.375' })
		expect(quote.lines).toContainEqual({ label: 'True No Ratio', reason: 'Qualified without the rent', percent: '+1.000' })
	})
})

describe('rules a sheet edit or a refactor must not bend', () => {
	test('a DSCR exactly at the minimum is priced, not refused (and not sent to True No Ratio); less rent is below it', () => {
		// A rent whose DSCR lands on a figure, then the sheet's minimum set to that very figure.
		const base = scenario({ purpose: 'purchase', propertyValue: 500_000, loanAmount: 350_000, ficoBand: '760-779', monthlyRent: 3_400 })
		const priced = priceDscr(sheet.dscr, base)
		expect(priced.rate).not.toBeNull()
		const atMinimum = structuredClone(sheet.dscr)
		atMinimum.eligibility.minDscr = priced.dscr!
		atMinimum.noRatio.offered = true
		const quote = priceDscr(atMinimum, base)
		expect(quote.dscr).toBe(priced.dscr)
		expect(quote).toMatchObject({ eligible: true, noRatio: false, failures: [] })
		expect(quote.rate).toBe(priced.rate)
		// The same minimum with less rent: below it, so not priced as a DSCR loan of its own.
		const less = priceDscr({ ...atMinimum, noRatio: { ...atMinimum.noRatio, offered: false } }, { ...base, monthlyRent: 3_300 })
		expect(less.failures.map((failure) => failure.rule)).toContain('min-dscr')
	})

	test('interest-only payments switched off in the sheet are not offered; switched on, they are priced with their adjustment', () => {
		const off = structuredClone(sheet.dscr)
		off.interestOnly.offered = false
		const refused = priceDscr(off, scenario({ interestOnly: true }))
		expect(refused).toMatchObject({ eligible: false, rate: null })
		expect(refused.failures).toContainEqual({ rule: 'interest-only', message: 'Interest-only payments are not offered' })
		// The amortizing loan of the same sheet is still priced.
		expect(priceDscr(off, scenario({ interestOnly: false })).eligible).toBe(true)
		const on = structuredClone(sheet.dscr)
		on.interestOnly = { offered: true, adjustment: '0.250' }
		const priced = priceDscr(on, scenario({ interestOnly: true }))
		expect(priced.eligible).toBe(true)
		expect(priced.lines).toContainEqual({ label: 'Interest only', reason: 'Interest-only payments', percent: '+0.250' })
	})

	test('a short-term grid rate between steps is rounded up to the next 0.125 %, never down, and the rounding is a line', () => {
		const between = structuredClone(sheet.shortTerm['fix-flip'])
		between.grid = between.grid.map((row) => row.map((cell) => (cell ? { ...cell, rate: '10.010' } : cell)))
		const quote = priceShortTerm(between, shortTerm({}))
		expect(quote.rate).toBe('10.125')
		expect(quote.lines).toContainEqual({ label: 'Rounding', reason: 'Rounded up to the next 0.125 %', percent: '+0.115' })
		// 220,000 × 10.125 % ÷ 12, the interest of the rounded rate.
		expect(quote.monthlyInterest).toBe('1856.25')
		// A rate on a step stays as it is.
		const onStep = structuredClone(sheet.shortTerm['fix-flip'])
		onStep.grid = onStep.grid.map((row) => row.map((cell) => (cell ? { ...cell, rate: '10.250' } : cell)))
		const exact = priceShortTerm(onStep, shortTerm({}))
		expect(exact.rate).toBe('10.250')
		expect(exact.lines.map((line) => line.label)).not.toContain('Rounding')
	})
})
