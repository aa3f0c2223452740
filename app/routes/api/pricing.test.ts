import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { rateLimits } from '#db/schema.ts'
import { MARKET_RATE_SHEET } from '../../../tests/fixtures/market-rate-sheet.ts'
import { openSeededApp, routeContext, type SeededApp } from '../../../tests/test-services.ts'
import { PRICING_RATE_LIMIT, action as price } from './pricing.ts'

let { handle, services } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
	// The route's sums are worked on the tests' market sheet (the seeded one reproduces the spec: decision 0072).
	await services.content.save('rateSheet', MARKET_RATE_SHEET, 'test')
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(rateLimits)
})

async function post(body: unknown, headers: Record<string, string> = {}) {
	const response = (await price({
		request: new Request('http://localhost:3000/api/pricing', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
			body: typeof body === 'string' ? body : JSON.stringify(body),
		}),
		context: routeContext(services, { clientIp: '198.51.100.77', userAgent: 'Mozilla/5.0 test' }),
		params: {},
	} as never)) as Response
	return { status: response.status, body: (await response.json()) as Record<string, any>, headers: response.headers }
}

const purchase = { program: 'dscr', purpose: 'purchase', propertyValue: 400_000, loanAmount: 300_000, propertyType: 'single-family' }

describe('POST /api/pricing (docs/decisions/0065)', () => {
	test('a DSCR scenario with a FICO band gets its terms, the grid of prepayment × points, and the sheet version', async () => {
		const { status, body } = await post({ ...purchase, ficoBand: '740-759', monthlyRent: 3200, points: 1 })
		expect(status).toBe(200)
		expect(body.sheetVersion).toBe(2)
		expect(body.notice).toMatch(/^Indicative terms, not a commitment to lend/)
		expect(body.quotes).toHaveLength(1)
		// 6.250 + 0.500 (740-759 at 75 %) - 0.250 (5-4-3-2-1, the default) - 0.250 (1 point)
		expect(body.quotes[0]).toMatchObject({ ficoBand: '740-759', quote: { eligible: true, rate: '6.250', dscr: '1.32' } })
		// 4 prepayment options × 5 point choices (0 to 2 by 0.5)
		expect(body.choices).toHaveLength(20)
		// No prepayment penalty: 6.250 + 0.500 + 0.875 = 7.625, whose payment ($2,123.39) makes the DSCR 1.18,
		// so the 1.15 tier adds 0.125: 7.750 (payment $2,149.24, DSCR 1.17, the same tier).
		expect(body.choices).toContainEqual(
			expect.objectContaining({ prepayment: 'none', points: 0, rate: '7.750', payment: '2149.24', dscr: '1.17' }),
		)
	})

	test('without a FICO band: a rate per credit band from the sheet’s minimum up, with the DSCR it assumes', async () => {
		const { status, body } = await post(purchase)
		expect(status).toBe(200)
		expect(body.quotes.map((entry: { ficoBand: string }) => entry.ficoBand)).toEqual([
			'800+',
			'780-799',
			'760-779',
			'740-759',
			'720-739',
			'700-719',
			'680-699',
			'660-679',
		])
		// 800+ at 75 %: 6.250 + 0.250 (credit × LTV) - 0.250 (5-4-3-2-1, the default)
		expect(body.quotes[0].quote).toMatchObject({ rate: '6.250', dscrAssumed: true, dscr: '1.25' })
		// 660-679 at 75 % LTV is not offered: the borrower reads why, with no rate.
		expect(body.quotes.at(-1).quote).toMatchObject({
			eligible: false,
			rate: null,
			failures: [expect.objectContaining({ rule: 'credit-ltv' })],
		})
	})

	test('a fix & flip scenario is priced from the sheet’s short-term grid', async () => {
		const { status, body } = await post({
			program: 'fix-flip',
			acquisition: 200_000,
			budget: 50_000,
			finishedValue: 350_000,
			experience: 2,
			ficoBand: '720-739',
		})
		expect(status).toBe(200)
		expect(body.quotes[0].quote).toMatchObject({ loanAmount: 220_000, rate: '10.750', totalCost: '28049.96' })
	})

	test('the terms follow the saved rate sheet and name its version', async () => {
		const changed = structuredClone(MARKET_RATE_SHEET)
		changed.dscr.baseRate = '6.500'
		await services.content.save('rateSheet', changed, 'admin@example.com')
		const { body } = await post({ ...purchase, ficoBand: '740-759', monthlyRent: 3200, points: 1 })
		expect(body.sheetVersion).toBe(3)
		expect(body.quotes[0].quote.rate).toBe('6.500')
		await services.content.save('rateSheet', MARKET_RATE_SHEET, 'admin@example.com')
	})

	test.each<[string, unknown, Record<string, string>]>([
		['a missing program', { purpose: 'purchase' }, { program: 'Choose a program: dscr, short-term-bridge, fix-flip, construction' }],
		['a loan of text', { ...purchase, loanAmount: '300k' }, { loanAmount: 'The loan amount must be a number of dollars' }],
		['cents', { ...purchase, propertyValue: 400_000.5 }, { propertyValue: 'The property value must be whole dollars' }],
		[
			'an unknown property type',
			{ ...purchase, propertyType: 'castle' },
			{ propertyType: expect.stringMatching(/^Choose a property type: single-family/) as never },
		],
		['a negative rent', { ...purchase, monthlyRent: -1 }, { monthlyRent: 'The monthly rent must be $0 or more' }],
		[
			'personal data',
			{ ...purchase, email: 'jane@example.com', phone: '555-0100' },
			{ form: 'Unknown fields: email, phone. Send only the figures of a scenario, never personal data.' },
		],
	])('%s is refused with 422 and a message per field', async (_name, body, errors) => {
		const response = await post(body)
		expect(response.status).toBe(422)
		expect(response.body.errors).toEqual(errors)
	})

	test('a body that is not JSON is refused, and GET answers 405', async () => {
		expect((await post('{ not json')).status).toBe(400)
		const { loader } = await import('./pricing.ts')
		expect((loader() as Response).status).toBe(405)
	})

	test(`one connection gets ${PRICING_RATE_LIMIT.perIp} pricings an hour, then 429 with Retry-After`, async () => {
		// README (POST /api/pricing): 600 requests from one address in an hour, written out so the loop uses that figure.
		expect(PRICING_RATE_LIMIT).toEqual({ perIp: 600, windowSeconds: 3600 })
		const { hitRateLimit, rateLimitKey } = await import('#app/features/security/rate-limit.server.ts')
		for (let index = 0; index < PRICING_RATE_LIMIT.perIp - 1; index += 1)
			await hitRateLimit(services.db, rateLimitKey('pricing', '198.51.100.77'), PRICING_RATE_LIMIT.perIp, PRICING_RATE_LIMIT.windowSeconds)
		expect((await post(purchase)).status).toBe(200)
		const refused = await post(purchase)
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
	})

	test('hostile values in any field get a 422 (or a price), never a server error or a stack trace', async () => {
		const fields = [
			'program',
			'purpose',
			'propertyValue',
			'loanAmount',
			'propertyType',
			'product',
			'prepayment',
			'interestOnly',
			'points',
			'ficoBand',
			'monthlyRent',
			'annualTaxes',
			'acquisition',
			'budget',
			'finishedValue',
			'experience',
			'constructor',
			'__proto__',
		]
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom<Record<string, unknown>>(purchase, {
					program: 'fix-flip',
					acquisition: 200_000,
					budget: 50_000,
					finishedValue: 350_000,
					experience: 2,
				}),
				fc.array(
					fc.tuple(
						fc.constantFrom(...fields),
						fc.oneof(fc.jsonValue(), fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER, '\u0000', 'x'.repeat(5000))),
					),
					{ maxLength: 3 },
				),
				async (base, changes) => {
					await handle.db.delete(rateLimits)
					const body = { ...base }
					for (const [field, value] of changes)
						Object.defineProperty(body, field, { value, enumerable: true, configurable: true, writable: true })
					const response = await post(body)
					expect([200, 422]).toContain(response.status)
					expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+|ZodError|TypeError/)
				},
			),
			{ numRuns: 150 },
		)
	})
})
