import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { RequestHandler } from 'express'

const COMPRESSIBLE = new Map([
	['.js', 'text/javascript; charset=utf-8'],
	['.css', 'text/css; charset=utf-8'],
	['.svg', 'image/svg+xml'],
])

/**
 * Built assets never change, so each is gzipped once at start at the highest level instead of on
 * every request: fewer bytes for visitors and no compression work per request.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
	const assets = new Map<string, { body: Buffer; type: string }>()
	if (fs.existsSync(assetsDir)) {
		for (const name of fs.readdirSync(assetsDir)) {
			const type = COMPRESSIBLE.get(path.extname(name))
			if (!type) continue
			assets.set(`/${name}`, { body: zlib.gzipSync(fs.readFileSync(path.join(assetsDir, name)), { level: 9 }), type })
		}
	}
	return (req, res, next) => {
		const asset = assets.get(req.path)
		if (!asset || (req.method !== 'GET' && req.method !== 'HEAD') || !/\bgzip\b/.test(req.get('accept-encoding') ?? '')) return next()
		res.setHeader('Content-Type', asset.type)
		res.setHeader('Content-Encoding', 'gzip')
		res.setHeader('Vary', 'Accept-Encoding')
		res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
		res.setHeader('Content-Length', asset.body.length)
		res.end(req.method === 'HEAD' ? undefined : asset.body)
	}
}
