import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Result } from 'lighthouse'
import { publicPages } from '../app/features/seo/public-pages.ts'
import { deferCleanup } from './cleanup.ts'
import { root, serveSite } from './serve.ts'
import { kib } from './table.ts'
import type { BenchReport, Benchmark } from './types.ts'
import { CHROMIUM_FLAGS } from './browser.ts'

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type CategoryId = (typeof categories)[number]
const homeJsBudgetBytes = 100 * 1024
/** docs/decisions/0064: the interactive pages at the weight of a form (every script file until the network is idle, gzip). */
const interactiveJsBudgets: Record<string, number> = {
	'/fast-quote': 120 * 1024,
	'/contact': 60 * 1024,
	'/dscr-calculator': 60 * 1024,
	'/dscr-cash-out-florida': 60 * 1024,
}
/** Each page is audited this many times; its figures are the medians, and the spread shows the machine's noise. */
const runsPerPage = 3
const fcpTargetMs = 1500
/** docs/decisions/0064: total blocking time on the interactive pages (median of the runs). */
const tbtTargetMs = 50
const perfTarget = 100
const chromeFlags = ['--headless=new', ...CHROMIUM_FLAGS]
const resultsFile = path.join(root, 'bench/results/lighthouse.json')
// Full reports, one per page, for reading the details of a failing audit.
const reportsDir = path.join(root, 'bench/results/lighthouse')

type Resource = { url: string; type: 'Script' | 'Stylesheet' | 'Document'; gzipBytes: number; chromeTransferBytes: number }
type FailingAudit = { category: CategoryId; id: string; title: string; score: number; weight: number; displayValue?: string }
/** One Lighthouse run of one page. */
type RunResult = {
	scores: Record<CategoryId, number | null>
	fcpMs: number
	tbtMs: number
	/** Lighthouse's measure of this machine's CPU speed during the run (higher is faster). */
	benchmarkIndex: number
	seconds: number
	failingAudits: FailingAudit[]
	warnings: string[]
}
/** A page over all its runs: medians, and the runs themselves for the spread. */
type PageResult = {
	key: string
	path: string
	scores: Record<CategoryId, number | null>
	fcpMs: number
	tbtMs: number
	runs: RunResult[]
	jsBytes: number
	cssBytes: number
	htmlBytes: number
	resources: Resource[]
	failingAudits: FailingAudit[]
	warnings: string[]
}

export const lighthouseBenchmark: Benchmark = { name: 'lighthouse', run }

async function run(): Promise<BenchReport> {
	const site = await serveSite()
	try {
		const pages = pagesToAudit(process.env.LIGHTHOUSE_PAGES)
		await warmUp(site.url, pages)
		await fs.rm(reportsDir, { recursive: true, force: true })
		const chrome = await launchChrome()
		try {
			// Round by round rather than page by page, so a busy minute on the machine does not fall on one page only.
			const runs = new Map(pages.map((page) => [page.key, [] as RunResult[]]))
			const resources = new Map<string, Resource[]>()
			for (let round = 1; round <= runsPerPage; round++) {
				for (const page of pages) {
					const { run, lhr } = await auditPage(site.url, page, chrome.port, round)
					runs.get(page.key)!.push(run)
					// Bytes do not change between runs; the first run's requests are measured.
					if (round === 1) resources.set(page.key, await measureResources(site.url, lhr))
				}
			}
			const results = pages.map((page) => pageResult(page, runs.get(page.key)!, resources.get(page.key)!))
			const problems = targetProblems(results)
			await writeResults(site.url, results, problems)
			return report(results, problems)
		} finally {
			await chrome.stop()
		}
	} finally {
		await site.stop()
	}
}

/** Every public page, or the ones `LIGHTHOUSE_PAGES` names by key (`quote,home`) for a quick look at a change. */
function pagesToAudit(only: string | undefined) {
	const pages = Object.entries(publicPages).map(([key, page]) => ({ key, path: page.path }))
	const keys =
		only
			?.split(',')
			.map((key) => key.trim())
			.filter(Boolean) ?? []
	if (keys.length === 0) return pages
	const unknown = keys.filter((key) => !pages.some((page) => page.key === key))
	if (unknown.length > 0)
		throw new Error(`LIGHTHOUSE_PAGES: no public page ${unknown.join(', ')} (${pages.map((page) => page.key).join(', ')})`)
	return pages.filter((page) => keys.includes(page.key))
}

// A first request pays for module loading and a cold database; that is not what a visitor sees.
async function warmUp(url: string, pages: Array<{ path: string }>) {
	for (const page of pages) {
		const response = await fetch(url + page.path)
		await response.body?.cancel()
		if (response.status !== 200) throw new Error(`GET ${page.path} answered ${response.status}`)
	}
}

