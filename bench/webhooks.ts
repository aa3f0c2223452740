import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { Webhook } from 'standardwebhooks'
import { openDatabase } from '#db/client.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { webhookKeyFrom } from '#app/features/webhooks/signing.server.ts'
import { createEndpoint } from '#app/features/webhooks/webhooks.server.ts'
import { refinanceAnswers } from '../tests/lead-fixtures.ts'
import { deferCleanup } from './cleanup.ts'
import { requestRate } from './page-throughput.ts'
import { createBenchDatabase } from './postgres.ts'
import { cpuSeconds, serveSite, untilIdle } from './serve.ts'
import type { BenchReport, Benchmark } from './types.ts'
import { numberAsLetters } from './names.ts'

// docs/decisions/0068: p95 from a lead's commit to its delivery at a healthy local receiver under 1 s at 50 leads/s; page and
// lead-API throughput unchanged with 3 endpoints configured. Each database gets two sites side by side, one with 3
// endpoints and one without; every throughput is measured on both in short turns, without-with-with-without (ABBA), so
// a machine whose load changes during the run slows both sides alike.
const ENDPOINTS = 3
const RATE = 50
const RATE_SECONDS = 10
const P95_TARGET_MS = 1_000
const DRAIN_TIMEOUT_MS = 30_000
/** After the expected deliveries, until none came for this long: leads still in flight when a measurement stopped. */
const SETTLE_MS = 300
const TURN_SECONDS = 2.5
/** Pages vary the most from turn to turn on a shared machine: shorter turns, twice as many (ABBA ABBA). */
const PAGE_TURN_SECONDS = 1.5
const LEAD_IN_SECONDS = 0.3
const CONNECTIONS = 16
// "About unchanged": with endpoints at least 0.8 of without, for the lead API and for the pages alike. (page-throughput's
// own target, half a static file's rate, is about the render cache, not about what else the server does.)
const RATIO_TARGET = 0.8
// Two of page-throughput's pages, served from the render cache as every anonymous public page is (decision 0056: even a
// unique click id costs no render), so the server's spare time is what they measure. Leads arrive meanwhile on both
// sites at BACKGROUND_RATE; on the site with endpoints each becomes 3 deliveries.
const PAGES = ['/', '/dscr-loans']
const BACKGROUND_RATE = 25
// Known to the bench, so it can seal the endpoints' secrets as the server does (webhookKeyFrom the auth secret).
const AUTH_SECRET = 'bench-webhooks-auth-secret-0123456789abcdef'

const siteEnv = {
	AUTH_SECRET,
	WEBHOOK_ALLOW_HTTP: 'true',
	WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
	LEAD_RATE_LIMIT_PER_HOUR: '0',
}

let serial = 0

/** A complete refinance short form, as the wizard sends it, with an e-mail of its own. */
function leadBody() {
	const n = serial++
	return JSON.stringify({
		formData: {
			...refinanceAnswers,
			firstName: 'Bench',
			lastName: `Webhook ${numberAsLetters(n)}`,
			email: `bench-webhook-${n}@example.com`,
			phone: '(949) 555-0123',
		},
		sourcePage: '/fast-quote',
		consentVersion: CONSENT_VERSION,
	})
}

type Arrival = { endpoint: number; at: number; headers: Record<string, string>; payload: string }
type CheckedArrival = { endpoint: number; at: number; webhookId: string; leadId: string | null; verified: boolean }

/**
 * A healthy receiver on loopback: answers 204 at once and keeps each request. Signatures are checked (with the
 * `standardwebhooks` package, independent of the code that signs) when the arrivals are taken, between measurements,
 * so the checking never competes with the server being measured.
 */
