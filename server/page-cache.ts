import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { isbot } from 'isbot'
import { LRUCache } from 'lru-cache'
import type { ContentStore } from '#app/features/content/content.server.ts'
import { hasAuthCookie } from '#app/features/auth/auth-cookies.server.ts'
import { type SplicedGzip, prepareSplicedGzip, spliceGzip } from './spliced-gzip.ts'

/** Stands in for the request's CSP nonce in a cached page; every response gets a fresh nonce in its place. */
const NONCE_SLOT = '\u0000nonce\u0000'
const MAX_ENTRIES = 500
/** The cache's bound in bytes (the text and its gzip copy); a page of the site is 30-120 KB of both. */
const MAX_BYTES = 32 * 1024 * 1024
/** A declared parameter's value longer than this is not a link anyone shares: the page is rendered, never stored. */
const MAX_PARAM_LENGTH = 64
/** Pages that print the date (the footer's year) are rendered again at least this often. */
const MAX_AGE_MS = 10 * 60_000
/** Browsers and CDNs may store a page, but must ask (If-None-Match) before using it again. */
const CACHE_CONTROL = 'public, no-cache'

type Entry = {
	segments: string[]
	gzip: SplicedGzip
	etag: string
	contentType: string
	storedAt: number
	/** How long the entry is served: MAX_AGE_MS, or a prefix page's own max-age. */
	maxAgeMs: number
	/** A prefix page's own Cache-Control (its max-age counted down when served); null: CACHE_CONTROL. */
	ownCacheControl: boolean
}

/** A prefix page's own freshness: `public, max-age=N` (N > 0) in ms, capped by MAX_AGE_MS; null when it says anything else. */
export function publicMaxAgeMs(cacheControl: unknown): number | null {
	const match = /^public, max-age=(\d+)$/.exec(String(cacheControl ?? ''))
	const seconds = match ? Number(match[1]) : 0
	return seconds > 0 ? Math.min(seconds * 1000, MAX_AGE_MS) : null
}

/**
 * The query a page is rendered for: only the parameters it declares (`publicPages[…].query`), in their
 * declared order. Everything else (click ids, UTM tags, anything a visitor makes up) is left out, so an ad
 * visitor gets the cached page; the browser keeps its own URL, so attribution still reads them.
 * `null` when a declared value is too long to be worth storing.
 */
export function renderedQuery(search: URLSearchParams, declared: readonly string[]): string | null {
	const kept = new URLSearchParams()
	for (const name of declared) {
		for (const value of search.getAll(name)) {
			if (value.length > MAX_PARAM_LENGTH) return null
			kept.append(name, value)
		}
	}
	const query = kept.toString()
	return query ? `?${query}` : ''
}

/**
 * What an entry holds in memory (docs/decisions/0063): its text at two bytes a character (the most a
 * string can take), and the whole memory behind each gzip piece, not only the piece's own bytes.
 */
const entrySize = (entry: Entry) =>
	entry.segments.reduce((bytes, segment) => bytes + segment.length * 2, 0) +
	entry.gzip.pieces.reduce((bytes, piece) => bytes + piece.buffer.byteLength, 0) +
	entry.etag.length +
	64

/** A staff member's session: their pages (maintenance mode, edits in progress) are never cached. */
const hasStaffSession = (req: Request) => hasAuthCookie(req.get('cookie') ?? '')

/**
 * docs/decisions/0019: anonymous GETs of the public pages are rendered once per content version and
 * served from memory, each with a fresh CSP nonce; `ETag` lets a browser or CDN revalidate for a 304.
 * The key holds only the query parameters the page reads (`renderedQuery`). Anything with a staff
 * session or an answer other than a plain 200 HTML page goes to React Router as before.
 */
