import { describe, expect, test } from 'vitest'
import { type DscrScenario, maxDscrLoan, monthlyPayment, priceDscr } from './dscr-pricing.ts'
import { type RateSheet, rateSheetProblems } from './rate-sheet.ts'
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

describe('the rate sheet document', () => {
	test("the seeded sheet and the tests' market sheet are valid", () => {
		expect(rateSheetProblems(SEED_RATE_SHEET)).toEqual([])
		expect(rateSheetProblems(MARKET_RATE_SHEET)).toEqual([])
	})

	test('a bad import names the path and reason of every problem', () => {
		const bad = structuredClone(MARKET_RATE_SHEET) as unknown as Record<string, Record<string, unknown>>
		const dscr = bad.dscr as unknown as RateSheet['dscr']
		dscr.baseRate = '6.2501'
		dscr.creditLtv['800+'] = ['0.000']
		dscr.ltvBuckets = [0, 60, 55]
		;(bad.shortTerm!['fix-flip'] as RateSheet['shortTerm']['fix-flip']).grid.pop()
		expect(rateSheetProblems(bad)).toEqual(
			expect.arrayContaining([
				'dscr.baseRate: Write a percentage from 0 with at most 3 decimals, such as 6.250',
				'dscr.ltvBuckets: List the LTV buckets from the lowest, each above the last',
			]),
		)
		const fixed = structuredClone(bad) as unknown as RateSheet
		fixed.dscr.baseRate = '6.250'
		fixed.dscr.ltvBuckets = [0, 55, 60, 65, 70, 75]
		expect(rateSheetProblems(fixed)).toEqual([
			'dscr.creditLtv.800+: Give one cell per LTV bucket (6), not 1',
			'shortTerm.fix-flip.grid: Give one row per experience tier (3), not 2',
		])
		fixed.dscr.creditLtv['800+'] = [...MARKET_RATE_SHEET.dscr.creditLtv['800+']]
		expect(rateSheetProblems(fixed)).toEqual(['shortTerm.fix-flip.grid: Give one row per experience tier (3), not 2'])
	})

	test('a document of another format is refused, not misread', () => {
		expect(rateSheetProblems({ ...MARKET_RATE_SHEET, format: 2 })).toEqual(['format: Invalid input: expected 1'])
	})
})

describe('payments to the cent', () => {
	// Published amortisation figures (30 years, monthly).
	test.each([
		[100_000, '6.000', '599.55'],
		[200_000, '7.000', '1330.60'],
		[300_000, '6.250', '1847.15'],
		[250_000, '6.500', '1580.17'],
		[150_000, '7.500', '1048.82'],
		[300_000, '6.750', '1945.79'],
	])('a loan of $%i at %s percent pays $%s a month', (loan, rate, payment) => {
		expect(monthlyPayment(loan, rate, false).toFixed(2)).toBe(payment)
	})

	test('interest only is loan × rate ÷ 12, to the cent', () => {
		expect(monthlyPayment(375_000, '8.750', true).toFixed(2)).toBe('2734.38')
	})
})

