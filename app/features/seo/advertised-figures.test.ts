import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import type { LoanProducts } from '#app/features/content/content-schemas.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { seededServices } from '../../../tests/test-services.ts'
import { publicPages } from './public-pages.ts'

/*
 * docs/decisions/0033: every rate, LTV, loan amount and term on the public site comes from the
 * loan-products record. Each figure of each product is edited to an unusual value, then every public
 * page is rendered through the real request handler (the app's server build, loaded by Vite) and its
 * text, meta tags and JSON-LD are read.
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

/** The seeded figures as the site printed them, which must be gone everywhere after the edit ("7.5%" is not "77.5%"). */
const OLD_FIGURES = [
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
	'/fix-flip-loans': ['75%', '3 years'], // loans sized on 75% of ARV; flips in the last 3 years
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

describe('advertised figures follow the loan-products record', () => {
	beforeAll(async () => {
		for (const path of pages) seeded.set(path, figuresOf((await readPage(path)).all))
		await services.content.save('loanProducts', unusualProducts(), 'figures-test')
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
		'/': { body: ['6.437%', '6.991%', 'fixed for 29 years', '71.5% LTV', '87.5% of purchase', '$57K to $3.91M'] },
		'/dscr-loans': {
			body: ['6.437%', '77.5%', '$83K-$4.37M', '29 years', 'up to $4.37M', 'From 22.5%', 'at least 22.5%'],
			meta: ['up to $4.37M with rates from 6.437%'],
		},
		'/fast-quote': { body: ['Close in days, 7-19 month terms'] },
		'/bridge-loans': {
			body: ['9.117%', '71.5%', '$123K-$2.74M', '7-19 months', 'Terms of 7-19 months', 'Up to 71.5% LTV'],
			meta: ['up to 71.5% LTV, terms of 7-19 months, rates from 9.117%'],
		},
		'/fix-flip-loans': {
			body: ['9.637%', 'Up to 87.5%', '$61K-$1.83M', 'Up to 21 months', 'as little as 12.5%'],
			meta: ['up to 87.5% of purchase', 'up to 21 months'],
		},
		'/construction-loans': {
			body: ['11.313%', 'Up to 66.5% of cost', '$57K-$3.91M', '13-23 months', 'remaining 33.5%'],
			meta: ['from $57K to $3.91M, up to 66.5% of project cost, terms of 13-23 months'],
		},
		'/dscr-cash-out-florida': {
			body: ['77.5% Cash Out', 'Rates from 6.437%', 'rates start from 6.437%', 'up to 77.5% of the property', 'at least 22.5%'],
			// The payment calculator starts from the DSCR rate and term.
			inputs: ['6.437', '29'],
			meta: ['up to 77.5% cash out', 'rates from 6.437%'],
			jsonLd: ['Florida DSCR rates start from 6.437%', 'go up to 77.5% LTV'],
		},
	}

	test.each(Object.entries(expected))('%s shows the new figures in its text, meta tags and JSON-LD', async (path, want) => {
		const page = await readPage(path)
		for (const text of want.body) expect(page.body, `${path} body`).toContain(text)
		for (const text of want.meta ?? []) expect(page.metas, `${path} meta`).toContain(text)
		for (const text of want.jsonLd ?? []) expect(page.jsonLd, `${path} JSON-LD`).toContain(text)
		for (const text of want.inputs ?? []) expect(page.inputs.split('\n'), `${path} prefilled fields`).toContain(text)
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
