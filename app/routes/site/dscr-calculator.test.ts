import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { priceDscr } from '#app/features/pricing/dscr-pricing.ts'
import { INDICATIVE_NOTICE } from '#app/features/pricing/pricing-request.ts'
import { renderedPages } from '#app/features/seo/public-pages.ts'
import { MARKET_RATE_SHEET } from '../../../tests/fixtures/market-rate-sheet.ts'
import { openSeededApp, routeContext, type SeededApp } from '../../../tests/test-services.ts'
import { loader } from './dscr-calculator.tsx'

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
	// The route's sums are worked on the tests' market sheet (the seeded one reproduces the spec: decision 0072).
	await services.content.save('rateSheet', MARKET_RATE_SHEET, 'test')
})
afterAll(() => handle.close())

// Without JavaScript the calculator form is a GET and the server calculates (spec 1 §5).
const calculate = (query: Record<string, string>) =>
	loader({
		request: new Request(`http://localhost/dscr-calculator?${new URLSearchParams(query)}`),
		context: routeContext(services),
		params: {},
	} as never)

const inputs = { monthlyRent: '3410.50', loanAmount: '400000', interestRate: '7', loanTermYears: '30', monthlyExpenses: '250.25' }

describe('DSCR calculator without JavaScript', () => {
	test('accepts amounts in cents', async () => {
		const { result } = await calculate(inputs)
		expect(result).not.toBeNull()
		expect(result!.dscr).toBeCloseTo((3410.5 - 250.25) / 2661.21, 4)
		expect(result!.rating).toBe('Good')
	})

	test('reads amounts typed with a dollar sign and commas', async () => {
		const { result } = await calculate({ ...inputs, monthlyRent: '$3,410.50', loanAmount: '$400,000.00' })
		expect(result!.dscr).toBeCloseTo((3410.5 - 250.25) / 2661.21, 4)
	})

	test('rates the ratio it shows: 1.2497 is shown as 1.25 and rated Excellent', async () => {
		const { result } = await calculate({ ...inputs, monthlyRent: '3325.70', monthlyExpenses: '0' })
		expect(result!.dscr).toBeLessThan(1.25)
		expect(result!.rating).toBe('Excellent')
	})

	test('an empty field means no result', async () => {
		expect((await calculate({ ...inputs, monthlyRent: '' })).result).toBeNull()
	})
})

