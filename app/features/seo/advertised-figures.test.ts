import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import type { LoanProducts } from '#app/features/content/content-schemas.ts'
import type { DatabaseHandle } from '#db/client.ts'
import type { RateSheet } from '#app/features/pricing/rate-sheet.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { seededServices } from '../../../tests/test-services.ts'
import { publicPages } from './public-pages.ts'

/*
 * docs/decisions/0033, 0067: every loan amount and term on the public site comes from the loan-products
 * record, every "from" rate and max LTV from the rate sheet's best case. Each figure of each product and
 * the sheet's rates and caps are edited to unusual values, then every public page is rendered through the
 * real request handler (the app's server build, loaded by Vite) and its text, meta tags and JSON-LD are read.
 */
let handle: DatabaseHandle
let services: AppServices
let vite: ViteDevServer
let render: (path: string) => Promise<string>

beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'silent' })
	const build = await vite.ssrLoadModule('virtual:react-router/server-build')
	// The build's own copies of the router and its contexts: a context is found by identity.
	const router = (await vite.ssrLoadModule('react-router')) as typeof import('react-router')
	const contexts = (await vite.ssrLoadModule('/app/context.ts')) as typeof import('#app/context.ts')
	const handler = router.createRequestHandler(build as never, 'production')
	render = async (path) => {
		const context = new router.RouterContextProvider()
		context.set(contexts.servicesContext, services)
		context.set(contexts.requestInfoContext, {
			requestId: 'figures-test',
			nonce: 'n',
			clientIp: '203.0.113.9',
			userAgent: 'vitest',
			outcome: { databaseUnavailable: false },
		})
		const response = await handler(new Request(`http://localhost:3000${path}`), context)
		expect(response.status, path).toBe(200)
		return response.text()
	}
}, 120_000)

afterAll(async () => {
	await vite?.close()
	await handle?.close()
})

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
const decode = (text: string) =>
	text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) =>
		code.startsWith('#x')
			? String.fromCodePoint(Number.parseInt(code.slice(2), 16))
			: code.startsWith('#')
				? String.fromCodePoint(Number(code.slice(1)))
				: (entities[code] ?? match),
	)

/** What a visitor and a crawler read: text, meta tags and JSON-LD (the serialized loader data is left out). */
async function readPage(path: string) {
	const html = await render(path)
	const metas = [...html.matchAll(/<meta\s[^>]*content="([^"]*)"[^>]*>/g)].map(([, content]) => decode(content!)).join('\n')
	const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
		.map(([, json]) => JSON.stringify(JSON.parse(json!)))
		.join('\n')
	const body = decode(
		html
			.replace(/<script[\s\S]*?<\/script>/g, ' ')
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' '),
	)
	// What the visitor reads in a prefilled field (the Florida payment calculator's rate and term).
	const inputs = [...html.matchAll(/<input\s[^>]*value="([^"]*)"[^>]*>/g)].map(([, value]) => decode(value!)).join('\n')
	return { metas, jsonLd, body, inputs, all: `${metas}\n${jsonLd}\n${body}\n${inputs}` }
}

function unusualProducts(): LoanProducts {
	const products = structuredClone(defaultContent().loanProducts)
	Object.assign(products.dscr, {
		minRate: 6.437,
		apr: 6.991,
		maxLTV: 77.5,
		minLoanAmount: 83_000,
		maxLoanAmount: 4_370_000,
		minTermMonths: 348,
		maxTermMonths: 348,
	})
	Object.assign(products.bridge, {
		minRate: 9.117,
		maxLTV: 71.5,
		minLoanAmount: 123_000,
		maxLoanAmount: 2_740_000,
		minTermMonths: 7,
		maxTermMonths: 19,
	})
	Object.assign(products.construction, {
		minRate: 11.313,
		maxLTV: 66.5,
		minLoanAmount: 57_000,
		maxLoanAmount: 3_910_000,
		minTermMonths: 13,
		maxTermMonths: 23,
	})
	Object.assign(products.fixFlip, {
		minRate: 9.637,
		maxLTV: 87.5,
		minLoanAmount: 61_000,
		maxLoanAmount: 1_830_000,
		minTermMonths: 5,
		maxTermMonths: 21,
	})
	return products
}