async function startReceiver() {
	let arrivals: Arrival[] = []
	const verifiers: Webhook[] = []
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk: Buffer) => chunks.push(chunk))
		request.on('end', () => {
			arrivals.push({
				endpoint: Number(request.url?.split('/').pop()),
				at: performance.now(),
				headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
				payload: Buffer.concat(chunks).toString('utf8'),
			})
			response.writeHead(204).end()
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	deferCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())))
	server.unref()

	function check({ endpoint, at, headers, payload }: Arrival): CheckedArrival {
		let verified = false
		let leadId: string | null = null
		try {
			const event = verifiers[endpoint]!.verify(payload, headers) as { data?: { lead?: { id?: string } } }
			verified = true
			leadId = event.data?.lead?.id ?? null
		} catch {
			try {
				leadId = (JSON.parse(payload) as { data?: { lead?: { id?: string } } }).data?.lead?.id ?? null
			} catch {}
		}
		return { endpoint, at, webhookId: headers['webhook-id'] ?? '', leadId, verified }
	}

	return {
		verifiers,
		url: (endpoint: number) => `http://127.0.0.1:${port}/hook/${endpoint}`,
		/** Arrivals since the last take. */
		count: () => arrivals.length,
		/** Arrivals since the last take that came by `until` (performance.now()). */
		countBy: (until: number) => arrivals.filter((arrival) => arrival.at <= until).length,
		/** The arrivals since the last take, checked now. */
		take() {
			const taken = arrivals
			arrivals = []
			return taken.map(check)
		},
	}
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>
type Site = Awaited<ReturnType<typeof serveSite>>

/**
 * A fresh database given 3 endpoints (created by the module the dashboard uses, under the key the server derives)
 * before its site starts, so the site's first read of the subscribed event types finds them.
 */
async function startSiteWithEndpoints(receiver: Receiver, databaseUrl: string | undefined) {
	const dataDir = databaseUrl ? undefined : await fs.mkdtemp(path.join(os.tmpdir(), 'bench-data-'))
	if (dataDir) deferCleanup(() => fs.rm(dataDir, { recursive: true, force: true }))
	const handle = await openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 2 } : { dataDir: dataDir! })
	try {
		await handle.migrate()
		const key = webhookKeyFrom(AUTH_SECRET)
		receiver.verifiers.length = 0
		for (let i = 0; i < ENDPOINTS; i++) {
			const { secret } = await createEndpoint(
				handle.db,
				key,
				{ kind: 'standard', url: receiver.url(i), description: `bench receiver ${i}`, eventTypes: ['lead.created'] },
				'bench@example.com',
			)
			receiver.verifiers.push(new Webhook(secret))
		}
	} finally {
		await handle.close()
	}
	return serveSite(0, { databaseUrl, dataDir, env: siteEnv })
}

function percentile(sorted: number[], p: number) {
	if (sorted.length === 0) return Number.NaN
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** `rate` leads/s for `seconds` on a fixed schedule (not waiting for answers); each 201's arrival time by lead id. */
async function steadyLeads(url: string, rate: number, seconds: number) {
	const committed = new Map<string, number>()
	let failed = 0
	const total = Math.round(rate * seconds)
	const started = performance.now()
	const inFlight: Promise<void>[] = []
	for (let n = 0; n < total; n++) {
		const due = started + (n * 1000) / rate
		const wait = due - performance.now()
		if (wait > 0) await sleep(wait)
		inFlight.push(
			fetch(`${url}/api/leads`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', origin: url },
				body: leadBody(),
			})
				.then(async (response) => {
					const at = performance.now()
					const body = (await response.json()) as { id?: string }
					if (response.status === 201 && body.id) committed.set(body.id, at)
					else failed++
				})
				.catch(() => {
					failed++
				}),
		)
	}
	await Promise.all(inFlight)
	return { committed, failed, sentSeconds: (performance.now() - started) / 1000 }
}

/** Waits until the expected deliveries have come and then none for SETTLE_MS, or none came for DRAIN_TIMEOUT_MS. */
async function drain(receiver: Receiver, expected: number) {
	let last = receiver.count()
	let quietSince = performance.now()
	for (;;) {
		const quiet = performance.now() - quietSince
		if (quiet >= DRAIN_TIMEOUT_MS || (receiver.count() >= expected && quiet >= SETTLE_MS)) return
		await sleep(50)
		if (receiver.count() !== last) {
			last = receiver.count()
			quietSince = performance.now()
		}
	}
}

/** What the site with endpoints delivered: duplicates (by endpoint and webhook-id) and bad signatures, over all phases. */
function createTally() {
	const seen = new Set<string>()
	const tally = { received: 0, duplicates: 0, badSignatures: 0 }
	return {
		tally,
		add(arrivals: CheckedArrival[]) {
			for (const arrival of arrivals) {
				const key = `${arrival.endpoint} ${arrival.webhookId}`
				if (seen.has(key)) tally.duplicates++
				seen.add(key)
				if (!arrival.verified) tally.badSignatures++
			}
			tally.received += arrivals.length
			return arrivals
		},
	}
}

type Tally = ReturnType<typeof createTally>

