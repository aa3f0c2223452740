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
 * after reading a bounded amount of it. A body without a declared length (chunked) is measured by the
 * API's reader (json-body.server.ts), which answers the same way; the forms of the site and the dashboard
 * read theirs whole, so there it gets 411 Length Required. Browsers always declare a form's length.
 */
export function bodyLimit() {
	return (req: Request, res: Response, next: NextFunction) => {
		const limit = bodyLimitFor(req.path)
		if (req.get('transfer-encoding') !== undefined && req.get('content-length') === undefined && !req.path.startsWith('/api/')) {
			return refuse(req, res, 411, 'A request body must declare its length (Content-Length)')
		}
		const declared = Number(req.get('content-length') ?? 0)
		if (!Number.isFinite(declared) || declared <= limit) return next()
		refuse(req, res, 413, `The body is larger than ${limit} bytes`)
	}
}

function refuse(req: Request, res: Response, status: 411 | 413, error: string) {
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
		res.status(status).json({ error })
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
