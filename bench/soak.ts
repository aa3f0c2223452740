import type { EventEmitter } from 'node:events'
import fs from 'node:fs/promises'
import autocannon from 'autocannon'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { refinanceAnswers } from '../tests/lead-fixtures.ts'
import { serveSite } from './serve.ts'
import type { BenchReport, Benchmark } from './types.ts'

// docs/decisions/0063: a small lender runs the site on a 1 GB machine. SOAK_MINUTES and SOAK_CONNECTIONS shorten
// the run for a quick look (growth per minute shows in a few minutes); the target is for the full run.
const MINUTES = Number(process.env.SOAK_MINUTES ?? 20)
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 8)
const SAMPLE_MS = 5_000
const TARGET_RSS_MB = 400
/** "No growth" over the last half, allowing for the garbage collector's ups and downs. */
const TARGET_GROWTH_MB = 10
const ADMIN = { email: 'soak-admin@example.com', password: 'soak-staff-passphrase-1234' }

let serial = 0
const unique = () => `${Date.now().toString(36)}-${(serial++).toString(36)}`

/**
 * Ten requests in each round: six public pages (ad visitors with unique click ids, and calculator links
 * with unique inputs, which the render cache does store), two leads and two dashboard screens.
 */
function mix(cookie: string, origin: string) {
	const page = (path: string) => ({ method: 'GET' as const, path, headers: { accept: 'text/html', 'accept-encoding': 'gzip' } })
	const calculator = () =>
		`/dscr-calculator?monthlyRent=${2000 + (serial % 5000)}&loanAmount=${300000 + (serial++ % 100000)}&interestRate=7.5&loanTermYears=30&monthlyExpenses=400`
	const lead = () => ({
		method: 'POST' as const,
		path: '/api/leads',
		headers: { 'content-type': 'application/json', origin },
		body: JSON.stringify({
			formData: {
				...refinanceAnswers,
				firstName: 'Soak',
				lastName: 'Investor',
				email: `soak-${unique()}@example.com`,
				phone: '(949) 555-0123',
			},
			sourcePage: '/fast-quote',
			consentVersion: CONSENT_VERSION,
		}),
	})
	const dashboard = (path: string) => ({
		method: 'GET' as const,
		path,
		headers: { accept: 'text/html', 'accept-encoding': 'gzip', cookie },
	})
	const round = [
		() => page('/'),
		() => page(`/dscr-loans?utm_source=google&utm_medium=cpc&gclid=${unique()}`),
		() => page(calculator()),
		lead,
		() => page(`/fast-quote?program=dscr&utm_campaign=${unique()}`),
		() => dashboard('/dashboard/leads'),
		() => page(`/bridge-loans?fbclid=${unique()}`),
		lead,
		() => page(calculator()),
		() => dashboard('/dashboard'),
	]
	let next = 0
	return () => round[next++ % round.length]!()
}

/** What did not answer 2xx, by request (method and path without its query) and status, with a sample body. */
function failureLog() {
	const counts = new Map<string, { count: number; sample: string }>()
	const add = (key: string, sample: string) => {
		const entry = counts.get(key) ?? { count: 0, sample }
		entry.count++
		counts.set(key, entry)
	}
	return {
		onResponse(status: number, body: string, label: string) {
			if (status >= 200 && status < 300) return
			add(
				`${label} ${status}`,
				String(body ?? '')
					.slice(0, 160)
					.replace(/\s+/g, ' '),
			)
		},
		onError(error: Error, label: string) {
			add(`${label} ${error.message}`, '')
		},
		lines: () => [...counts].map(([key, { count, sample }]) => `${count} × ${key}${sample ? `: ${sample}` : ''}`),
	}
}

const label = (request: { method: string; path: string }) => `${request.method} ${request.path.split('?')[0]}`

/** The server's resident set, as the kernel counts it (what a 1 GB machine runs out of). */
async function rssMb(pid: number) {
	const status = await fs.readFile(`/proc/${pid}/status`, 'utf8')
	const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1])
	return kb / 1024
}

