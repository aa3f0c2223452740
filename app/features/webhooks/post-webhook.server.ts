import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { type AddressPolicy, BlockedAddressError, guardedLookup } from './address-guard.server.ts'

export const WEBHOOK_TIMEOUT_MS = 15_000
/** At most this much of a receiver's answer is read (it is kept only as a short excerpt anyway). */
export const RESPONSE_MAX_BYTES = 64 * 1024

export type PostOutcome = {
	/** The receiver's status code; null when no answer came (refused, unreachable, timed out). */
	status: number | null
	/** Seconds the receiver asked to wait (Retry-After on 429 or 503). */
	retryAfterSeconds: number | null
	error: string | null
	/** The first bytes of the answer, for the admin (never more than RESPONSE_MAX_BYTES are read). */
	excerpt: string
}

/** Retry-After: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
	if (!value) return null
	if (/^\d+$/.test(value.trim())) return Number(value.trim())
	const date = Date.parse(value)
	return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000))
}

/**
 * Connections kept open between deliveries to one receiver (a burst of leads pays one TCP and TLS handshake, not
 * one per delivery), per address policy. A new connection is resolved through the guard, so every address connected
 * to was checked; a kept one stays on the address it was checked at. Idle ones close after 5 s.
 */
const agents = new WeakMap<AddressPolicy, { http: http.Agent; https: https.Agent }>()
function keepAliveAgent(policy: AddressPolicy, secure: boolean) {
	let pair = agents.get(policy)
	if (!pair) {
		const options = {
			keepAlive: true,
			keepAliveMsecs: 1_000,
			maxSockets: 16,
			// As many kept as may be open: a batch of deliveries to a receiver finds its connections still there.
			maxFreeSockets: 16,
			timeout: 5_000,
			lookup: guardedLookup(policy) as unknown as net.LookupFunction,
		}
		pair = { http: new http.Agent(options), https: new https.Agent(options) }
		agents.set(policy, pair)
	}
	return secure ? pair.https : pair.http
}

/**
 * docs/decisions/0079: why no answer came, in words an admin acts on (the one point every attempt's error passes):
 * "Host not found" for a name DNS does not know, "Connection refused" for a host that answers no connection on that
 * port; other errors as Node says them (a timeout and a refused address already are).
 */
export function connectionError(error: NodeJS.ErrnoException, host: string) {
	switch (error.code) {
		case 'ENOTFOUND':
			return `Host not found: no DNS record for ${host}`
		case 'EAI_AGAIN':
			return `Host not found: the DNS lookup of ${host} failed (try again later)`
		case 'ECONNREFUSED':
			return `Connection refused by ${host}`
		case 'ECONNRESET':
			return `Connection reset by ${host}`
		case 'EHOSTUNREACH':
		case 'ENETUNREACH':
			return `Host unreachable: ${host}`
		default:
			return error.message
	}
}

/**
 * POSTs one signed body. No redirect is followed (a 3xx is a failure like any non-2xx), the connection is refused
 * before it is made when the resolved address is not allowed, and the whole exchange is cut at `timeoutMs`.
 */
export function postWebhook(
	target: string,
	headers: Record<string, string>,
	body: string,
	options: { policy: AddressPolicy; timeoutMs?: number; maxBytes?: number },
): Promise<PostOutcome> {
	const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
	const maxBytes = options.maxBytes ?? RESPONSE_MAX_BYTES
	return new Promise((resolve) => {
		let settled = false
		let timer: NodeJS.Timeout | undefined
		const finish = (outcome: PostOutcome) => {
			if (settled) return
			settled = true
			clearTimeout(timer)
			resolve(outcome)
		}
		const failed = (error: string): PostOutcome => ({ status: null, retryAfterSeconds: null, error, excerpt: '' })
		let url: URL
		try {
			url = new URL(target)
		} catch {
			return finish(failed('The endpoint address is not a URL'))
		}
		const hostname = url.hostname.replace(/^\[|\]$/g, '')
		// An address written as such is never looked up: it is judged here.
		if (net.isIP(hostname) !== 0 && !options.policy.allows(hostname, hostname)) {
			return finish(failed(new BlockedAddressError(hostname).message))
		}
		const secure = url.protocol === 'https:'
		const client = secure ? https : http
		const request = client.request(url, {
			method: 'POST',
			headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'lender-webhooks/1' },
			agent: keepAliveAgent(options.policy, secure),
		})
		timer = setTimeout(() => {
			request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`))
		}, timeoutMs)
		request.on('error', (error) => finish(failed(connectionError(error, hostname))))
		request.on('response', (response) => {
			const chunks: Buffer[] = []
			let read = 0
			const done = (whole: boolean) => {
				const status = response.statusCode ?? 0
				finish({
					status,
					retryAfterSeconds: status === 429 || status === 503 ? parseRetryAfter(response.headers['retry-after']) : null,
					error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
					excerpt: Buffer.concat(chunks).toString('utf8').slice(0, 500),
				})
				// An answer read to its end leaves the connection for the next delivery; a longer one is cut here.
				if (!whole) response.destroy()
			}
			response.on('data', (chunk: Buffer) => {
				if (read >= maxBytes) return
				chunks.push(chunk.subarray(0, maxBytes - read))
				read += chunk.length
				if (read >= maxBytes) done(false)
			})
			response.on('end', () => done(true))
			response.on('error', () => done(false))
			response.on('aborted', () => done(false))
		})
		request.end(body)
	})
}