async function launchChrome() {
	const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-chrome-'))
	const removeProfile = deferCleanup(() => fs.rm(userDataDir, { recursive: true, force: true }))
	let chrome: chromeLauncher.LaunchedChrome
	try {
		chrome = await chromeLauncher.launch({
			chromePath: '/usr/bin/chromium',
			chromeFlags,
			userDataDir,
			logLevel: 'silent',
			// bench/run.ts handles Ctrl-C so the server is stopped too, not only Chrome.
			handleSIGINT: false,
		})
	} catch (error) {
		await removeProfile()
		throw error
	}
	const stop = deferCleanup(async () => {
		chrome.kill()
		await removeProfile()
	})
	return { port: chrome.port, stop }
}

async function auditPage(url: string, page: { key: string; path: string }, port: number, round: number) {
	const started = Date.now()
	process.stderr.write(`lighthouse ${round}/${runsPerPage}: ${page.path} ... `)
	const lhr = await runLighthouse(url + page.path, port)
	await fs.mkdir(reportsDir, { recursive: true })
	await fs.writeFile(path.join(reportsDir, `${page.key}-${round}.json`), JSON.stringify(lhr))
	const seconds = Math.round((Date.now() - started) / 100) / 10
	process.stderr.write(`${seconds}s\n`)
	const run: RunResult = {
		scores: scoresOf(lhr),
		fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN),
		tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
		benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
		seconds,
		failingAudits: failingAudits(lhr),
		warnings: lhr.runWarnings.map(String),
	}
	return { run, lhr }
}

/** The middle value of an odd number of runs (the lower middle one of an even number); null if a run has none. */
export function median(values: Array<number | null>): number | null {
	if (values.length === 0 || values.some((value) => value === null || Number.isNaN(value))) return null
	const sorted = (values as number[]).toSorted((a, b) => a - b)
	return sorted[Math.floor((sorted.length - 1) / 2)]!
}

function pageResult(page: { key: string; path: string }, runs: RunResult[], resources: Resource[]): PageResult {
	const scores = {} as Record<CategoryId, number | null>
	for (const id of categories) scores[id] = median(runs.map((run) => run.scores[id]))
	// The audits that cost points in the run whose performance score is the median one.
	const medianRun = runs.find((run) => run.scores.performance === scores.performance) ?? runs[0]!
	return {
		...page,
		scores,
		fcpMs: median(runs.map((run) => run.fcpMs)) ?? Number.NaN,
		tbtMs: median(runs.map((run) => run.tbtMs)) ?? Number.NaN,
		runs,
		jsBytes: sumBytes(resources, 'Script'),
		cssBytes: sumBytes(resources, 'Stylesheet'),
		htmlBytes: sumBytes(resources, 'Document'),
		resources,
		failingAudits: medianRun.failingAudits,
		warnings: [...new Set(runs.flatMap((run) => run.warnings))],
	}
}

// Trace errors such as NO_NAVSTART come and go on a busy machine; Lighthouse itself says to run again.
async function runLighthouse(pageUrl: string, port: number, attempts = 3): Promise<Result> {
	let lastError = ''
	for (let attempt = 1; attempt <= attempts; attempt++) {
		// No config: Lighthouse's defaults are mobile form factor with simulated throttling.
		const result = await lighthouse(pageUrl, { port, logLevel: 'error', onlyCategories: [...categories] })
		const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned no result' }
		if (result && !error) return result.lhr
		lastError = `${error?.code}: ${error?.message}`
		process.stderr.write(`(${error?.code}, attempt ${attempt}/${attempts}) `)
	}
	throw new Error(`Lighthouse failed on ${pageUrl}: ${lastError}`)
}

function scoresOf(lhr: Result) {
	const scores = {} as Record<CategoryId, number | null>
	for (const id of categories) {
		const score = lhr.categories[id]?.score
		scores[id] = typeof score === 'number' ? Math.round(score * 100) : null
	}
	return scores
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number }

// Sizes are measured, not taken from Lighthouse: Chrome may negotiate brotli, and the target is gzip.
// Lighthouse's network-requests audit supplies the list, so modulepreloads and lazy chunks the page
// really loaded are included; each one is then fetched with Accept-Encoding: gzip and its body bytes
// on the wire summed (a file the server leaves uncompressed counts at its full size).
async function measureResources(url: string, lhr: Result): Promise<Resource[]> {
	const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined
	const seen = new Set<string>()
	const resources: Resource[] = []
	for (const item of details?.items ?? []) {
		const type = item.resourceType
		if (type !== 'Script' && type !== 'Stylesheet' && type !== 'Document') continue
		if (!item.url.startsWith(url) || seen.has(item.url)) continue
		seen.add(item.url)
		resources.push({
			url: item.url.slice(url.length),
			type,
			gzipBytes: await gzipSize(item.url),
			chromeTransferBytes: item.transferSize ?? 0,
		})
	}
	return resources
}

