import { describe, expect, test } from 'vitest'
import { priceRequest } from './pricing-request.ts'
import type { PrepaymentOption, RateSheet } from './rate-sheet.ts'
import { SEED_RATE_SHEET } from './seed-rate-sheet.ts'
import { dscrPurchaseRequest, fixFlipRequest } from '../../../tests/fixtures/pricing-requests.ts'

/**
 * docs/decisions/0103: every loan the rate sheet offers is on the terms screen, beside the band and the grid; each is
 * priced by the same function as the quote, for the same band, prepayment option and points, and one the scenario does
 * not qualify for says why.
 */

const request = dscrPurchaseRequest

const sheetWith = (change: (dscr: RateSheet['dscr']) => void) => {
	const sheet = structuredClone(SEED_RATE_SHEET)
	change(sheet.dscr)
	return sheet
}

describe('the loans beside the grid', () => {
	test('each offered product with principal and interest and with interest-only, priced as the quote would be', () => {
		const { loans } = priceRequest(SEED_RATE_SHEET, 4, request)
		expect(loans?.map((loan) => loan.label)).toEqual([
			'30-year fixed',
			'30-year fixed, interest-only',
			'7/6 ARM',
			'7/6 ARM, interest-only',
			'5/6 ARM',
			'5/6 ARM, interest-only',
		])
		for (const loan of loans!) {
			// The same pricing as a request for that loan: rate, payment and DSCR.
			const alone = priceRequest(SEED_RATE_SHEET, 4, { ...request, product: loan.product, interestOnly: loan.interestOnly }).quotes[0]!
				.quote as { rate: string; monthly: { payment: string }; dscr: string }
			expect(loan).toMatchObject({ rate: alone.rate, payment: alone.monthly.payment, dscr: alone.dscr, reasons: [] })
		}
		// The sheet's adjustments, as seeded: each ARM below the fixed; interest-only pays less a month and so covers
		// more of it with the rent.
		const [fixed, fixedIo, arm7, , arm5] = loans!
		expect(Number(arm7!.rate)).toBeLessThan(Number(fixed!.rate))
		expect(Number(arm5!.rate)).toBeLessThan(Number(arm7!.rate))
		expect(Number(fixedIo!.payment)).toBeLessThan(Number(fixed!.payment))
		expect(Number(fixedIo!.dscr)).toBeGreaterThan(Number(fixed!.dscr))
	})

	test('a product or interest-only the sheet does not offer is not listed', () => {
		const sheet = sheetWith((dscr) => {
			dscr.products['5-6-arm'].offered = false
			dscr.interestOnly.offered = false
		})
		expect(priceRequest(sheet, 4, request).loans?.map((loan) => loan.label)).toEqual(['30-year fixed', '7/6 ARM'])
	})

	test('the loan asked for is listed, with why, when the sheet no longer offers it', () => {
		const sheet = sheetWith((dscr) => {
			dscr.products['7-6-arm'].offered = false
		})
		const { loans, quotes } = priceRequest(sheet, 4, { ...request, product: '7-6-arm', interestOnly: true })
		expect(loans![0]).toMatchObject({ product: '7-6-arm', interestOnly: true, reasons: ['The 7/6 ARM is not offered'] })
		expect(quotes[0]!.quote.eligible).toBe(false)
		expect(loans!.slice(1).every((loan) => loan.reasons.length === 0 && loan.rate !== null)).toBe(true)
	})

	test('the loan asked for is listed, with why, when the sheet offers its product but no longer interest-only', () => {
		const sheet = sheetWith((dscr) => {
			dscr.interestOnly.offered = false
		})
		const { loans } = priceRequest(sheet, 4, { ...request, product: '30-year-fixed', interestOnly: true })
		expect(loans?.map((loan) => loan.label)).toEqual(['30-year fixed, interest-only', '30-year fixed', '7/6 ARM', '5/6 ARM'])
		expect(loans![0]).toMatchObject({ rate: null, reasons: ['Interest-only payments are not offered'] })
	})

	test('a loan the scenario does not qualify for says why, beside one it does', () => {
		// The rent covers interest-only payments but not principal and interest at the sheet's minimum DSCR (1.00),
		// with no True No Ratio.
		const sheet = sheetWith((dscr) => {
			dscr.noRatio.offered = false
		})
		const tight = { ...request, monthlyRent: 3_600 }
		const { loans } = priceRequest(sheet, 4, tight)
		const fixed = loans!.find((loan) => loan.product === '30-year-fixed' && !loan.interestOnly)!
		const fixedIo = loans!.find((loan) => loan.product === '30-year-fixed' && loan.interestOnly)!
		expect(fixed).toMatchObject({ rate: null, reasons: ['A DSCR of 0.95 is below our minimum of 1.00'] })
		expect(fixedIo.reasons).toEqual([])
		expect(fixedIo.rate).not.toBeNull()
	})

	test('without a band, the loans are named and the band table prices the one chosen', () => {
		const { ficoBand: _band, ...noBand } = request
		const response = priceRequest(SEED_RATE_SHEET, 4, { ...noBand, product: '7-6-arm' })
		expect(response.loans?.map((loan) => [loan.label, loan.rate])).toEqual([
			['30-year fixed', null],
			['30-year fixed, interest-only', null],
			['7/6 ARM', null],
			['7/6 ARM, interest-only', null],
			['5/6 ARM', null],
			['5/6 ARM, interest-only', null],
		])
		const armBand = response.quotes.find((entry) => entry.ficoBand === '740-759')!.quote
		expect(armBand.rate).toBe(priceRequest(SEED_RATE_SHEET, 4, { ...request, product: '7-6-arm' }).quotes[0]!.quote.rate)
	})

	test('a short-term program has no loans to choose', () => {
		const response = priceRequest(SEED_RATE_SHEET, 4, fixFlipRequest)
		expect(response.loans).toBeUndefined()
	})
})