/** 50 leads/s for 10 s: from each 201 to its 3 deliveries, every one of them expected exactly once. */
async function latencyRun(site: Site, receiver: Receiver, tally: Tally) {
	// Stragglers of the measurement before (a lead committed as its load stopped, after the count) are its own.
	tally.add(receiver.take())
	const { committed, failed, sentSeconds } = await steadyLeads(site.url, RATE, RATE_SECONDS)
	const expected = committed.size * ENDPOINTS
	await drain(receiver, expected)
	// Late duplicates, if any, would come now.
	await sleep(500)
	const received = tally.add(receiver.take())
	const arrivals = received.filter((arrival) => arrival.leadId !== null && committed.has(arrival.leadId))
	const latencies = arrivals.map((arrival) => arrival.at - committed.get(arrival.leadId!)!).sort((a, b) => a - b)
	return {
		failed,
		rate: committed.size / sentSeconds,
		expected,
		received: received.length,
		matched: arrivals.length,
		p50: percentile(latencies, 50),
		p95: percentile(latencies, 95),
		max: latencies.at(-1) ?? Number.NaN,
	}
}

type Side = {
	count: number
	seconds: number
	failed: number
	p99: number
	/** CPU seconds of the server, and of this process (the load, the receiver), while measured. */
	cpu: number | null
	benchCpu: number
	/** Each turn's rate, in the order measured. */
	rates: number[]
	delivered: number
	expected: number
}
const emptySide = (): Side => ({ count: 0, seconds: 0, failed: 0, p99: 0, cpu: 0, benchCpu: 0, rates: [], delivered: 0, expected: 0 })
type Measured = Pick<Side, 'count' | 'seconds' | 'failed' | 'p99' | 'cpu' | 'benchCpu'> & { leads: number; ended: number }

/** Adds one measurement to a side; on the site with endpoints, waits for its deliveries and checks them. */
async function record(side: Side, measured: Measured, receiver: Receiver | null, tally: Tally) {
	side.count += measured.count
	side.seconds += measured.seconds
	side.failed += measured.failed
	side.p99 = Math.max(side.p99, measured.p99)
	side.cpu = side.cpu === null || measured.cpu === null ? null : side.cpu + measured.cpu
	side.benchCpu += measured.benchCpu
	side.rates.push(Math.round(measured.count / measured.seconds))
	if (!receiver) return
	side.delivered += receiver.countBy(measured.ended)
	side.expected += measured.leads * ENDPOINTS
	await drain(receiver, measured.leads * ENDPOINTS)
	tally.add(receiver.take())
}

/** Measures `work` on a site: the time it took and the CPU time of the server and of this process meanwhile. */
async function timed<T>(site: Site, work: () => Promise<T>) {
	const cpuBefore = await cpuSeconds(site.pid)
	const benchBefore = process.cpuUsage()
	const started = performance.now()
	const result = await work()
	const ended = performance.now()
	const bench = process.cpuUsage(benchBefore)
	const cpuAfter = await cpuSeconds(site.pid)
	return {
		result,
		ended,
		seconds: (ended - started) / 1000,
		cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
		benchCpu: (bench.user + bench.system) / 1e6,
	}
}

/** The lead API at 16 connections, each lead with an e-mail of its own. */
async function leadApiRun(site: Site): Promise<Measured> {
	const { result, ...time } = await timed(site, () =>
		autocannon({
			url: `${site.url}/api/leads`,
			connections: CONNECTIONS,
			duration: TURN_SECONDS,
			requests: [
				{
					method: 'POST',
					path: '/api/leads',
					headers: { 'content-type': 'application/json', origin: site.url },
					setupRequest: (request) => ({ ...request, body: leadBody() }),
				},
			],
		}),
	)
	return { ...time, count: result['2xx'], leads: result['2xx'], failed: result.non2xx + result.errors, p99: result.latency.p99 }
}

/** A page at 16 connections while leads arrive at BACKGROUND_RATE (from a moment before until it ends). */
async function pageRun(site: Site, page: string): Promise<Measured & { leadsPerSecond: number }> {
	const background = steadyLeads(site.url, BACKGROUND_RATE, LEAD_IN_SECONDS + PAGE_TURN_SECONDS)
	await sleep(LEAD_IN_SECONDS * 1000)
	const { result, ...time } = await timed(site, () => requestRate(site.url, () => page, PAGE_TURN_SECONDS))
	const leads = await background
	return {
		...time,
		count: result.total,
		failed: result.non2xx + leads.failed,
		p99: result.p99,
		leads: leads.committed.size,
		leadsPerSecond: leads.committed.size / leads.sentSeconds,
	}
}