describe('what could I borrow (docs/decisions/0065)', () => {
	const scenario = {
		purpose: 'purchase' as const,
		propertyValue: 500_000,
		ficoBand: '800+' as const,
		propertyType: 'single-family' as const,
		product: '30-year-fixed' as const,
		prepayment: '5-4-3-2-1' as const,
		interestOnly: false,
		points: 0,
		monthlyRent: 3_500,
	}

	test('the largest loan, to $1,000, at the sheet’s rate: the next $1,000 does not qualify; the best band is assumed and said', async () => {
		const { borrow, notice } = await calculate({ borrowRent: '$3,500', borrowValue: '500,000' })
		// At 80 % LTV: 6.250 + 0.250 (800+ at 75 %+) + 0.250 (DSCR 1.00-1.15) − 0.250 (5-year prepayment) = 6.500 %.
		expect(borrow).toMatchObject({ qualifies: true, maxLoan: 400_000, rate: '6.500', payment: '2528.27', dscr: '1.08', ltv: '80.00' })
		expect(priceDscr(MARKET_RATE_SHEET.dscr, { ...scenario, loanAmount: 400_000 }).eligible).toBe(true)
		expect(notice).toBe(INDICATIVE_NOTICE)
		expect(borrow!.assumptions).toEqual(
			expect.arrayContaining([
				expect.stringContaining('A FICO score of 800+ (the best credit band'),
				expect.stringContaining('30-year fixed'),
				expect.stringContaining('Property taxes of 1.200 %'),
			]),
		)
	})

	test('below the LTV cap the DSCR limits the loan: one more $1,000 fails', async () => {
		const { borrow } = await calculate({ borrowRent: '2200', borrowValue: '500000', borrowFico: '700-719', borrowPurpose: 'cash-out' })
		expect(borrow!.qualifies).toBe(true)
		if (!borrow!.qualifies) return
		const quote = { ...scenario, monthlyRent: 2_200, ficoBand: '700-719' as const, purpose: 'cash-out' as const }
		expect(priceDscr(MARKET_RATE_SHEET.dscr, { ...quote, loanAmount: borrow!.maxLoan }).eligible).toBe(true)
		expect(borrow!.maxLoan % 1000).toBe(0)
		expect(borrow!.maxLoan).toBeLessThan(375_000)
		expect(priceDscr(MARKET_RATE_SHEET.dscr, { ...quote, loanAmount: borrow!.maxLoan + 1000 }).eligible).toBe(false)
		expect(borrow!.assumptions).toContain('A FICO score of 700 - 719')
	})

	test('when nothing qualifies, the reasons are the pricing module’s', async () => {
		expect((await calculate({ borrowRent: '900', borrowValue: '500000' })).borrow).toMatchObject({
			qualifies: false,
			failures: [{ rule: 'min-dscr', message: 'A DSCR of 0.65 is below our minimum of 0.75' }],
		})
		expect((await calculate({ borrowRent: '3500', borrowValue: '500000', borrowPropertyType: 'commercial' })).borrow).toMatchObject({
			qualifies: false,
			failures: [{ rule: 'property-type' }],
		})
		expect((await calculate({ borrowRent: '3500', borrowValue: '500000', borrowFico: '620-639' })).borrow).toMatchObject({
			qualifies: false,
			failures: expect.arrayContaining([expect.objectContaining({ rule: 'min-fico', qualifiesWith: 'A FICO of 660-679 or higher' })]),
		})
		expect((await calculate({ borrowRent: '2000', borrowValue: '100000' })).borrow).toMatchObject({
			qualifies: false,
			failures: [{ rule: 'loan-range', qualifiesWith: 'A property worth at least $125,000' }],
		})
	})

	test('empty, or an impossible amount: no price, a message per field; unknown choices fall back to the defaults', async () => {
		expect(await calculate({})).toMatchObject({ borrow: null, borrowForm: { state: 'empty' } })
		expect(await calculate({ borrowRent: 'lots', borrowValue: '0' })).toMatchObject({
			borrow: null,
			borrowForm: { state: 'invalid', errors: { rent: expect.any(String), value: expect.any(String) } },
		})
		const odd = await calculate({ borrowRent: '3500', borrowValue: '500000', borrowPurpose: 'flip', borrowPropertyType: 'castle' })
		expect(odd.borrowForm).toMatchObject({ state: 'valid', inputs: { purpose: 'purchase', propertyType: 'single-family' } })
	})

	test('a published sheet prices the next answer', async () => {
		const sheet = structuredClone(MARKET_RATE_SHEET)
		sheet.dscr.baseRate = '6.750'
		await services.content.save('rateSheet', sheet, 'test')
		const { borrow } = await calculate({ borrowRent: '$3,500', borrowValue: '500,000' })
		expect(borrow).toMatchObject({ qualifies: true, rate: '7.000' })
		await services.content.save('rateSheet', MARKET_RATE_SHEET, 'test')
	})

	test('cents of rent are dropped, never rounded up: $2,200.99 is priced as $2,200', async () => {
		const query = { borrowValue: '500000', borrowFico: '700-719', borrowPurpose: 'cash-out' }
		const typed = await calculate({ ...query, borrowRent: '$2,200.99' })
		expect(typed.borrowForm).toMatchObject({ state: 'valid', inputs: { monthlyRent: 2_200 } })
		expect(typed.borrow).toEqual((await calculate({ ...query, borrowRent: '2200' })).borrow)
		expect((await calculate({ ...query, borrowRent: '2200.50' })).borrowForm).toMatchObject({ inputs: { monthlyRent: 2_200 } })
	})

	test('the largest loan is rounded down to $1,000: 80 % of $499,999 is $399,999.20, so $399,000', async () => {
		const { borrow } = await calculate({ borrowRent: '9000', borrowValue: '499,999' })
		expect(borrow).toMatchObject({ qualifies: true, maxLoan: 399_000 })
		// The LTV cap below the smallest loan is stated rounded down too: 80 % of $124,999 allows $99,000, not $100,000.
		expect((await calculate({ borrowRent: '9000', borrowValue: '124999' })).borrow).toMatchObject({
			qualifies: false,
			failures: [
				{
					rule: 'loan-range',
					message: 'At 80 % LTV a value of $124,999 allows $99,000, below our smallest loan of $100,000',
					qualifiesWith: 'A property worth at least $125,000',
				},
			],
		})
	})

	test('the render cache keys the page on every field of both forms', () => {
		expect(renderedPages.get('/dscr-calculator')).toEqual([
			'monthlyRent',
			'loanAmount',
			'interestRate',
			'loanTermYears',
			'monthlyExpenses',
			'borrowRent',
			'borrowValue',
			'borrowPurpose',
			'borrowFico',
			'borrowPropertyType',
		])
	})
})
