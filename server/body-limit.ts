import type { NextFunction, Request, Response } from 'express'
import { MAX_JSON_BODY_BYTES, OVERSIZED_DRAIN_BYTES } from '#app/features/http/json-body.server.ts'
import { IMAGE_UPLOAD_MAX_BYTES } from '#app/features/uploads/image-upload-rules.ts'

const DRAIN_WAIT_MS = 5_000

/** The largest body each part of the site accepts: JSON for the API, an image for the dashboard, small forms elsewhere. */
export function bodyLimitFor(path: string) {
	if (path.startsWith('/api/')) return MAX_JSON_BODY_BYTES
	if (path.startsWith('/dashboard')) return IMAGE_UPLOAD_MAX_BYTES + 256 * 1024
	return 256 * 1024
}

/**
 * Answers 413 with `Connection: close` for a request that declares a body larger than its route accepts,
 * after reading a bounded amount of it. Bodies without a declared length are measured by the handler that
 * reads them (json-body.server.ts), which answers the same way.
 */
export function bodyLimit() {
	return (req: Request, res: Response, next: NextFunction) => {
		const declared = Number(req.get('content-length') ?? 0)
		const limit = bodyLimitFor(req.path)
		if (!Number.isFinite(declared) || declared <= limit) return next()
		refuseOversized(req, res, limit)
	}
}

function refuseOversized(req: Request, res: Response, limit: number) {
	let received = 0
	let answered = false
	const answer = () => {
		if (answered) return
		answered = true
		clearTimeout(timer)
		req.removeListener('data', onData)
		req.pause()
		res.setHeader('Connection', 'close')
		res.setHeader('Cache-Control', 'no-store')
		res.status(413).json({ error: `The body is larger than ${limit} bytes` })
	}
	const onData = (chunk: Buffer) => {
		received += chunk.length
		if (received >= OVERSIZED_DRAIN_BYTES) answer()
	}
	const timer = setTimeout(answer, DRAIN_WAIT_MS)
	req.on('data', onData)
	req.once('end', answer)
	req.once('error', answer)
}