export function pageCache(options: {
	content: Pick<ContentStore, 'version'>
	/** Each cached path and the query parameters its page reads. */
	pages: ReadonlyMap<string, readonly string[]>
	/**
	 * Paths under these prefixes (no query) are cached too, each for as long as its own answer says with
	 * `Cache-Control: public, max-age=N`, and only then (docs/decisions/0095: /verify/<code>).
	 */
	prefixes?: readonly string[]
	maxBytes?: number
}) {
	// Least recently used goes first, bounded by entries and by bytes; a hit counts as a use, so the pages
	// people actually visit stay while one-off URLs come and go.
	const entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES, maxSize: options.maxBytes ?? MAX_BYTES, sizeCalculation: entrySize })

	const middleware = async (req: Request, res: Response, next: NextFunction) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const prefixed = options.prefixes?.some((prefix) => req.path.startsWith(prefix)) ?? false
		const declared = options.pages.get(req.path) ?? (prefixed ? [] : undefined)
		if (!declared || hasStaffSession(req)) return next()
		const query = renderedQuery(new URLSearchParams(req.url.slice(req.path.length)), declared)
		if (query === null) return next()
		// The page is rendered for its declared query alone, so nothing else a visitor put in the URL is printed in it.
		req.url = req.originalUrl = `${req.path}${query}`
		let version: string
		try {
			version = await options.content.version()
		} catch {
			return next()
		}
		const agent = isbot(req.get('user-agent') ?? '') ? 'bot' : 'browser'
		const key = `${version}\n${agent}\n${req.url}`
		const entry = entries.get(key)
		const nonce = res.locals.nonce as string
		const age = entry ? Date.now() - entry.storedAt : 0
		if (entry && age < entry.maxAgeMs) {
			res.setHeader(
				'Cache-Control',
				entry.ownCacheControl ? `public, max-age=${Math.max(1, Math.floor((entry.maxAgeMs - age) / 1000))}` : CACHE_CONTROL,
			)
			res.setHeader('ETag', entry.etag)
			res.setHeader('Vary', 'Accept-Encoding')
			if (req.fresh) {
				// The client's copy carries its own nonce in its stored CSP header: a new one here would not match it.
				res.removeHeader('Content-Security-Policy')
				res.status(304).end()
				return
			}
			res.setHeader('Content-Type', entry.contentType)
			if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
				// Compressed once when stored; only the nonce is new (see spliced-gzip.ts).
				const body = spliceGzip(entry.gzip, nonce)
				res.setHeader('Content-Encoding', 'gzip')
				res.setHeader('Content-Length', body.length)
				res.status(200).end(req.method === 'HEAD' ? undefined : body)
				return
			}
			res.status(200).send(entry.segments.join(nonce))
			return
		}
		if (req.method === 'GET')
			capture(res, nonce, (body, contentType) => {
				// A prefix page is kept only as long as its own answer allows, and not at all when it allows nothing.
				const maxAgeMs = prefixed ? publicMaxAgeMs(res.getHeader('Cache-Control')) : MAX_AGE_MS
				if (maxAgeMs === null) return
				const template = body.split(nonce).join(NONCE_SLOT)
				const etag = `W/"${crypto.createHash('sha1').update(template).digest('base64url')}"`
				const segments = template.split(NONCE_SLOT)
				entries.set(key, {
					segments,
					gzip: prepareSplicedGzip(segments),
					etag,
					contentType,
					storedAt: Date.now(),
					maxAgeMs,
					ownCacheControl: prefixed,
				})
			})
		if (!prefixed) res.setHeader('Cache-Control', CACHE_CONTROL)
		next()
	}
	/** What the cache holds now: entries and bytes (for tests and the benchmark). */
	const stats = () => ({ entries: entries.size, bytes: entries.calculatedSize })
	return Object.assign(middleware, { stats })
}

/** Collects what React Router writes; a complete 200 HTML answer without cookies is handed to `store`. */
function capture(res: Response, nonce: string, store: (body: string, contentType: string) => void) {
	const chunks: Buffer[] = []
	const write = res.write.bind(res) as (...args: unknown[]) => boolean
	const end = res.end.bind(res) as (...args: unknown[]) => Response
	const keep = (chunk: unknown, encoding?: unknown) => {
		if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'))
		else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
	}
	res.write = ((chunk: unknown, ...rest: unknown[]) => {
		keep(chunk, rest[0])
		return write(chunk, ...rest)
	}) as Response['write']
	res.end = ((chunk?: unknown, ...rest: unknown[]) => {
		if (chunk !== undefined && typeof chunk !== 'function') keep(chunk, rest[0])
		return end(chunk, ...rest)
	}) as Response['end']
	res.once('finish', () => {
		const contentType = String(res.getHeader('Content-Type') ?? '')
		if (res.statusCode !== 200 || !contentType.startsWith('text/html') || res.getHeader('Set-Cookie') !== undefined) return
		const body = Buffer.concat(chunks).toString('utf8')
		if (!nonce || !body.includes(nonce)) return
		store(body, contentType)
	})
}
