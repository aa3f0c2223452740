import { describe, expect, test } from 'vitest'
import { type DscrScenario, maxDscrLoan, priceDscr } from './dscr-pricing.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'
import { dscrScenario } from '../../../tests/fixtures/hand-priced/dscr.ts'

/** Edges of the DSCR pricing rules on the seeded sheet (docs/decisions/0072; spec 1 §9, spec 2 §9). */
const sheet = SEED_RATE_SHEET.dscr
/** The fixtures' purchase (30-year fixed, 3-2-1, no points, 740-759) of $290,000 on $500,000. */
const scenario = (overrides: Partial<DscrScenario>): DscrScenario =>
	dscrScenario({ propertyValue: 500_000, loanAmount: 290_000, ...overrides })
const line = (quote: ReturnType<typeof priceDscr>, label: string) => quote.lines.find((entry) => entry.label === label)

describe('prepayment options, each on its own', () => {
	test('the 5-year prepayment, not offered on the seeded sheet, gives no rate but the reason', () => {
		const quote = priceDscr(sheet, scenario({ prepayment: '5-4-3-2-1' }))
		expect(quote.eligible).toBe(false)
		expect(quote.rate).toBeNull()
		expect(quote.failures).toContainEqual({ rule: 'prepayment', message: 'The 5-year prepayment (5-4-3-2-1) option is not offered' })
	})

	test('the 1-year prepayment adds 0.375 and is named as such', () => {
		const quote = priceDscr(sheet, scenario({ prepayment: '1-year' }))
		expect(line(quote, 'Prepayment')).toEqual({ label: 'Prepayment', reason: '1-year prepayment', percent: '+0.375' })
	})
})

describe('points bought', () => {
	test('one point is "1 point bought" (singular) and takes 0.250 off', () => {
		expect(line(priceDscr(sheet, scenario({ points: 1 })), 'Points')).toEqual({
			label: 'Points',
			reason: '1 point bought',
			percent: '-0.250',
		})
	})

	test('two points are "2 points bought" and take 0.500 off', () => {
		expect(line(priceDscr(sheet, scenario({ points: 2 })), 'Points')?.reason).toBe('2 points bought')
	})
})

describe('the rate floor', () => {
	test('a rate landing exactly on the 5.875 % floor has no floor line', () => {
		// 6.125 base − 0.250 (700+ under 60 % LTV), nothing else: 5.875 itself.
		const quote = priceDscr(sheet, scenario({ loanAmount: 290_000, monthlyRent: 5000 }))
		expect(quote.rate).toBe('5.875')
		expect(line(quote, 'Rate floor')).toBeUndefined()
	})

	test('a rate below the floor is raised to it with a line saying so', () => {
		const quote = priceDscr(sheet, scenario({ product: '5-6-arm', monthlyRent: 5000 }))
		expect(quote.rate).toBe('5.875')
		expect(line(quote, 'Rate floor')).toEqual({ label: 'Rate floor', reason: 'No rate is below 5.875 %', percent: '+0.250' })
	})
})

describe('monthly figures and assumptions', () => {
	test('taxes and insurance given are a twelfth of the year to the nearest cent', () => {
		const quote = priceDscr(sheet, scenario({ annualTaxes: 1000, annualInsurance: 1001, monthlyHoa: 0, monthlyRent: 5000 }))
		expect(quote.monthly?.taxes).toBe('83.33')
		expect(quote.monthly?.insurance).toBe('83.42')
	})

	test('the share of the rent counted is stated at 75 %, and not at all when the whole rent counts', () => {
		const counted = priceDscr(sheet, scenario({ monthlyRent: 4000 }))
		expect(counted.assumptions).toContain('The DSCR counts 75 % of the rent ($3,000 of $4,000)')
		const whole = priceDscr({ ...sheet, rentCountedPercent: 100 }, scenario({ monthlyRent: 4000 }))
		expect(whole.assumptions.some((text) => text.startsWith('The DSCR counts'))).toBe(false)
	})
})

describe('True No Ratio up to 70 % LTV', () => {
	// A rent far too low for a DSCR of 1.00: True No Ratio prices it, up to 70 % LTV (spec 1 §1).
	test('exactly 70 % LTV qualifies with True No Ratio', () => {
		const quote = priceDscr(sheet, scenario({ loanAmount: 350_000, monthlyRent: 500 }))
		expect(quote.noRatio).toBe(true)
		expect(quote.eligible).toBe(true)
	})

	test('$1,000 above 70 % LTV does not', () => {
		const quote = priceDscr(sheet, scenario({ loanAmount: 351_000, monthlyRent: 500 }))
		expect(quote.noRatio).toBe(true)
		expect(quote.failures.map((failure) => failure.rule)).toContain('no-ratio-ltv')
	})
})

describe('the largest loan a rent carries', () => {
	test('a rent that carries no loan gives none, though True No Ratio is offered', () => {
		expect(maxDscrLoan(sheet, { ...scenario({}), monthlyRent: 500 })).toBeNull()
	})

	test('the $5,000,000 maximum itself is found for a large rent', () => {
		const best = maxDscrLoan(sheet, { ...scenario({}), propertyValue: 10_000_000, monthlyRent: 200_000 })
		expect(best?.loanAmount).toBe(5_000_000)
	})

	test('the $75,000 minimum itself is found when 80 % LTV allows no more', () => {
		// 80 % of $94,000 is $75,200: rounded down to $1,000, $75,000.
		const best = maxDscrLoan(sheet, { ...scenario({}), propertyValue: 94_000, monthlyRent: 5000 })
		expect(best?.loanAmount).toBe(75_000)
	})

	test('the 80 % LTV cap is rounded down to $1,000', () => {
		// 80 % of $401,900 is $321,520.
		const best = maxDscrLoan(sheet, { ...scenario({}), propertyValue: 401_900, monthlyRent: 10_000 })
		expect(best?.loanAmount).toBe(321_000)
	})
})