function gzipSize(url: string) {
	return new Promise<number>((resolve, reject) => {
		const request = http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
			let bytes = 0
			response.on('data', (chunk: Buffer) => {
				bytes += chunk.length
			})
			response.on('end', () => resolve(bytes))
			response.on('error', reject)
		})
		request.on('error', reject)
		request.setTimeout(10_000, () => request.destroy(new Error(`timed out fetching ${url}`)))
	})
}

function sumBytes(resources: Resource[], type: Resource['type']) {
	return resources.filter((resource) => resource.type === type).reduce((total, resource) => total + resource.gzipBytes, 0)
}

// Weighted audits are what pull a category under 100; unweighted failures (performance insights) are kept as hints.
function failingAudits(lhr: Result): FailingAudit[] {
	const failing: FailingAudit[] = []
	for (const category of categories) {
		const entry = lhr.categories[category]
		if (!entry || entry.score === 1) continue
		for (const ref of entry.auditRefs) {
			const audit = lhr.audits[ref.id]
			if (!audit || audit.score === null || audit.score >= 1) continue
			if (['informative', 'notApplicable', 'manual', 'error'].includes(audit.scoreDisplayMode)) continue
			failing.push({ category, id: ref.id, title: audit.title, score: audit.score, weight: ref.weight, displayValue: audit.displayValue })
		}
	}
	return failing
}

/** The targets (docs/decisions/0039), each measured on the medians of the runs. */
function targetChecks(results: PageResult[]) {
	const home = results.find((page) => page.path === '/')
	return [
		{
			target: `performance ${perfTarget} on every public page (median of ${runsPerPage} runs)`,
			misses: results
				.filter((page) => page.scores.performance !== perfTarget)
				.map((page) => `${page.key} ${page.scores.performance ?? 'no score'}`),
		},
		{
			target: `first contentful paint <= ${seconds(fcpTargetMs)} s on every public page (median, simulated mobile)`,
			misses: results.filter((page) => !(page.fcpMs <= fcpTargetMs)).map((page) => `${page.key} ${seconds(page.fcpMs)} s`),
		},
		{
			target: `total blocking time <= ${tbtTargetMs} ms on the interactive pages (${Object.keys(interactiveJsBudgets).join(', ')}; median)`,
			misses: results
				.filter((page) => page.path in interactiveJsBudgets && !(page.tbtMs <= tbtTargetMs))
				.map((page) => `${page.key} ${page.tbtMs} ms`),
		},
		{
			target: `home page JavaScript <= ${kib(homeJsBudgetBytes)} KiB gzipped`,
			misses: home && home.jsBytes > homeJsBudgetBytes ? [`home ${kib(home.jsBytes)} KiB`] : [],
		},
		{
			target: `first-load JavaScript of the interactive pages <= their budgets (${Object.entries(interactiveJsBudgets)
				.map(([pagePath, bytes]) => `${pagePath} ${kib(bytes)} KiB`)
				.join(', ')}, gzipped)`,
			misses: results
				.filter((page) => page.path in interactiveJsBudgets && page.jsBytes > interactiveJsBudgets[page.path]!)
				.map((page) => `${page.key} ${kib(page.jsBytes)} KiB`),
		},
		{
			target: `100 in ${categories.filter((id) => id !== 'performance').join(', ')} on every public page (median)`,
			misses: results.flatMap((page) =>
				categories
					.filter((id) => id !== 'performance' && page.scores[id] !== 100)
					.map((id) => `${page.key} ${id} ${page.scores[id] ?? 'no score'}`),
			),
		},
	]
}

function targetProblems(results: PageResult[]) {
	return targetChecks(results).flatMap((check) => check.misses.map((miss) => `${check.target}: ${miss}`))
}

const seconds = (ms: number) => (ms / 1000).toFixed(2)
const spread = (values: number[]) => Math.max(...values) - Math.min(...values)