/** Scenarios priced by hand from the tests' market sheet (docs/pricing-rate-sheet.md walks through the first). */
describe('DSCR scenarios priced by hand', () => {
	test.each<[string, Partial<DscrScenario>, string]>([
		// 6.250 + 0.500 (740-759, LTV 75+) - 0.250 (5-4-3-2-1) - 0.250 (1 point)
		['purchase at 75 % with a 5-year prepayment and a point', { prepayment: '5-4-3-2-1', points: 1, monthlyRent: 3200 }, '6.250'],
		// 6.250 + 0.500; DSCR 3,200 / 2,512.46 = 1.27, no DSCR adjustment
		['purchase at 75 % with a 3-year prepayment', { monthlyRent: 3200 }, '6.750'],
		// 6.250 - 0.250 (800+, LTV under 55) - 0.250 - 0.500 (2 points) = 5.250, raised to the 6.000 floor
		[
			'a best case is held at the floor',
			{ propertyValue: 600_000, ficoBand: '800+', prepayment: '5-4-3-2-1', points: 2, monthlyRent: 5000 },
			'6.000',
		],
		// 6.250 + 1.000 (700-719, 75+) + 0.375 (cash-out) + 0.875 (no prepayment) + 0.250 (IO) = 8.750 at DSCR 1.16
		// -> 8.875 (1.15 tier) at DSCR 1.14 -> 9.000 (1.00 tier) at DSCR 1.13: stays
		[
			'an interest-only cash-out whose DSCR tier moves twice',
			{
				purpose: 'cash-out',
				propertyValue: 500_000,
				loanAmount: 375_000,
				ficoBand: '700-719',
				prepayment: 'none',
				interestOnly: true,
				monthlyRent: 4000,
			},
			'9.000',
		],
		// 6.250 - 0.375 (5/6 ARM) + 0.125 (780-799, 70-75) + 0.125 (rate/term) + 0.250 (2-4 units) + 0.500 (1 year) - 0.125 (half a point)
		[
			'a rate/term refinance of a 2-4 unit on a 5/6 ARM',
			{
				purpose: 'rate-term',
				propertyValue: 800_000,
				loanAmount: 560_000,
				ficoBand: '780-799',
				propertyType: 'multi-family',
				product: '5-6-arm',
				prepayment: '1-year',
				points: 0.5,
				monthlyRent: 8000,
			},
			'6.750',
		],
		// 6.250 + 0.125 (800+, 70-75) + 0.125 (loan 1.5M+) - 0.250 (5-4-3-2-1)
		[
			'a large loan',
			{ propertyValue: 2_500_000, loanAmount: 1_750_000, ficoBand: '800+', prepayment: '5-4-3-2-1', monthlyRent: 20_000 },
			'6.250',
		],
		// 6.250 + 1.000 (680-699, 70-75) + 0.500 (mixed use)
		[
			'mixed use at 72 %',
			{ propertyValue: 500_000, loanAmount: 360_000, ficoBand: '680-699', propertyType: 'mixed-use-2-8', monthlyRent: 6000 },
			'7.750',
		],
		// 6.250 - 0.250 (7/6 ARM) + 0.750 (720-739, 75+) + 0.125 (loan 150-250k) + 0.250 (condo); assumed DSCR 1.25
		[
			'no rent yet: the assumed DSCR',
			{ propertyValue: 300_000, loanAmount: 225_000, ficoBand: '720-739', propertyType: 'condo-townhome', product: '7-6-arm' },
			'7.125',
		],
	])('%s: %s %%', (_name, overrides, rate) => {
		const quote = priceDscr(sheet.dscr, scenario(overrides))
		expect(quote.failures).toEqual([])
		expect(quote.rate).toBe(rate)
	})

	test('the first scenario in full: payment, PITIA, DSCR, cash to close and its lines', () => {
		const quote = priceDscr(sheet.dscr, scenario({ prepayment: '5-4-3-2-1', points: 1, monthlyRent: 3200 }))
		expect(quote.monthly).toEqual({ payment: '1847.15', taxes: '400.00', insurance: '166.67', hoa: '0.00', pitia: '2413.82' })
		expect(quote.dscr).toBe('1.32')
		expect(quote.ltv).toBe('75.00')
		expect(quote.pointsCost).toBe('3000.00')
		expect(quote.cashToClose).toBe('103000.00')
		expect(quote.lines.map((line) => [line.label, line.percent])).toEqual([
			['Base rate', '6.250'],
			['Credit and LTV', '+0.500'],
			['Prepayment', '-0.250'],
			['Points', '-0.250'],
		])
	})

	test('the floor is a line of its own', () => {
		const quote = priceDscr(
			sheet.dscr,
			scenario({ propertyValue: 600_000, ficoBand: '800+', prepayment: '5-4-3-2-1', points: 2, monthlyRent: 5000 }),
		)
		expect(quote.lines.at(-1)).toEqual({ label: 'Rate floor', reason: 'No rate is below 6.000 %', percent: '+0.750' })
	})

	test('a rate between steps is rounded up to the next 0.125 % and says so', () => {
		const odd = { ...sheet.dscr, baseRate: '6.100' }
		const quote = priceDscr(odd, scenario({ monthlyRent: 3200 }))
		expect(quote.rate).toBe('6.625')
		expect(quote.lines.at(-1)).toEqual({ label: 'Rounding', reason: 'Rounded up to the next 0.125 %', percent: '+0.025' })
	})

	test('without a rent the terms state the DSCR they assume, and the taxes and insurance', () => {
		const quote = priceDscr(sheet.dscr, scenario({}))
		expect(quote.dscrAssumed).toBe(true)
		expect(quote.dscr).toBe('1.25')
		expect(quote.assumptions).toEqual([
			'Property taxes of 1.200 % of the value a year ($4,800)',
			'Insurance of 0.500 % of the value a year ($2,000)',
			'No HOA dues',
			'A DSCR of 1.25 (the rent is not known yet)',
		])
	})
})

