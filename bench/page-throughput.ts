import autocannon from 'autocannon'
import { serveSite } from './serve.ts'
import type { BenchReport, Benchmark } from './types.ts'

const CONNECTIONS = 16
const DURATION_SECONDS = 8
const TARGET_RATIO = 0.5
let click = 0
const unique = () => `${Date.now().toString(36)}-${(click++).toString(36)}`
/** Each case: the label printed and the path of each request (a fresh click id per request for ad visitors). */
const CASES: Array<{ label: string; path: () => string }> = [
	{ label: '/', path: () => '/' },
	{ label: '/dscr-loans', path: () => '/dscr-loans' },
	{ label: '/dscr-cash-out-florida', path: () => '/dscr-cash-out-florida' },
	// Ad visitors (docs/decisions/0056): a click id unique to every request must not cost a render.
	{ label: '/?gclid=<unique>', path: () => `/?gclid=${unique()}` },
	{
		label: '/dscr-loans?utm_source=google&utm_medium=cpc&gclid=<unique>',
		path: () => `/dscr-loans?utm_source=google&utm_medium=cpc&gclid=${unique()}`,
	},
	{ label: '/bridge-loans?fbclid=<unique>', path: () => `/bridge-loans?fbclid=${unique()}` },
	{ label: '/dscr-calculator?msclkid=<unique>', path: () => `/dscr-calculator?msclkid=${unique()}` },
	{ label: '/fast-quote?program=dscr&utm_campaign=<unique>', path: () => `/fast-quote?program=dscr&utm_campaign=${unique()}` },
]

// docs/decisions/0019 and 0056: anonymous public pages from the render cache against a static file of the same server, in one run.
export const pageThroughputBenchmark: Benchmark = { name: 'page-throughput', run }

/** Requests per second a page (or, without `path`, the URL itself) serves to 16 browsers asking for gzip. */
export async function requestRate(url: string, path?: () => string, seconds = DURATION_SECONDS) {
	const result = await autocannon({
		url,
		connections: CONNECTIONS,
		duration: seconds,
		headers: { 'accept-encoding': 'gzip', accept: 'text/html' },
		...(path ? { requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] } : {}),
	})
	return {
		perSecond: result.requests.average,
		total: result.requests.total,
		p99: result.latency.p99,
		non2xx: result.non2xx + result.errors,
	}
}

async function run(): Promise<BenchReport> {
	const site = await serveSite()
	const home = await (await fetch(site.url)).text()
	const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1]
	if (!stylesheet) throw new Error('no stylesheet link in the home page')
	// One warm-up request each, so the first render is not measured.
	for (const { path } of CASES) await fetch(`${site.url}${path()}`)
	// Each page is measured right after its own static-file run, so a busy machine slows both sides alike.
	const rows: Array<Array<string | number>> = []
	let targetsMet = true
	for (const { label, path } of CASES) {
		const staticRate = await requestRate(`${site.url}${stylesheet}`)
		const measured = await requestRate(site.url, path)
		const ratio = measured.perSecond / staticRate.perSecond
		const met = ratio >= TARGET_RATIO && measured.non2xx === 0
		targetsMet &&= met
		rows.push([
			label,
			Math.round(measured.perSecond),
			Math.round(staticRate.perSecond),
			measured.p99,
			measured.non2xx,
			`${Math.round(ratio * 100)}%`,
			met ? `met (≥ ${TARGET_RATIO * 100}%)` : `missed (≥ ${TARGET_RATIO * 100}%)`,
		])
	}
	await site.stop()
	return {
		title: `Public pages against a static file: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, gzip, same server and run`,
		columns: ['page', 'req/s', 'static file req/s (run just before)', 'p99 ms', 'non-2xx', 'of static', 'target'],
		rows,
		summary: [
			targetsMet ? 'Target met: every page serves at least half the static-file rate.' : 'Target missed on at least one page.',
			'Both sides share the machine with autocannon itself; ratios are comparable, absolute rates are not.',
		],
		targetsMet,
	}
}
