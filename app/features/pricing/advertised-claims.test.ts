import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { MARKET_RATE_SHEET } from '../../../tests/fixtures/market-rate-sheet.ts'
import { advertisedRateNote, claimChecks, dscrClaims, ficoFloor, publicClaimProblems, shortTermClaims } from './advertised-claims.ts'
import { priceDscr } from './dscr-pricing.ts'
import { FICO_BANDS, type FicoBand, PROPERTY_TYPE_VALUES, type RateSheet } from './rate-sheet.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'
import { priceShortTerm } from './short-term-pricing.ts'

const sheetWith = (change: (sheet: RateSheet) => void) => {
	const sheet = structuredClone(SEED_RATE_SHEET)
	change(sheet)
	return sheet
}

describe('the seeded sheet’s claims are the specification’s (spec 1 §9, spec 2 §9, docs/decisions/0072)', () => {
	test('DSCR: credit 620+, 700+ for the best terms, minimum DSCR 1.0 and 1.20 for better terms, True No Ratio, 75 % of the rent, prepayment of 1-3 years, 5-10 units, $75,000 to $5M', () => {
		expect(dscrClaims(SEED_RATE_SHEET.dscr)).toEqual({
			minCredit: 620,
			bestCredit: 700,
			minDscr: '1.00',
			betterDscr: '1.20',
			noRatio: true,
			rentCounted: 75,
			prepaymentYears: { min: 1, max: 3 },
			defaultPrepayment: '3-2-1',
			propertyTypes: ['single-family', 'condo-townhome', 'multi-family', 'multi-family-5plus', 'mixed-use-2-8'],
			minLoan: 75_000,
			maxLoan: 5_000_000,
		})
	})

	test('short-term: bridge credit 600+ and 8-12 %, fix & flip 100 % of rehab, construction $50K-$5M at 10-13 %', () => {
		expect(shortTermClaims(SEED_RATE_SHEET.shortTerm['short-term-bridge'])).toMatchObject({
			minCredit: 600,
			minRate: '8.000',
			maxRate: '12.000',
		})
		expect(shortTermClaims(SEED_RATE_SHEET.shortTerm['fix-flip'])).toMatchObject({
			maxBudgetFinanced: 100,
			minLoan: 50_000,
			maxLoan: 2_000_000,
		})
		expect(shortTermClaims(SEED_RATE_SHEET.shortTerm.construction)).toMatchObject({
			minRate: '10.000',
			maxRate: '13.000',
			minLoan: 50_000,
			maxLoan: 5_000_000,
		})
	})

	test('every advertised claim is priced at its edge and honoured: terms, not a refusal', () => {
		const checks = claimChecks(SEED_RATE_SHEET)
		expect(checks.filter((check) => !check.honoured)).toEqual([])
		// The claims the issue names, by name: the edges it lists are among them.
		const names = checks.map((check) => check.claim)
		for (const claim of [
			'Rates from 5.875 %',
			'Credit from 620',
			'Loans up to $5,000,000',
			'Up to 80 % LTV for a cash-out (credit 700+)',
			'Finances multi-family-5plus',
			'Minimum DSCR 1.00',
			'True No Ratio option',
			'Loans from $50,000',
			'Up to 80 % of cost',
			'Up to 92.5 % of purchase and 100 % of rehab',
			'Rates from 8.000 %',
		])
			expect(names).toContain(claim)
		expect(publicClaimProblems(SEED_RATE_SHEET)).toEqual([])
	})

	test('the issue’s edges, priced directly: 620 credit, a $5M DSCR loan, an 80 % cash-out, a 5-unit property, $50K construction', () => {
		const dscr = (facts: Partial<Parameters<typeof priceDscr>[1]>) =>
			priceDscr(SEED_RATE_SHEET.dscr, {
				purpose: 'purchase',
				propertyValue: 600_000,
				loanAmount: 360_000,
				ficoBand: '740-759',
				propertyType: 'single-family',
				product: '30-year-fixed',
				prepayment: '3-2-1',
				interestOnly: false,
				points: 0,
				monthlyRent: 6_000,
				...facts,
			})
		expect(dscr({ ficoBand: '620-639' })).toMatchObject({ eligible: true })
		expect(dscr({ propertyValue: 8_000_000, loanAmount: 5_000_000, monthlyRent: 60_000 })).toMatchObject({ eligible: true })
		expect(dscr({ purpose: 'cash-out', propertyValue: 500_000, loanAmount: 400_000, ficoBand: '720-739' })).toMatchObject({
			eligible: true,
		})
		expect(dscr({ propertyType: 'multi-family-5plus' })).toMatchObject({ eligible: true })
		// A rent whose 75 % covers less than the payment: True No Ratio, within its 70 % LTV.
		expect(dscr({ monthlyRent: 2_000, loanAmount: 400_000 })).toMatchObject({ eligible: true, noRatio: true })
		const construction = priceShortTerm(SEED_RATE_SHEET.shortTerm.construction, {
			program: 'construction',
			acquisition: 15_000,
			budget: 47_500,
			finishedValue: 100_000,
			experience: 1,
			ficoBand: '700-719',
		})
		expect(construction).toMatchObject({ eligible: true, loanAmount: 50_000 })
	})

	test('a property test: any scenario at an advertised edge (credit from the minimum up, LTV up to its purpose’s cap, any financed type, any loan in the range) prices', () => {
		const claims = dscrClaims(SEED_RATE_SHEET.dscr)
		const bestBands = FICO_BANDS.filter((band) => ficoFloor(band) >= claims.bestCredit)
		fc.assert(
			fc.property(
				fc.constantFrom<FicoBand>(...bestBands),
				fc.constantFrom('purchase' as const, 'rate-term' as const, 'cash-out' as const),
				fc.integer({ min: 10, max: 80 }),
				fc.constantFrom(...claims.propertyTypes),
				fc.integer({ min: claims.minLoan / 1000, max: claims.maxLoan / 1000 }),
				(ficoBand, purpose, ltv, propertyType, thousands) => {
					const loanAmount = thousands * 1000
					const quote = priceDscr(SEED_RATE_SHEET.dscr, {
						purpose,
						propertyValue: Math.ceil((loanAmount * 100) / ltv),
						loanAmount,
						ficoBand,
						propertyType,
						product: '30-year-fixed',
						prepayment: claims.defaultPrepayment,
						interestOnly: false,
						points: 0,
						monthlyRent: Math.ceil(loanAmount * 0.03),
					})
					expect(quote.failures).toEqual([])
				},
			),
			{ numRuns: 300 },
		)
		expect(PROPERTY_TYPE_VALUES).toContain('multi-family-5plus')
	})
})