type Pair = { without: Side; with: Side }
const ratioOf = (pair: Pair) => pair.with.count / pair.with.seconds / (pair.without.count / pair.without.seconds)
const perSecond = (side: Side) => side.count / side.seconds

/** Everything measured on one database: two sites side by side, one with 3 endpoints and one without. */
async function measureDatabase(label: string, receiver: Receiver, databaseUrls: [string, string] | null) {
	const loadBefore = os.loadavg()[0]!
	const [plain, withEndpoints] = await Promise.all([
		serveSite(0, { databaseUrl: databaseUrls?.[0], env: siteEnv }),
		startSiteWithEndpoints(receiver, databaseUrls?.[1]),
	])
	const tally = createTally()
	const sites = [
		{ site: plain, receiver: null },
		{ site: withEndpoints, receiver },
	] as const
	// Warm both: each page rendered once (then served from the cache), a few leads through the whole path.
	for (const { site, receiver: hooks } of sites) {
		for (const page of PAGES) await (await fetch(`${site.url}${page}`)).text()
		const { committed } = await steadyLeads(site.url, RATE, 0.4)
		if (hooks) {
			await drain(hooks, committed.size * ENDPOINTS)
			tally.add(hooks.take())
		}
	}
	// ABBA: without, with, then with, without.
	const inTurns = [sites[0], sites[1], sites[1], sites[0]]
	const leadApi: Pair = { without: emptySide(), with: emptySide() }
	// Both servers idle before each measurement: neither is still sending the mail or webhooks of the one before.
	const idle = () => Promise.all([untilIdle(plain.pid), untilIdle(withEndpoints.pid)])
	// Twice (ABBA ABBA), as the pages: one turn's rate varies by a third on a shared machine.
	for (const { site, receiver: hooks } of [...inTurns, ...inTurns]) {
		await idle()
		await record(hooks ? leadApi.with : leadApi.without, await leadApiRun(site), hooks, tally)
	}
	await idle()
	const latency = await latencyRun(withEndpoints, receiver, tally)

	const pages: Array<{ page: string } & Pair> = []
	const backgroundRates: number[] = []
	for (const page of PAGES) {
		const pair: Pair = { without: emptySide(), with: emptySide() }
		for (const { site, receiver: hooks } of [...inTurns, ...inTurns]) {
			await idle()
			const measured = await pageRun(site, page)
			backgroundRates.push(measured.leadsPerSecond)
			await record(hooks ? pair.with : pair.without, measured, hooks, tally)
		}
		pages.push({ page, ...pair })
	}
	await Promise.all([plain.stop(), withEndpoints.stop()])
	return { label, latency, leadApi, pages, tally: tally.tally, backgroundRates, load: [loadBefore, os.loadavg()[0]!] }
}

type DatabaseResult = Awaited<ReturnType<typeof measureDatabase>>

const ms = (value: number) => (Number.isFinite(value) ? Math.round(value) : '—')
const perLead = (seconds: number | null, side: Side) =>
	seconds === null || side.count === 0 ? '—' : ((seconds * 1000) / side.count).toFixed(1)

function verdicts(result: DatabaseResult) {
	const { latency, tally } = result
	const checks = {
		latency: latency.p95 < P95_TARGET_MS,
		delivered: latency.matched === latency.expected && latency.received === latency.expected,
		clean: tally.duplicates === 0 && tally.badSignatures === 0 && latency.failed === 0,
		leadApi: ratioOf(result.leadApi) >= RATIO_TARGET,
		pages: result.pages.every((pair) => ratioOf(pair) >= RATIO_TARGET && pair.without.failed + pair.with.failed === 0),
	}
	return { checks, met: Object.values(checks).every(Boolean) }
}