/** A sheet whose best case is unusual: its "from" rates, LTVs per purpose and short-term caps. */
function unusualSheet(): RateSheet {
	const sheet = structuredClone(SEED_RATE_SHEET)
	// 8.200 − 0.375 (5/6 ARM) − 0.250 (800+) − 0.250 (5-year prepayment) − 0.500 (2 points) = 6.825, rounded up to 6.875.
	sheet.dscr.baseRate = '8.200'
	sheet.dscr.rateFloor = '3.000'
	sheet.dscr.eligibility.maxLtv = { purchase: 77, 'rate-term': 73, 'cash-out': 72 }
	sheet.shortTerm['short-term-bridge'].grid[2]![2] = { rate: '9.625', points: '1.000' }
	sheet.shortTerm['short-term-bridge'].caps = { maxLoanToCost: 79, maxLoanToArv: 71, maxAsIsLtv: 74 }
	sheet.shortTerm['fix-flip'].grid[2]![2] = { rate: '9.750', points: '1.000' }
	sheet.shortTerm['fix-flip'].caps = { maxLoanToCost: 89, maxLoanToArv: 73, maxAsIsLtv: 87 }
	sheet.shortTerm.construction.grid[1]![1] = { rate: '10.625', points: '1.500' }
	sheet.shortTerm.construction.caps = { maxLoanToCost: 83, maxLoanToArv: 69, maxAsIsLtv: 59 }
	return sheet
}

/** The seeded figures as the site printed them, which must be gone everywhere after the edit ("7.5%" is not "77.5%"). */
const OLD_FIGURES = [
	// The seeded sheet's best case (docs/decisions/0067): DSCR at its 6.000 % floor, the short-term grids' lowest rates, the caps.
	'6%',
	'9.875%',
	'10.875%',
	'85%',
	'15%',
	// The seeded record's.
	'5.875%',
	'6.133%',
	'80%',
	'92.5%',
	'8.75%',
	'7.5%',
	'20%',
	'8%',
	'10%',
	'8-12%',
	'10-13%',
	'$5M',
	'$3M',
	'$2M',
	'$50K',
	'$75K',
	'$100K',
	'$5 million',
	'6-18 month',
	'12-18 month',
	'24 month',
	'30 years',
	'30-year',
].map((figure) => new RegExp(`(?<![\\d.])${figure.replace(/[.$]/g, '\\$&')}`))

// Every public page, the quote wizard's first screen (its program descriptions) included.
const pages = Object.values(publicPages).map((page) => page.path)

/**
 * Every figure-like text a page prints: percentages and ranges of them, dollar amounts, counts of
 * months or years. A figure of the record changes with the edit; one that does not is copy.
 */
const FIGURE =
	/\$\d[\d,.]*(?:\s?(?:K|M|million)\b)?|\d+(?:\.\d+)?(?:\s?[-–]\s?\d+(?:\.\d+)?)?\s?%|\d+(?:\.\d+)?(?:\s?[-–]\s?\d+)?[\s-](?:months?|years?)\b/g
const figuresOf = (text: string) => new Set(text.match(FIGURE) ?? [])

/**
 * Figures that are copy, not fields of the loan-products record (docs/decisions/0033, 0050), by page:
 * what they are is written beside them. Anything else that survives the edit is a stale figure.
 */
const COPY_FIGURES: Record<string, string[]> = {
	'*': [
		'100%', // "100% of rehab", progress bars
	],
	'/': [
		// The estimate panel's slider range and starting amount (spec 1 §9 constants, not product limits).
		'$100,000',
		'$2,000,000',
		'$500,000',
		// Recent fundings: examples of closed loans, staff-edited content of their own.
		'$425,000',
		'$612,000',
		'$780,000',
		'$310,000',
		'$1,250,000',
		'$540,000',
	],
	'/fix-flip-loans': ['3 years'], // flips in the last 3 years
	'/dscr-cash-out-florida': [
		'75%', // qualification on 75% of market rent
		'25%', // the 25% allowance for vacancy that goes with it
		'1-3 years', // prepayment penalty period
		'$400,000', // the payment calculator's example loan amount
	],
	'/terms-of-service': ['18 years'],
	'/privacy-policy': [],
	'/fast-quote': [],
}

const seeded = new Map<string, Set<string>>()

