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
import { formatTable, kib } from './table.ts'
import type { BenchReport, Benchmark } from './types.ts'

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type CategoryId = (typeof categories)[number]
const categoryLabels: Record<CategoryId, string> = {
	performance: 'perf',
	accessibility: 'a11y',
	'best-practices': 'bp',
	seo: 'seo',
}
const homeJsBudgetBytes = 120 * 1024
const chromeFlags = [
	'--headless=new',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
]
const resultsFile = path.join(root, 'bench/results/lighthouse.json')
// Full reports, one per page, for reading the details of a failing audit.
const reportsDir = path.join(root, 'bench/results/lighthouse')

type Resource = { url: string; type: 'Script' | 'Stylesheet' | 'Document'; gzipBytes: number; chromeTransferBytes: number }
type FailingAudit = { category: CategoryId; id: string; title: string; score: number; weight: number; displayValue?: string }
type PageResult = {
	key: string
	path: string
	scores: Record<CategoryId, number | null>
	jsBytes: number
	cssBytes: number
	htmlBytes: number
	seconds: number
	resources: Resource[]
	failingAudits: FailingAudit[]
	warnings: string[]
}

export const lighthouseBenchmark: Benchmark = { name: 'lighthouse', run }

async function run(): Promise<BenchReport> {
	const site = await serveSite()
	try {
		const pages = Object.entries(publicPages).map(([key, page]) => ({ key, path: page.path }))
		await warmUp(site.url, pages)
		await fs.rm(reportsDir, { recursive: true, force: true })
		const chrome = await launchChrome()
		try {
			const results: PageResult[] = []
			for (const page of pages) results.push(await auditPage(site.url, page, chrome.port))
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

async function auditPage(url: string, page: { key: string; path: string }, port: number): Promise<PageResult> {
	const started = Date.now()
	process.stderr.write(`lighthouse: ${page.path} ... `)
	const lhr = await runLighthouse(url + page.path, port)
	await fs.mkdir(reportsDir, { recursive: true })
	await fs.writeFile(path.join(reportsDir, `${page.key}.json`), JSON.stringify(lhr))
	const resources = await measureResources(url, lhr)
	const seconds = Math.round((Date.now() - started) / 100) / 10
	process.stderr.write(`${seconds}s\n`)
	return {
		...page,
		scores: scoresOf(lhr),
		jsBytes: sumBytes(resources, 'Script'),
		cssBytes: sumBytes(resources, 'Stylesheet'),
		htmlBytes: sumBytes(resources, 'Document'),
		seconds,
		resources,
		failingAudits: failingAudits(lhr),
		warnings: lhr.runWarnings.map(String),
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
		resources.push({ url: item.url.slice(url.length), type, gzipBytes: await gzipSize(item.url), chromeTransferBytes: item.transferSize ?? 0 })
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

function targetProblems(results: PageResult[]) {
	const problems: string[] = []
	for (const page of results) {
		for (const id of categories) {
			const score = page.scores[id]
			if (score !== 100) problems.push(`${page.key} (${page.path}): ${id} ${score ?? 'no score'}`)
		}
		if (page.path === '/' && page.jsBytes > homeJsBudgetBytes) {
			problems.push(`home (/): ${kib(page.jsBytes)} KiB gzipped JavaScript, over ${kib(homeJsBudgetBytes)} KiB`)
		}
	}
	return problems
}

async function writeResults(url: string, results: PageResult[], problems: string[]) {
	await fs.mkdir(path.dirname(resultsFile), { recursive: true })
	const body = { date: new Date().toISOString(), url, targets: { score: 100, homeJsGzipBytes: homeJsBudgetBytes }, targetsMet: problems.length === 0, problems, pages: results }
	await fs.writeFile(resultsFile, `${JSON.stringify(body, null, '\t')}\n`)
}

function report(results: PageResult[], problems: string[]): BenchReport {
	const columns = ['page', 'path', ...categories.map((id) => categoryLabels[id]), 'JS KiB gz', 'CSS KiB gz', 'HTML KiB gz', 'run s']
	const rows = results.map((page) => [
		page.key,
		page.path,
		...categories.map((id) => page.scores[id] ?? '-'),
		Number(kib(page.jsBytes)),
		Number(kib(page.cssBytes)),
		Number(kib(page.htmlBytes)),
		page.seconds,
	])
	return {
		title: 'Lighthouse (mobile, simulated throttling, Debian Chromium)',
		columns,
		rows,
		summary: [...summaryLines(problems), ...auditLines(results), `results: ${path.relative(root, resultsFile)}, full reports: ${path.relative(root, reportsDir)}/<page>.json`],
		targetsMet: problems.length === 0,
	}
}

function summaryLines(problems: string[]) {
	const target = `100 in ${categories.join(', ')} on every public page; home page JavaScript under ${kib(homeJsBudgetBytes)} KiB gzipped`
	if (problems.length === 0) return [`Targets met: ${target}.`]
	return [`Targets NOT met (${target}):`, ...problems.map((problem) => `  - ${problem}`)]
}

// Only the audits that cost points; the unweighted hints are in the JSON.
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
