import crypto from 'node:crypto'
import path from 'node:path'
import compression from 'compression'
import express, { type RequestHandler } from 'express'
import { sql } from 'drizzle-orm'
import type { AppServices } from '#app/context.ts'
import { precompressedAssets } from './precompressed-assets.ts'
import { securityHeaders } from './security-headers.ts'

/** The Express app around React Router: headers, compression, static files, health and logging. */
export function createHttpApp(options: {
	services: AppServices
	reactRouter: RequestHandler
	/** Production serves the built client; development mounts Vite's middleware instead. */
	staticDir?: string
	before?: RequestHandler[]
}) {
	const { services } = options
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', services.config.TRUST_PROXY)

	app.use((req, res, next) => {
		const requestId = crypto.randomUUID()
		res.locals.requestId = requestId
		res.setHeader('X-Request-Id', requestId)
		const started = process.hrtime.bigint()
		res.on('finish', () => {
			const ms = Number(process.hrtime.bigint() - started) / 1e6
			if (req.path.startsWith('/assets/')) return
			services.log.info(
				{ requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
				'request',
			)
		})
		next()
	})

	app.get('/healthz', async (_req, res) => {
		try {
			await services.db.execute(sql`select 1`)
			res.status(200).json({ status: 'ok', database: services.dbKind })
		} catch {
			res.status(503).json({ status: 'unavailable', database: services.dbKind })
		}
	})

	app.use(
		securityHeaders({
			isProduction: services.config.isProduction,
			https: services.config.baseUrl.startsWith('https://'),
			schedulingUrl: services.config.SCHEDULING_URL,
		}),
	)
	app.use(compression())
	for (const handler of options.before ?? []) app.use(handler)
	if (options.staticDir) {
		app.use('/assets', precompressedAssets(`${options.staticDir}/assets`))
		app.use('/assets', express.static(`${options.staticDir}/assets`, { immutable: true, maxAge: '1y', index: false }))
		app.use(express.static(options.staticDir, { maxAge: '1h', index: false }))
	}
	app.use('/uploads', express.static(path.join(services.config.dataDir, 'uploads'), { immutable: true, maxAge: '1y', index: false }))
	app.use(options.reactRouter)
	return app
}
