import { data } from 'react-router'
import { type CrossOriginNotice, crossOriginMessage } from './cross-origin.ts'

/** The methods that change data; every one of them passes the check below (docs/decisions/0078). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Paths that another site's pages may post to from a browser. Empty: no API is meant to be called
 * cross-origin from a browser (none sends CORS headers); integrations call the JSON API from their
 * servers, which send no Origin and pass. A path added here is matched exactly or as a prefix
 * followed by `/` (docs/decisions/0078; README, "Public JSON API").
 */
export const CROSS_ORIGIN_PATHS: readonly string[] = []

export type OriginVerdict =
	| { ok: true }
	| {
			ok: false
			/** What the browser said the post came from (`Origin`, or `Sec-Fetch-Site` when it sent no Origin). */
			origin: string
			/** The site's own origin, from BASE_URL. */
			expected: string
	  }

const originOf = (url: string) => {
	try {
		return new URL(url).origin
	} catch {
		return null
	}
}

/**
 * Whether a request may change data: every POST, PUT, PATCH and DELETE, page, resource route or API,
 * comes from the site's own pages. Allowed: the browser says it is same-origin (`Sec-Fetch-Site:
 * same-origin` or `none`, which no page's script can forge), its `Origin` is BASE_URL's (whatever a
 * reverse proxy did to `Host` or `X-Forwarded-Proto`) or the address the request reached, or it
 * carries neither header (not a browser: an integration's server, curl). Anything else is refused.
 */
export function originVerdict(request: Request, baseUrl: string): OriginVerdict {
	if (!STATE_CHANGING.has(request.method.toUpperCase())) return { ok: true }
	const url = new URL(request.url)
	const path = url.pathname.replace(/\.data$/, '')
	if (CROSS_ORIGIN_PATHS.some((allowed) => path === allowed || path.startsWith(`${allowed}/`))) return { ok: true }
	const fetchSite = request.headers.get('sec-fetch-site')?.trim().toLowerCase()
	if (fetchSite === 'same-origin' || fetchSite === 'none') return { ok: true }
	const expected = originOf(baseUrl) ?? baseUrl
	const origin = request.headers.get('origin')?.trim()
	if (!origin) return fetchSite ? { ok: false, origin: `(none; Sec-Fetch-Site: ${fetchSite})`, expected } : { ok: true }
	// `Origin: null` (a sandboxed frame, a redirect from another site) matches nothing.
	const given = origin === 'null' ? null : originOf(origin)
	if (given !== null && (given === expected || given === url.origin)) return { ok: true }
	return { ok: false, origin, expected }
}

type Log = { warn: (object: object, message?: string) => void }

/**
 * The one Origin check (docs/decisions/0078), run by the root middleware before any body is read or any action
 * runs, so every route of app/routes.ts, resource routes and the JSON API included, is covered without a line of
 * its own.
 * A refusal is logged at warn with both origins (the cause an operator needs behind a proxy) and answers
 * 403: a page saying what happened, or JSON under /api/.
 */
export function requireSameOrigin(request: Request, baseUrl: string, log: Log, requestId: string) {
	const verdict = originVerdict(request, baseUrl)
	if (verdict.ok) return
	const path = new URL(request.url).pathname
	log.warn(
		{
			requestId,
			method: request.method,
			path,
			origin: verdict.origin,
			expected: verdict.expected,
			reached: new URL(request.url).origin,
			hint: 'a post from the site itself? BASE_URL must be the address people open (scheme and host)',
		},
		'cross-origin request refused',
	)
	const headers = { 'Cache-Control': 'no-store' }
	if (path.startsWith('/api/')) throw Response.json({ error: crossOriginMessage(verdict.expected) }, { status: 403, headers })
	throw data<CrossOriginNotice>(
		{ crossOrigin: true, origin: verdict.origin, expected: verdict.expected, message: crossOriginMessage(verdict.expected) },
		{ status: 403, headers },
	)
}