describe('DSCR scenarios that do not qualify', () => {
	test.each<[string, Partial<DscrScenario>, string[]]>([
		['a purchase above 80 % LTV', { loanAmount: 340_000, monthlyRent: 4000 }, ['max-ltv']],
		['a FICO below the minimum', { ficoBand: '640-659', monthlyRent: 4000 }, ['credit-ltv', 'min-fico']],
		['a commercial property', { propertyType: 'commercial', monthlyRent: 4000 }, ['property-type']],
		['a 680 FICO above 75 % LTV', { ficoBand: '680-699', loanAmount: 304_000, monthlyRent: 4000 }, ['credit-ltv']],
		['a DSCR of 0.60 at 70 % LTV', { loanAmount: 280_000, ficoBand: '760-779', monthlyRent: 1500 }, ['min-dscr', 'ltv-below-dscr-one']],
		['a loan below $100,000', { propertyValue: 200_000, loanAmount: 90_000, monthlyRent: 2000 }, ['loan-range']],
		['a cash-out above 75 %', { purpose: 'cash-out', loanAmount: 304_000, monthlyRent: 4000 }, ['max-ltv']],
		['points off the sheet', { points: 0.25, monthlyRent: 4000 }, ['points']],
	])('%s', (_name, overrides, rules) => {
		const quote = priceDscr(sheet.dscr, scenario(overrides))
		expect(quote.eligible).toBe(false)
		expect(quote.rate).toBeNull()
		expect(quote.failures.map((failure) => failure.rule)).toEqual(rules)
	})

	test('the minimum FICO band itself meets the credit rule; the band below it does not', () => {
		expect(sheet.dscr.eligibility.minFico).toBe('660-679')
		const rules = (ficoBand: DscrScenario['ficoBand']) =>
			priceDscr(sheet.dscr, scenario({ ficoBand, monthlyRent: 4000 })).failures.map((failure) => failure.rule)
		expect(rules('660-679')).not.toContain('min-fico')
		expect(rules('640-659')).toContain('min-fico')
	})

	test('an LTV above the cap says what would qualify', () => {
		const quote = priceDscr(sheet.dscr, scenario({ loanAmount: 340_000, monthlyRent: 4000 }))
		expect(quote.failures[0]).toEqual({
			rule: 'max-ltv',
			message: '85 % LTV is above the 80 % we lend for a purchase',
			qualifiesWith: 'At 80 % LTV (a loan of $320,000) this qualifies',
		})
	})
})