describe('advertised figures follow the loan-products record and the rate sheet', () => {
	beforeAll(async () => {
		for (const path of pages) seeded.set(path, figuresOf((await readPage(path)).all))
		await services.content.save('loanProducts', unusualProducts(), 'figures-test')
		await services.content.save('rateSheet', unusualSheet(), 'figures-test')
	}, 120_000)

	test.each(pages)('%s prints no figure of the seeded record that the edit left unchanged', async (path) => {
		const after = figuresOf((await readPage(path)).all)
		const copy = new Set([...(COPY_FIGURES['*'] ?? []), ...(COPY_FIGURES[path] ?? [])])
		const stale = [...after].filter((figure) => seeded.get(path)!.has(figure) && !copy.has(figure))
		expect(stale, `${path} prints figures that did not follow the edit of the record`).toEqual([])
	})

	test.each(pages)('%s no longer shows any seeded figure, nor an unfilled token', async (path) => {
		const { all } = await readPage(path)
		for (const old of OLD_FIGURES) expect(all, `${path} still says ${old.source}`).not.toMatch(old)
		expect(all).not.toMatch(
			/\{(?:(?:dscr|bridge|construction|fixFlip)\.)?(?:minRate|apr|maxLTV|minDown|minLoan|maxLoan|maxTerm|termRange|termSpan)\}/,
		)
	})

	const expected: Record<string, { body: string[]; meta?: string[]; jsonLd?: string[]; inputs?: string[] }> = {
		// The rates and LTVs are the sheet's best case; the APR, amounts and terms the record's.
		'/': { body: ['6.875%', '6.991%', 'fixed for 29 years', '71% LTV', '87% of purchase', '$57K to $3.91M'] },
		'/dscr-loans': {
			body: ['Rates from 6.875%', 'Max LTV 77%', '$83K-$4.37M', '29 years', 'up to $4.37M', 'From 23%', 'at least 23%'],
			meta: ['up to $4.37M with rates from 6.875%'],
		},
		'/fast-quote': { body: ['Close in days, 7-19 month terms'] },
		'/bridge-loans': {
			body: ['Rates from 9.625%', 'Max LTV 71%', '$123K-$2.74M', '7-19 months', 'Terms of 7-19 months', 'Up to 71% LTV'],
			meta: ['up to 71% LTV, terms of 7-19 months, rates from 9.625%'],
		},
		'/fix-flip-loans': {
			body: [
				'Rates from 9.75%',
				'Up to 87%',
				'$61K-$1.83M',
				'Up to 21 months',
				'as little as 13%',
				'capped at 73% of the after-repair value',
			],
			meta: ['up to 87% of purchase', 'up to 73% of ARV', 'up to 21 months'],
		},
		'/construction-loans': {
			body: ['Rates from 10.625%', 'Up to 83% of cost', '$57K-$3.91M', '13-23 months', 'remaining 17%'],
			meta: ['from $57K to $3.91M, up to 83% of project cost, terms of 13-23 months'],
		},
		'/dscr-cash-out-florida': {
			// Cash out at the sheet's cash-out cap, refinances at the higher of its refinance caps, purchases at its purchase cap.
			body: ['72% Cash Out', 'Rates from 6.875%', 'rates start from 6.875%', 'up to 72% of the property', 'at least 23%'],
			// The payment calculator starts from the DSCR rate and term.
			inputs: ['6.875', '29'],
			meta: ['up to 72% cash out', 'rates from 6.875%'],
			jsonLd: ['Florida DSCR rates start from 6.875%', 'go up to 73% LTV'],
		},
	}

	test.each(Object.entries(expected))('%s shows the new figures in its text, meta tags and JSON-LD', async (path, want) => {
		const page = await readPage(path)
		for (const text of want.body) expect(page.body, `${path} body`).toContain(text)
		for (const text of want.meta ?? []) expect(page.metas, `${path} meta`).toContain(text)
		for (const text of want.jsonLd ?? []) expect(page.jsonLd, `${path} JSON-LD`).toContain(text)
		for (const text of want.inputs ?? []) expect(page.inputs.split('\n'), `${path} prefilled fields`).toContain(text)
	})

	test('publishing a sheet with another base rate changes every "from" rate it gives', async () => {
		const sheet = unusualSheet()
		// 8.700 − 1.375 = 7.325, rounded up to 7.375.
		sheet.dscr.baseRate = '8.700'
		await services.content.save('rateSheet', sheet, 'figures-test')
		for (const path of ['/', '/dscr-loans', '/dscr-cash-out-florida']) {
			const { all } = await readPage(path)
			expect(all, path).toContain('7.375%')
			expect(all, path).not.toContain('6.875%')
		}
		expect((await readPage('/dscr-loans')).body).toContain('Rates from 7.375%')
	})

	test('the footer ends the seeded company name with one period (no "Co..")', async () => {
		// The quote wizard is a page of its own, without the site footer.
		for (const path of pages.filter((page) => page !== '/fast-quote')) {
			const { body } = await readPage(path)
			expect(body, path).toMatch(/© \d{4} Example Lending Co\. NMLS/)
			expect(body, path).not.toContain('Co..')
		}
	})
})
