import crypto from 'node:crypto'
import path from 'node:path'
import compression from 'compression'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import type { AppServices } from '#app/context.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { renderedPages } from '#app/features/seo/public-pages.ts'
import { bodyLimit } from './body-limit.ts'
import { pageCache } from './page-cache.ts'
import { precompressedAssets } from './precompressed-assets.ts'
import { securityHeaders } from './security-headers.ts'

export const HEALTH_PING_TIMEOUT_MS = 1_500

/** The Express app around React Router: headers, compression, static files, health and logging. */
export function createHttpApp(options: {
	services: AppServices
	/** Set by the shutdown: health checks answer 503 and every response closes its connection. */
	lifecycle?: { draining: boolean }
	/** Counts the requests being answered (the webhook deliveries give way while it is high). */
	traffic?: { inFlight: number }
	reactRouter: RequestHandler
	/** Production serves the built client; development mounts Vite's middleware instead. */
	staticDir?: string
	before?: RequestHandler[]
}) {
	const { services } = options
	const lifecycle = options.lifecycle ?? { draining: false }
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', services.config.TRUST_PROXY)

	app.use((req, res, next) => {
		const requestId = crypto.randomUUID()
		res.locals.requestId = requestId
		res.setHeader('X-Request-Id', requestId)
		// While shutting down, a request on a kept-alive connection is answered, then that connection closes.
		if (lifecycle.draining) res.setHeader('Connection', 'close')
		const started = process.hrtime.bigint()
		const { traffic } = options
		if (traffic) {
			traffic.inFlight++
			res.once('close', () => traffic.inFlight--)
		}
		res.on('finish', () => {
			const ms = Number(process.hrtime.bigint() - started) / 1e6
			if (req.path.startsWith('/assets/')) return
			services.log.info({ requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request')
		})
		next()
	})

	// First, so every answer carries them: health checks, 411/413 below, static files and errors too.
	app.use(
		securityHeaders({
			isProduction: services.config.isProduction,
			https: services.config.baseUrl.startsWith('https://'),
			schedulingUrl: services.config.SCHEDULING_URL,
		}),
	)

	// Honest within 2 s: a frozen database connection answers 503 after HEALTH_PING_TIMEOUT_MS, never a hang.
	app.get('/healthz', async (_req, res) => {
		res.setHeader('Cache-Control', 'no-store')
		if (lifecycle.draining) {
			res.status(503).json({ status: 'shutting-down', database: services.dbKind })
			return
		}
		const ok = await services.dbHealth.check(HEALTH_PING_TIMEOUT_MS)
		res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', database: services.dbKind })
	})

	app.use(bodyLimit())

	// A post to the JSON API answers a few hundred bytes (a lead's id and token, or its field errors), under what
	// is worth compressing; it skips the middleware's per-request work (docs/decisions/0062).
	const compress = compression()
	app.use((req, res, next) => (req.method === 'POST' && req.path.startsWith('/api/') ? next() : compress(req, res, next)))
	for (const handler of options.before ?? []) app.use(handler)
	// Development renders every request afresh, so edits to the code show at once.
	// docs/decisions/0095: a term sheet's verify page is kept as long as its own answer says (a minute at most).
	if (services.config.isProduction) app.use(pageCache({ content: services.content, pages: renderedPages, prefixes: ['/verify/'] }))
	// No folder redirects (`/assets` -> `/assets/`): serve-static's own answer replaces the CSP; a folder is a 404 page.
	if (options.staticDir) {
		app.use('/assets', precompressedAssets(`${options.staticDir}/assets`))
		app.use('/assets', express.static(`${options.staticDir}/assets`, { immutable: true, maxAge: '1y', index: false, redirect: false }))
		app.use(express.static(options.staticDir, { maxAge: '1h', index: false, redirect: false }))
	}
	app.use(
		'/uploads',
		express.static(path.join(services.config.dataDir, 'uploads'), { immutable: true, maxAge: '1y', index: false, redirect: false }),
	)
	app.use(options.reactRouter)
	// An error no handler answered: Express's own answer would replace the CSP; this one keeps every header.
	const answerError: ErrorRequestHandler = (error, _req, res, next) => {
		if (res.headersSent) return next(error)
		const status = Number((error as { status?: unknown }).status)
		const clientError = Number.isInteger(status) && status >= 400 && status < 500
		if (!clientError) services.log.error({ err: errorForLog(error), requestId: res.locals.requestId }, 'unanswered request error')
		res.setHeader('Cache-Control', 'no-store')
		res
			.status(clientError ? status : 500)
			.type('text/plain')
			.send(clientError ? 'Bad request' : 'Something went wrong on our side')
	}
	app.use(answerError)
	return app
}
