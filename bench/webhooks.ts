import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { Webhook } from 'standardwebhooks'
import { openDatabase } from '#db/client.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { webhookKeyFrom } from '#app/features/webhooks/signing.server.ts'
import { createEndpoint } from '#app/features/webhooks/webhooks.server.ts'
import { refinanceAnswers } from '../tests/lead-fixtures.ts'
import { deferCleanup } from './cleanup.ts'
import { serveSite } from './serve.ts'
import type { BenchReport, Benchmark } from './types.ts'

// Issue 20: p95 from a lead's commit to its delivery at a healthy local receiver under 1 s at 50 leads/s; the lead
// API's throughput about unchanged with 3 endpoints configured.
const ENDPOINTS = 3
const RATE = 50
const RATE_SECONDS = 20
const P95_TARGET_MS = 1_000
const DRAIN_TIMEOUT_MS = 30_000
const THROUGHPUT_SECONDS = 10
const CONNECTIONS = 16
const RATIO_TARGET = 0.8
// Known to the bench, so it can seal the endpoints' secrets as the server does (webhookKeyFrom the auth secret).
const AUTH_SECRET = 'bench-webhooks-auth-secret-0123456789abcdef'

const siteEnv = {
	AUTH_SECRET,
	WEBHOOK_ALLOW_HTTP: 'true',
	WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
	LEAD_RATE_LIMIT_PER_HOUR: '0',
}

/** A complete refinance short form, as the wizard sends it, with an e-mail of its own. */
function leadBody(n: number, run: string) {
	return JSON.stringify({
		formData: {
			...refinanceAnswers,
			firstName: 'Bench',
			lastName: `Webhook ${n}`,
			email: `bench-${run}-${n}@example.com`,
			phone: '(949) 555-0123',
		},
		sourcePage: '/fast-quote',
		consentVersion: CONSENT_VERSION,
	})
}

type Arrival = { endpoint: number; at: number; webhookId: string; leadId: string | null; verified: boolean }

/** A healthy receiver on loopback: answers 204 at once, records each request and checks its signature. */
async function startReceiver() {
	const arrivals: Arrival[] = []
	const verifiers: Webhook[] = []
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk: Buffer) => chunks.push(chunk))
		request.on('end', () => {
			const at = performance.now()
			const endpoint = Number(request.url?.split('/').pop())
			const payload = Buffer.concat(chunks).toString('utf8')
			const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
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
			arrivals.push({ endpoint, at, webhookId: headers['webhook-id'] ?? '', leadId, verified })
			response.writeHead(204).end()
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	deferCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())))
	server.unref()
	return { arrivals, verifiers, url: (endpoint: number) => `http://127.0.0.1:${port}/hook/${endpoint}` }
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>

/**
 * A fresh site; with a receiver, first started once to create its database, stopped, given 3 endpoints (created by
 * the module the dashboard uses, under the key the server derives), then started again on that database.
 */