describe('the grid of prepayment × points beside the loans', () => {
	test('only the prepayment options the sheet offers, each with every point choice', () => {
		// The seeded sheet does not offer 5-4-3-2-1; points go from 0 to 2 by 0.5.
		const { choices } = priceRequest(SEED_RATE_SHEET, 4, request)
		expect(choices?.map((choice) => `${choice.prepayment} ${choice.points}`)).toEqual([
			'3-2-1 0',
			'3-2-1 0.5',
			'3-2-1 1',
			'3-2-1 1.5',
			'3-2-1 2',
			'1-year 0',
			'1-year 0.5',
			'1-year 1',
			'1-year 1.5',
			'1-year 2',
			'none 0',
			'none 0.5',
			'none 1',
			'none 1.5',
			'none 2',
		])
	})

	test('each cell is priced as a request for that option and those points would be', () => {
		const { choices } = priceRequest(SEED_RATE_SHEET, 4, request)
		for (const choice of choices!) {
			const alone = priceRequest(SEED_RATE_SHEET, 4, {
				...request,
				prepayment: choice.prepayment as PrepaymentOption,
				points: choice.points,
			}).quotes[0]!.quote as { rate: string; monthly: { payment: string }; dscr: string; cashToClose: string }
			expect(choice).toMatchObject({ rate: alone.rate, payment: alone.monthly.payment, dscr: alone.dscr, cashToClose: alone.cashToClose })
		}
	})

	test('a request without a prepayment option is priced, and answered, with the sheet’s default (3-2-1 on the seeded sheet)', () => {
		const { prepayment: _prepayment, ...unset } = request
		expect(priceRequest(SEED_RATE_SHEET, 4, unset).prepayment).toBe('3-2-1')
		const { ficoBand: _band, ...noBand } = unset
		expect(priceRequest(SEED_RATE_SHEET, 4, noBand).prepayment).toBe('3-2-1')
	})
})
