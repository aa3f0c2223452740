import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { isbot } from 'isbot'
import type { ContentStore } from '#app/features/content/content.server.ts'
import { type SplicedGzip, prepareSplicedGzip, spliceGzip } from './spliced-gzip.ts'

/** Stands in for the request's CSP nonce in a cached page; every response gets a fresh nonce in its place. */
const NONCE_SLOT = '\u0000nonce\u0000'
const MAX_ENTRIES = 500
/** Pages that print the date (the footer's year) are rendered again at least this often. */
const MAX_AGE_MS = 10 * 60_000
/** Browsers and CDNs may store a page, but must ask (If-None-Match) before using it again. */
const CACHE_CONTROL = 'public, no-cache'

type Entry = { segments: string[]; gzip: SplicedGzip; etag: string; contentType: string; storedAt: number }

/** A staff member's session: their pages (maintenance mode, edits in progress) are never cached. */
const hasStaffSession = (req: Request) => /(?:^|;\s*)(?:__Secure-)?better-auth\./.test(req.get('cookie') ?? '')

/**
 * docs/decisions/0019: anonymous GETs of the public pages are rendered once per content version and
 * served from memory, each with a fresh CSP nonce; `ETag` lets a browser or CDN revalidate for a 304.
 * Anything with a staff session, a query the page was not rendered for, or an answer other than a
 * plain 200 HTML page goes to React Router as before.
 */
export function pageCache(options: { content: Pick<ContentStore, 'version'>; paths: ReadonlySet<string> }) {
	const entries = new Map<string, Entry>()

	function remember(key: string, entry: Entry) {
		entries.delete(key)
		entries.set(key, entry)
		// Oldest first: a Map keeps insertion order, so the first key is the least recently stored.
		while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
	}

	return async (req: Request, res: Response, next: NextFunction) => {
		if ((req.method !== 'GET' && req.method !== 'HEAD') || !options.paths.has(req.path) || hasStaffSession(req)) return next()
		let version: string
		try {
			version = await options.content.version()
		} catch {
			return next()
		}
		const agent = isbot(req.get('user-agent') ?? '') ? 'bot' : 'browser'
		const key = `${version}\n${agent}\n${req.originalUrl}`
		const entry = entries.get(key)
		const nonce = res.locals.nonce as string
		if (entry && Date.now() - entry.storedAt < MAX_AGE_MS) {
			res.setHeader('Cache-Control', CACHE_CONTROL)
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
				const template = body.split(nonce).join(NONCE_SLOT)
				const etag = `W/"${crypto.createHash('sha1').update(template).digest('base64url')}"`
				const segments = template.split(NONCE_SLOT)
				remember(key, { segments, gzip: prepareSplicedGzip(segments), etag, contentType, storedAt: Date.now() })
			})
		res.setHeader('Cache-Control', CACHE_CONTROL)
		next()
	}
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