async function startSite(receiver: Receiver | null) {
	if (!receiver) return serveSite(undefined, { env: siteEnv })
	const first = await serveSite(undefined, { keepData: true, env: siteEnv })
	await first.stop()
	const handle = await openDatabase({ dataDir: first.dataDir })
	try {
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
	return serveSite(undefined, { dataDir: first.dataDir, env: siteEnv })
}

function percentile(sorted: number[], p: number) {
	if (sorted.length === 0) return Number.NaN
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** 50 leads/s for 20 s on a fixed schedule (not waiting for answers); each 201's arrival time by lead id. */
async function steadyLeads(url: string) {
	const committed = new Map<string, number>()
	let failed = 0
	const total = RATE * RATE_SECONDS
	const started = performance.now()
	const inFlight: Promise<void>[] = []
	for (let n = 0; n < total; n++) {
		const due = started + (n * 1000) / RATE
		const wait = due - performance.now()
		if (wait > 0) await sleep(wait)
		inFlight.push(
			fetch(`${url}/api/leads`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', origin: url },
				body: leadBody(n, 'rate'),
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

/** Waits until the expected deliveries have come, or nothing new arrived for a while. */
async function drain(receiver: Receiver, expected: number) {
	let last = receiver.arrivals.length
	let quietSince = performance.now()
	while (receiver.arrivals.length < expected && performance.now() - quietSince < DRAIN_TIMEOUT_MS) {
		await sleep(200)
		if (receiver.arrivals.length !== last) {
			last = receiver.arrivals.length
			quietSince = performance.now()
		}
	}
	// Late duplicates, if any, would come now.
	await sleep(1_000)
}

async function latencyRun(receiver: Receiver) {
	const site = await startSite(receiver)
	receiver.arrivals.length = 0
	const { committed, failed, sentSeconds } = await steadyLeads(site.url)
	const expected = committed.size * ENDPOINTS
	await drain(receiver, expected)
	await site.stop()
	const arrivals = receiver.arrivals.filter((arrival) => arrival.leadId !== null && committed.has(arrival.leadId))
	const seen = new Set<string>()
	let duplicates = 0
	for (const arrival of receiver.arrivals) {
		const key = `${arrival.endpoint} ${arrival.webhookId}`
		if (seen.has(key)) duplicates++
		seen.add(key)
	}
	const latencies = arrivals.map((arrival) => arrival.at - committed.get(arrival.leadId!)!).sort((a, b) => a - b)
	return {
		leads: committed.size,
		failed,
		rate: committed.size / sentSeconds,
		expected,
		received: receiver.arrivals.length,
		matched: arrivals.length,
		duplicates,
		badSignatures: receiver.arrivals.filter((arrival) => !arrival.verified).length,
		p50: percentile(latencies, 50),
		p95: percentile(latencies, 95),
		max: latencies.at(-1) ?? Number.NaN,
	}
}

/** The lead API at 16 connections for 10 s, each lead with an e-mail of its own. */
async function throughputRun(receiver: Receiver | null) {
	const site = await startSite(receiver)
	let n = 0
	const run = receiver ? 'with' : 'without'
	const result = await autocannon({
		url: `${site.url}/api/leads`,
		connections: CONNECTIONS,
		duration: THROUGHPUT_SECONDS,
		requests: [
			{
				method: 'POST',
				path: '/api/leads',
				headers: { 'content-type': 'application/json', origin: site.url },
				setupRequest: (request) => ({ ...request, body: leadBody(n++, run) }),
			},
		],
	})
	await site.stop()
	return { leadsPerSecond: result['2xx'] / THROUGHPUT_SECONDS, failed: result.non2xx + result.errors, p99: result.latency.p99 }
}

const ms = (value: number) => (Number.isFinite(value) ? Math.round(value) : '—')

export const webhooksBenchmark: Benchmark = {
	name: 'webhooks',
	async run(): Promise<BenchReport> {
		const receiver = await startReceiver()
		const latency = await latencyRun(receiver)
		const without = await throughputRun(null)
		receiver.arrivals.length = 0
		const withEndpoints = await throughputRun(receiver)
		const ratio = withEndpoints.leadsPerSecond / without.leadsPerSecond

		const allDelivered = latency.matched === latency.expected && latency.received === latency.expected
		const latencyMet = latency.p95 < P95_TARGET_MS
		const clean = latency.duplicates === 0 && latency.badSignatures === 0 && latency.failed === 0
		const ratioMet = ratio >= RATIO_TARGET
		const summary = [
			`Latency: ${latency.leads} leads answered 201 at ${latency.rate.toFixed(1)} leads/s (${latency.failed} other answers), ` +
				`${ENDPOINTS} endpoints on one receiver at 127.0.0.1; latency = arrival at the receiver − the 201's arrival at the client.`,
			`${latencyMet ? 'Met' : 'MISSED'}: p95 ${ms(latency.p95)} ms (target < ${P95_TARGET_MS} ms).`,
			`${allDelivered ? 'Every' : 'NOT every'} lead reached every endpoint: ${latency.received} received of ${latency.expected} expected ` +
				`(${latency.matched} matched to a 201); ${latency.duplicates} duplicates by webhook-id, ${latency.badSignatures} bad signatures.`,
			`${ratioMet ? 'Met' : 'MISSED'}: lead API with ${ENDPOINTS} endpoints at ${ratio.toFixed(2)}× of without (target ≥ ${RATIO_TARGET}).`,
		]
		return {
			title: `Webhooks (embedded PGlite only): ${ENDPOINTS} endpoints, ${RATE} leads/s for ${RATE_SECONDS} s; lead API ${CONNECTIONS} connections for ${THROUGHPUT_SECONDS} s with and without endpoints`,
			columns: ['measure', 'value', 'target'],
			rows: [
				['delivery latency p50 ms', ms(latency.p50), '—'],
				['delivery latency p95 ms', ms(latency.p95), `< ${P95_TARGET_MS}`],
				['delivery latency max ms', ms(latency.max), '—'],
				['deliveries received / expected', `${latency.received} / ${latency.expected}`, 'all'],
				['duplicates (webhook-id)', latency.duplicates, 0],
				['bad signatures', latency.badSignatures, 0],
				['leads/s sent (201s)', latency.rate.toFixed(1), RATE],
				['lead API leads/s, no endpoints', Math.round(without.leadsPerSecond), '—'],
				[`lead API leads/s, ${ENDPOINTS} endpoints`, Math.round(withEndpoints.leadsPerSecond), '—'],
				['ratio with ÷ without', ratio.toFixed(2), `≥ ${RATIO_TARGET}`],
				['lead API p99 ms, no / with endpoints', `${without.p99} / ${withEndpoints.p99}`, '—'],
				['lead API other answers, no / with', `${without.failed} / ${withEndpoints.failed}`, 0],
			],
			summary,
			targetsMet: latencyMet && allDelivered && clean && ratioMet,
		}
	},
}