function summaryLines(result: DatabaseResult) {
	const { label, latency, leadApi, tally, pages } = result
	const { checks } = verdicts(result)
	const word = (met: boolean) => (met ? 'met' : 'MISSED')
	const background = `${Math.min(...result.backgroundRates).toFixed(1)}-${Math.max(...result.backgroundRates).toFixed(1)}`
	const turns = (pair: Pair) => `${pair.without.rates.join(' ')} without, ${pair.with.rates.join(' ')} with`
	return [
		`${label} (load average ${result.load.map((load) => load.toFixed(1)).join(' → ')} over its part of the run):`,
		`  delivery p95 ${ms(latency.p95)} ms ${word(checks.latency)} (< ${P95_TARGET_MS}); ${latency.received} deliveries of ${latency.expected} expected ` +
			`(${latency.matched} matched to a 201, ${latency.failed} other answers) ${word(checks.delivered)}; over every phase ${tally.received} ` +
			`deliveries, ${tally.duplicates} duplicate webhook-ids, ${tally.badSignatures} bad signatures ${word(checks.clean)}.`,
		`  lead API ${ratioOf(leadApi).toFixed(2)}× ${word(checks.leadApi)} (≥ ${RATIO_TARGET}); CPU ms per lead without / with: server ` +
			`${perLead(leadApi.without.cpu, leadApi.without)} / ${perLead(leadApi.with.cpu, leadApi.with)}, this process (load and receiver) ` +
			`${perLead(leadApi.without.benchCpu, leadApi.without)} / ${perLead(leadApi.with.benchCpu, leadApi.with)}; ` +
			`turns ${turns(leadApi)}; p99 ms ${leadApi.without.p99} / ${leadApi.with.p99}; other answers ` +
			`${leadApi.without.failed} / ${leadApi.with.failed}; ${leadApi.with.delivered} of ${leadApi.with.expected} deliveries ` +
			'came while the lead API was measured (the rest right after).',
		`  pages ${pages.map((pair) => `${pair.page} ${ratioOf(pair).toFixed(2)}×`).join(', ')} ${word(checks.pages)} (≥ ${RATIO_TARGET}); ` +
			`turns ${pages.map((pair) => `${pair.page} ${turns(pair)}`).join('; ')}; p99 ms ${pages.map((pair) => `${pair.without.p99} / ${pair.with.p99}`).join(', ')}; ` +
			`background leads/s ${background}; ` +
			`non-2xx ${pages.reduce((sum, pair) => sum + pair.without.failed + pair.with.failed, 0)}.`,
	]
}

export const webhooksBenchmark: Benchmark = {
	name: 'webhooks',
	async run(): Promise<BenchReport> {
		const receiver = await startReceiver()
		const results = [await measureDatabase('PGlite', receiver, null)]
		const summary: string[] = []
		const first = await createBenchDatabase('bench_webhooks')
		const second = first ? await createBenchDatabase('bench_webhooks') : null
		if (first && second) results.push(await measureDatabase('PostgreSQL', receiver, [first, second]))
		else summary.push('PostgreSQL skipped: nothing answers (set BENCH_DATABASE_URL).')
		const flow = (pair: Pair) => `${Math.round(perSecond(pair.without))} → ${Math.round(perSecond(pair.with))}`
		const ratio = (pair: Pair) => ratioOf(pair).toFixed(2)
		return {
			title:
				`Webhooks: ${ENDPOINTS} endpoints on a local receiver; delivery at ${RATE} leads/s for ${RATE_SECONDS} s; lead API ` +
				`(${CONNECTIONS} connections) and pages (${CONNECTIONS} connections, ${BACKGROUND_RATE} leads/s beside) without → with ` +
				`endpoints in turns, ${4 * TURN_SECONDS} s a side for the lead API, ${4 * PAGE_TURN_SECONDS} s for each page`,
			columns: [
				'database',
				'leads/s',
				'delivery ms p50/p95/max',
				'delivered',
				'dup ids',
				'bad sigs',
				'lead API leads/s',
				'ratio',
				...PAGES.flatMap((page) => [`${page} req/s`, 'ratio']),
			],
			rows: [
				...results.map((result) => [
					result.label,
					result.latency.rate.toFixed(1),
					`${ms(result.latency.p50)} / ${ms(result.latency.p95)} / ${ms(result.latency.max)}`,
					`${result.latency.received} / ${result.latency.expected}`,
					result.tally.duplicates,
					result.tally.badSignatures,
					flow(result.leadApi),
					ratio(result.leadApi),
					...result.pages.flatMap((pair) => [flow(pair), ratio(pair)]),
				]),
				[
					'target',
					String(RATE),
					`p95 < ${P95_TARGET_MS}`,
					'all',
					0,
					0,
					'—',
					`≥ ${RATIO_TARGET}`,
					...PAGES.flatMap(() => ['—', `≥ ${RATIO_TARGET}`]),
				],
			],
			summary: [...results.flatMap(summaryLines), ...summary],
			targetsMet: results.every((result) => verdicts(result).met),
		}
	},
}