describe('a sheet that would break a claim is named before it is published', () => {
	test('no 5-unit properties and no True No Ratio: the claims only the copy makes are warned of', () => {
		const sheet = sheetWith((s) => {
			s.dscr.propertyTypes['multi-family-5plus'] = null
			s.dscr.noRatio.offered = false
		})
		expect(publicClaimProblems(sheet)).toEqual([
			'DSCR: the DSCR pages describe a True No Ratio option, which this sheet does not offer',
			'DSCR: the Florida page lists 5-10 unit properties, which this sheet does not finance',
		])
	})

	test('a credit band printed as the minimum that no LTV is offered to is not honoured', () => {
		const sheet = sheetWith((s) => {
			s.dscr.creditLtv['620-639'] = [null, null, null, null, null]
		})
		expect(publicClaimProblems(sheet)).toContainEqual(expect.stringContaining('"Credit from 620" is not honoured'))
	})

	test('a bridge credit band printed as the minimum whose column offers nothing is not honoured', () => {
		const sheet = sheetWith((s) => {
			s.shortTerm['short-term-bridge'].grid = s.shortTerm['short-term-bridge'].grid.map((row) => [null, ...row.slice(1)])
		})
		expect(publicClaimProblems(sheet)).toContainEqual(expect.stringContaining('Bridge: "Credit from 600" is not honoured'))
	})

	test('a program whose grid offers nothing is named', () => {
		const sheet = sheetWith((s) => {
			s.shortTerm.construction.grid = s.shortTerm.construction.grid.map((row) => row.map(() => null))
		})
		expect(publicClaimProblems(sheet)).toContainEqual(
			'Construction: "Construction loans are offered" is not honoured (The program is not offered or its grid is empty)',
		)
	})

	test('a program quoted for a term outside the range its page prints is named', () => {
		const record = { 'short-term-bridge': { minTermMonths: 6, maxTermMonths: 18 }, dscr: { minTermMonths: 360, maxTermMonths: 360 } }
		expect(publicClaimProblems(SEED_RATE_SHEET, record)).toEqual([])
		const sheet = sheetWith((s) => {
			s.shortTerm['short-term-bridge'].termMonths = 24
		})
		expect(publicClaimProblems(sheet, record)).toEqual(['Bridge: quotes a 24-month term, outside the 6-18 months its page advertises'])
		expect(publicClaimProblems(SEED_RATE_SHEET, { dscr: { minTermMonths: 348, maxTermMonths: 348 } })).toEqual([
			'DSCR: quotes a 360-month term, outside the 348-348 months its page advertises',
		])
	})

	test('the tests’ market sheet, which refuses the spec’s claims, is caught', () => {
		const problems = publicClaimProblems(MARKET_RATE_SHEET)
		expect(problems).toContainEqual(expect.stringContaining('True No Ratio'))
		expect(problems).toContainEqual(expect.stringContaining('5-10 unit'))
	})
})

describe('the home panel’s note', () => {
	test('says the loan the APR is worked for, its finance charges and the scenario of the starting rate', () => {
		expect(advertisedRateNote(SEED_RATE_SHEET)).toBe(
			'APR for a $500,000 loan over 360 months at 5.875% with 2 points ($10,000) and $3,640 of lender fees. ' +
				'The starting rate is for a 30-year fixed purchase of a rental with a credit score of 700 or more, a DSCR of 1.20 or more and a low LTV; yours depends on your scenario.',
		)
	})
})
