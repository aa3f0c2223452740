import { describe, expect, test } from 'vitest'
import { type DscrScenario, priceDscr, withoutNoRatio } from './dscr-pricing.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'
import { dscrScenario } from '../../../tests/fixtures/hand-priced/dscr.ts'
import { type ShortTermScenario, priceShortTerm } from './short-term-pricing.ts'

/** The seeded sheet's figures, each on its own (docs/decisions/0072; spec 1 §9, spec 2 §9). */
const dscr = SEED_RATE_SHEET.dscr
/** The fixtures' purchase (30-year fixed, 3-2-1, no points, 740-759) of $290,000 on $500,000. */
const scenario = (overrides: Partial<DscrScenario>): DscrScenario =>
	dscrScenario({ propertyValue: 500_000, loanAmount: 290_000, monthlyRent: 5000, ...overrides })
const percentOf = (quote: ReturnType<typeof priceDscr>, label: string) => quote.lines.find((line) => line.label === label)?.percent
const rules = (quote: { failures: { rule: string }[] }) => quote.failures.map((failure) => failure.rule)

describe('DSCR adjustments of the seeded sheet', () => {
	test('a condo adds 0.250, a cash-out 0.375, no prepayment penalty 0.750, interest only 0.250', () => {
		expect(percentOf(priceDscr(dscr, scenario({ propertyType: 'condo-townhome' })), 'Property type')).toBe('+0.250')
		expect(percentOf(priceDscr(dscr, scenario({ purpose: 'cash-out' })), 'Purpose')).toBe('+0.375')
		const noPenalty = priceDscr(dscr, scenario({ prepayment: 'none' }))
		expect(noPenalty.eligible).toBe(true)
		expect(percentOf(noPenalty, 'Prepayment')).toBe('+0.750')
		expect(percentOf(priceDscr(dscr, scenario({ interestOnly: true })), 'Interest only')).toBe('+0.250')
	})

	test('the loan-amount tier of $150,000 starts at $150,000 itself (+0.125), $149,000 is below it (+0.500)', () => {
		expect(percentOf(priceDscr(dscr, scenario({ loanAmount: 150_000 })), 'Loan amount')).toBe('+0.125')
		expect(percentOf(priceDscr(dscr, scenario({ loanAmount: 149_000 })), 'Loan amount')).toBe('+0.500')
	})

	test('640-659 credit is not offered at 70 % LTV, nor 600-619 at any LTV', () => {
		expect(rules(priceDscr(dscr, scenario({ ficoBand: '640-659', loanAmount: 350_000 })))).toContain('credit-ltv')
		expect(priceDscr(dscr, scenario({ ficoBand: '640-659', loanAmount: 345_000 })).eligible).toBe(true)
		expect(rules(priceDscr(dscr, scenario({ ficoBand: '600-619', loanAmount: 100_000 })))).toContain('credit-ltv')
	})

	test('an unknown rent is priced at an assumed DSCR of 1.25', () => {
		const quote = priceDscr(dscr, scenario({ monthlyRent: undefined }))
		expect(quote.dscr).toBe('1.25')
		expect(quote.assumptions).toContain('A DSCR of 1.25 (the rent is not known yet)')
	})

	test('below a DSCR of 1.00 (True No Ratio off) the LTV may be 70 % but not above', () => {
		const sheet = withoutNoRatio(dscr)
		expect(rules(priceDscr(sheet, scenario({ loanAmount: 350_000, monthlyRent: 1000 })))).not.toContain('ltv-below-dscr-one')
		expect(rules(priceDscr(sheet, scenario({ loanAmount: 351_000, monthlyRent: 1000 })))).toContain('ltv-below-dscr-one')
	})
})

const shortTerm = (overrides: Partial<ShortTermScenario>): ShortTermScenario => ({
	program: 'fix-flip',
	acquisition: 200_000,
	budget: 50_000,
	finishedValue: 500_000,
	experience: 5,
	ficoBand: '740-759',
	...overrides,
})

describe('short-term programs of the seeded sheet', () => {
	test('fix & flip from 8.75 % with 1.25 points (5+ projects, 740+)', () => {
		const quote = priceShortTerm(SEED_RATE_SHEET.shortTerm['fix-flip'], shortTerm({}))
		expect(quote.rate).toBe('8.750')
		expect(quote.points).toBe('1.250')
	})

	test('a bridge for 5+ projects and 700-739 credit is 8.75 % with 1.25 points', () => {
		const bridge = shortTerm({ program: 'short-term-bridge', budget: 0, ficoBand: '700-719' })
		const quote = priceShortTerm(SEED_RATE_SHEET.shortTerm['short-term-bridge'], bridge)
		expect(quote.rate).toBe('8.750')
		expect(quote.points).toBe('1.250')
	})

	test('construction runs 18 months and needs at least one completed build', () => {
		const sheet = SEED_RATE_SHEET.shortTerm.construction
		expect(priceShortTerm(sheet, shortTerm({ program: 'construction', finishedValue: 400_000 })).termMonths).toBe(18)
		const novice = priceShortTerm(sheet, shortTerm({ program: 'construction', experience: 0 }))
		expect(novice.failures).toContainEqual(
			expect.objectContaining({ rule: 'experience', message: 'A construction loan needs at least 1 completed project' }),
		)
	})

	test('a program the sheet switches off is refused with the reason', () => {
		const sheet = { ...SEED_RATE_SHEET.shortTerm['short-term-bridge'], offered: false }
		const quote = priceShortTerm(sheet, shortTerm({ program: 'short-term-bridge', budget: 0 }))
		expect(quote.eligible).toBe(false)
		expect(quote.failures).toContainEqual({ rule: 'program', message: 'We do not offer a bridge loan right now' })
	})

	test('a bridge refinance asking exactly the 80 % cap is priced as asked; $1,000 more is not', () => {
		const sheet = SEED_RATE_SHEET.shortTerm['short-term-bridge']
		const base = shortTerm({ program: 'short-term-bridge', budget: 0, acquisition: 400_000, finishedValue: 400_000, refinance: true })
		const atCap = priceShortTerm(sheet, { ...base, loanAmount: 320_000 })
		expect(atCap.eligible).toBe(true)
		expect(atCap.loanAmount).toBe(320_000)
		expect(atCap.leverage[1]?.label).toBe('Loan to value')
		expect(rules(priceShortTerm(sheet, { ...base, loanAmount: 321_000 }))).toContain('max-leverage')
	})

	test('only the sheet’s share of the rehab budget is financed', () => {
		const sheet = { ...SEED_RATE_SHEET.shortTerm['fix-flip'] }
		sheet.caps = { ...sheet.caps, maxBudgetFinanced: 50 }
		// 92.5 % of $200,000 plus half of $100,000.
		const quote = priceShortTerm(sheet, shortTerm({ budget: 100_000, finishedValue: 1_000_000 }))
		expect(quote.loanAmount).toBe(235_000)
	})
})