/** Signs in through the login form, as a browser without JavaScript would; the session cookie comes back. */
async function signIn(url: string) {
	const response = await fetch(`${url}/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
		body: new URLSearchParams(ADMIN),
		redirect: 'manual',
	})
	await response.body?.cancel()
	const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
	if (response.status !== 302 || cookies.length === 0) throw new Error(`sign-in failed: ${response.status}`)
	return cookies.join('; ')
}

/**
 * SOAK_ESCALATION_MINUTES: the lead routing screen's escalation delay (15 minutes unless changed), saved as an admin
 * would, so a short run reaches the escalation of untouched leads (docs/decisions/0036) that a 20-minute run meets at minute 15.
 */
async function setEscalationMinutes(url: string, cookie: string, minutes: string) {
	const response = await fetch(`${url}/dashboard/routing`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url, cookie },
		body: new URLSearchParams({ intent: 'settings', autoAssign: 'on', escalationMinutes: minutes }),
		redirect: 'manual',
	})
	await response.body?.cancel()
	if (response.status !== 200) throw new Error(`saving the escalation minutes failed: ${response.status}`)
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1)

/** Least-squares slope of RSS against time, in MB a minute. */
function slopePerMinute(samples: Array<{ minute: number; mb: number }>) {
	const mx = mean(samples.map((s) => s.minute))
	const my = mean(samples.map((s) => s.mb))
	const num = samples.reduce((sum, s) => sum + (s.minute - mx) * (s.mb - my), 0)
	const den = samples.reduce((sum, s) => sum + (s.minute - mx) ** 2, 0)
	return den === 0 ? 0 : num / den
}

async function run(): Promise<BenchReport> {
	const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LEAD_RATE_LIMIT_PER_HOUR: '0' }
	// The very first start runs initdb inside the process, whose leftovers stay resident (docs/decisions/0063);
	// a server that has run before starts on its database, so the soak does too and prints both.
	const first = await serveSite(undefined, { env, keepData: true })
	const firstStartMb = await rssMb(first.pid)
	await first.stop()
	const site = await serveSite(undefined, { env, dataDir: first.dataDir })
	const cookie = await signIn(site.url)
	if (process.env.SOAK_ESCALATION_MINUTES) await setEscalationMinutes(site.url, cookie, process.env.SOAK_ESCALATION_MINUTES)
	const startMb = await rssMb(site.pid)
	const started = Date.now()
	const samples: Array<{ minute: number; mb: number }> = []
	const sampler = setInterval(() => {
		rssMb(site.pid).then(
			(mb) => samples.push({ minute: (Date.now() - started) / 60_000, mb }),
			() => {},
		)
	}, SAMPLE_MS)
	const nextRequest = mix(cookie, site.url)
	const failures = failureLog()
	// With one request in flight per connection, the connection's context names the request a response answers.
	const instance = autocannon({
		url: site.url,
		connections: CONNECTIONS,
		duration: Math.round(MINUTES * 60),
		requests: [
			{
				setupRequest: (request, context) => {
					const next = nextRequest()
					;(context as { label?: string }).label = label(next)
					return { ...request, ...next }
				},
				onResponse: (status, body, context) => failures.onResponse(status, body, String((context as { label?: string }).label)),
			},
		],
	})
	// The promise autocannon answers is also its event emitter (its types leave that out).
	;(instance as unknown as EventEmitter).on('reqError', (error: Error) => failures.onError(error, 'a request'))
	const result = await instance
	clearInterval(sampler)
	const endMb = await rssMb(site.pid)
	await site.stop()

	// The last half against the sample just before it: a tenth of the run on each side, so one collection does not decide.
	const window = MINUTES / 10
	const half = MINUTES / 2
	const before = samples.filter((s) => s.minute >= half - window && s.minute < half).map((s) => s.mb)
	const last = samples.filter((s) => s.minute >= MINUTES - window).map((s) => s.mb)
	const growth = mean(last) - mean(before)
	const slope = slopePerMinute(samples.filter((s) => s.minute >= half))
	const peak = Math.max(...samples.map((s) => s.mb), endMb)
	const rssMet = endMb <= TARGET_RSS_MB
	const growthMet = growth <= TARGET_GROWTH_MB
	const failed = result.non2xx + result.errors
	const mb = (value: number) => Math.round(value)
	return {
		title: `Soak: ${MINUTES} min, ${CONNECTIONS} connections, pages, leads and the dashboard mixed, embedded database`,
		columns: ['figure', 'measured', 'target'],
		rows: [
			['RSS after the first start ever (initdb), MB', mb(firstStartMb), ''],
			['RSS after start-up on that database, MB', mb(startMb), ''],
			['RSS at the end, MB', mb(endMb), `${rssMet ? 'met' : 'missed'} (≤ ${TARGET_RSS_MB})`],
			['highest RSS sampled, MB', mb(peak), ''],
			[`growth over the last ${half} min, MB`, Number(growth.toFixed(1)), `${growthMet ? 'met' : 'missed'} (≤ ${TARGET_GROWTH_MB})`],
			['slope over the last half, MB/min', Number(slope.toFixed(2)), ''],
			['requests', result.requests.total, ''],
			['non-2xx or errors', failed, ''],
		],
		summary: [
			rssMet && growthMet ? 'Targets met.' : 'Target missed.',
			`RSS sampled every ${SAMPLE_MS / 1000} s from /proc; growth is the mean of the last ${window} min against the ${window} min before the half.`,
			'Each round of ten requests: six public pages (unique click ids, unique calculator inputs), two leads, two dashboard screens.',
			...(failures.lines().length > 0 ? ['Not 2xx, by request:', ...failures.lines().map((line) => `  ${line}`)] : []),
		],
		targetsMet: rssMet && growthMet && failed === 0,
	}
}

export const soakBenchmark: Benchmark = { name: 'soak', run }