describe('the largest DSCR loan', () => {
	test('for a rent of $2,500 on a $400,000 purchase: $299,000 (at $300,000 the 75 % bucket drops the DSCR below 1.00 above 65 %)', () => {
		const best = maxDscrLoan(sheet.dscr, { ...scenario({}), prepayment: '5-4-3-2-1', monthlyRent: 2500 })
		expect(best?.loanAmount).toBe(299_000)
		expect(best?.rate).toBe('6.625')
		expect(best?.dscr).toBe('1.00')
	})

	test('a rent too low for any loan gives none', () => {
		expect(maxDscrLoan(sheet.dscr, { ...scenario({}), propertyValue: 150_000, monthlyRent: 300 })).toBeNull()
	})
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

describe('short-term scenarios priced by hand', () => {
	test('fix & flip: the as-is cap sets the loan (200,000 × 85 % + 50,000)', () => {
		const quote = priceShortTerm(sheet.shortTerm['fix-flip'], shortTerm({}))
		expect(quote).toMatchObject({
			eligible: true,
			loanAmount: 220_000,
			rate: '10.750',
			points: '2.000',
			pointsCost: '4400.00',
			monthlyInterest: '1970.83',
			totalCost: '28049.96',
			cashToClose: '34400.00',
		})
		expect(quote.leverage.map((item) => [item.label, item.percent, item.cap])).toEqual([
			['Loan to cost', '88.00', 90],
			['Loan to after-repair value', '62.86', 75],
			['Loan to as-is value', '85.00', 85],
		])
	})

	test('bridge: a new investor with 800+ credit, 75 % of the value', () => {
		const quote = priceShortTerm(
			sheet.shortTerm['short-term-bridge'],
			shortTerm({ program: 'short-term-bridge', acquisition: 500_000, budget: 0, finishedValue: 500_000, experience: 0, ficoBand: '800+' }),
		)
		expect(quote).toMatchObject({
			loanAmount: 375_000,
			rate: '10.500',
			pointsCost: '6562.50',
			monthlyInterest: '3281.25',
			totalCost: '45937.50',
			cashToClose: '131562.50',
		})
	})

	test('bridge refinance: the balance is the loan when the caps allow it, and the cash to close is the points', () => {
		const refinance = {
			program: 'short-term-bridge',
			acquisition: 400_000,
			budget: 0,
			finishedValue: 400_000,
			experience: 0,
			ficoBand: '800+',
		} as const
		// 250,000 ≤ 75 % × 400,000; 10.500 % and 1.750 points (new investor, 800+); 250,000 × 10.5 % ÷ 12 = 2,187.50;
		// 12 × 2,187.50 + 4,375.00 = 30,625.00.
		expect(
			priceShortTerm(sheet.shortTerm['short-term-bridge'], shortTerm({ ...refinance, loanAmount: 250_000, refinance: true })),
		).toMatchObject({
			eligible: true,
			loanAmount: 250_000,
			rate: '10.500',
			pointsCost: '4375.00',
			monthlyInterest: '2187.50',
			totalCost: '30625.00',
			cashToClose: '4375.00',
		})
		const above = priceShortTerm(sheet.shortTerm['short-term-bridge'], shortTerm({ ...refinance, loanAmount: 320_000, refinance: true }))
		expect(above).toMatchObject({ eligible: false, rate: null, loanAmount: 300_000 })
		expect(above.failures).toEqual([
			{
				rule: 'max-leverage',
				message: 'A loan of $320,000 is above the $300,000 our caps allow for this bridge loan',
				qualifiesWith: 'A loan of $300,000 or less qualifies',
			},
		])
	})

	test('construction: the cost cap sets the loan, over 18 months', () => {
		const quote = priceShortTerm(
			sheet.shortTerm.construction,
			shortTerm({
				program: 'construction',
				acquisition: 100_000,
				budget: 400_000,
				finishedValue: 700_000,
				experience: 6,
				ficoBand: '760-779',
			}),
		)
		expect(quote).toMatchObject({
			loanAmount: 425_000,
			rate: '10.875',
			monthlyInterest: '3851.56',
			totalCost: '77828.08',
			cashToClose: '83500.00',
		})
	})

	test('fix & flip: the program maximum caps a large project', () => {
		const quote = priceShortTerm(
			sheet.shortTerm['fix-flip'],
			shortTerm({ acquisition: 3_000_000, budget: 1_000_000, finishedValue: 6_000_000, experience: 10, ficoBand: '800+' }),
		)
		expect(quote).toMatchObject({ loanAmount: 3_000_000, rate: '10.000', totalCost: '345000.00', cashToClose: '1045000.00' })
	})

	test.each<[string, ShortTermScenario, string[]]>([
		[
			'a first construction project',
			shortTerm({ program: 'construction', experience: 0, acquisition: 100_000, budget: 400_000, finishedValue: 700_000 }),
			['experience'],
		],
		['a FICO below the lowest band', shortTerm({ ficoBand: '640-659' }), ['min-fico']],
		[
			'a project too small',
			shortTerm({ program: 'short-term-bridge', acquisition: 80_000, budget: 0, finishedValue: 80_000, ficoBand: '700-719' }),
			['loan-range'],
		],
	])('%s does not qualify', (_name, input, rules) => {
		const quote = priceShortTerm(sheet.shortTerm[input.program], input)
		expect(quote.eligible).toBe(false)
		expect(quote.rate).toBeNull()
		expect(quote.failures.map((failure) => failure.rule)).toEqual(rules)
	})
})