/** How much the runs of one page disagree: the noise of this machine, to read the medians against. */
function noiseLines(results: PageResult[]) {
	const perfSpreads = results.map((page) => ({ page, points: spread(page.runs.map((run) => run.scores.performance ?? 0)) }))
	const fcpSpreads = results.map((page) => ({ page, ms: spread(page.runs.map((run) => run.fcpMs)) }))
	const widestPerf = perfSpreads.toSorted((a, b) => b.points - a.points)[0]
	const widestFcp = fcpSpreads.toSorted((a, b) => b.ms - a.ms)[0]
	if (!widestPerf || !widestFcp) return []
	const averageFcp = fcpSpreads.reduce((total, entry) => total + entry.ms, 0) / fcpSpreads.length
	// Simulated throttling multiplies the tasks this machine ran, so TBT follows its speed and load: the pages that load
	// no script show how much TBT the machine alone gives a page.
	const indexes = results.flatMap((page) => page.runs.map((run) => run.benchmarkIndex))
	const scriptless = results.filter((page) => page.jsBytes === 0)
	const floor = scriptless.length > 0 ? Math.max(...scriptless.map((page) => page.tbtMs)) : null
	return [
		`Noise (spread of the ${runsPerPage} runs of one page): performance up to ${widestPerf.points} points (${widestPerf.page.key}), ` +
			`FCP up to ${seconds(widestFcp.ms)} s (${widestFcp.page.key}), ${seconds(averageFcp)} s on average; ` +
			`load average ${os
				.loadavg()
				.map((load) => load.toFixed(1))
				.join(' ')} on ${os.availableParallelism()} cores at the end.`,
		`Machine: Lighthouse's CPU benchmark index ${Math.min(...indexes)}-${Math.max(...indexes)} over the runs` +
			(floor === null ? '.' : `; the pages that load no script reach a median TBT of up to ${floor} ms.`),
	]
}

async function writeResults(url: string, results: PageResult[], problems: string[]) {
	await fs.mkdir(path.dirname(resultsFile), { recursive: true })
	const targets = {
		performance: perfTarget,
		otherScores: 100,
		fcpMs: fcpTargetMs,
		interactiveTbtMs: tbtTargetMs,
		homeJsGzipBytes: homeJsBudgetBytes,
		interactiveJsGzipBytes: interactiveJsBudgets,
		runsPerPage,
	}
	const body = { date: new Date().toISOString(), url, targets, targetsMet: problems.length === 0, problems, pages: results }
	await fs.writeFile(resultsFile, `${JSON.stringify(body, null, '\t')}\n`)
}

function report(results: PageResult[], problems: string[]): BenchReport {
	const columns = [
		'page',
		'path',
		'perf',
		'perf runs',
		'FCP s',
		'FCP runs s',
		'TBT ms',
		'a11y',
		'bp',
		'seo',
		'JS KiB gz',
		'CSS KiB gz',
		'HTML KiB gz',
		'run s',
	]
	const rows = results.map((page) => [
		page.key,
		page.path,
		page.scores.performance ?? '-',
		page.runs.map((run) => run.scores.performance ?? '-').join('/'),
		Number(seconds(page.fcpMs)),
		page.runs.map((run) => seconds(run.fcpMs)).join('/'),
		page.tbtMs,
		page.scores.accessibility ?? '-',
		page.scores['best-practices'] ?? '-',
		page.scores.seo ?? '-',
		Number(kib(page.jsBytes)),
		Number(kib(page.cssBytes)),
		Number(kib(page.htmlBytes)),
		Math.round(page.runs.reduce((total, run) => total + run.seconds, 0) * 10) / 10,
	])
	return {
		title: `Lighthouse (mobile, simulated throttling, Debian Chromium), median of ${runsPerPage} runs per page`,
		columns,
		rows,
		summary: [
			...summaryLines(results),
			...noiseLines(results),
			...auditLines(results),
			`results: ${path.relative(root, resultsFile)}, full reports: ${path.relative(root, reportsDir)}/<page>-<run>.json`,
		],
		targetsMet: problems.length === 0,
	}
}

function summaryLines(results: PageResult[]) {
	return targetChecks(results).map((check) =>
		check.misses.length === 0 ? `met:    ${check.target}` : `MISSED: ${check.target}: ${check.misses.join(', ')}`,
	)
}

// Only the audits that cost points (in the median run); the unweighted hints are in the JSON.
function auditLines(results: PageResult[]) {
	const lines: string[] = []
	for (const page of results) {
		for (const audit of page.failingAudits.filter((failing) => failing.weight > 0)) {
			const value = audit.displayValue ? ` (${audit.displayValue})` : ''
			lines.push(`  ${page.key} ${audit.category}: ${audit.id} score ${audit.score}${value} - ${audit.title}`)
		}
	}
	return lines.length === 0 ? [] : ['Failing audits:', ...lines]
}
