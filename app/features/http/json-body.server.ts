/** The largest JSON body the public API reads; a whole long-form application is far below it. */
export const MAX_JSON_BODY_BYTES = 64 * 1024

export type JsonBodyResult = { ok: true; value: unknown } | { ok: false; response: Response }

/** How much of an oversized body is read and thrown away before answering 413, so the client reads the answer instead of a reset. */
export const OVERSIZED_DRAIN_BYTES = 1024 * 1024

const problem = (status: number, error: string, headers?: HeadersInit) => ({
	ok: false as const,
	response: Response.json({ error }, { status, headers }),
})
const tooLarge = (limit: number) => problem(413, `The body is larger than ${limit} bytes`, { Connection: 'close' })

/** Reads a JSON request body, refusing wrong content types (415), oversized bodies (413) and bad JSON (400). */
export async function readJsonBody(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<JsonBodyResult> {
	const type = request.headers.get('content-type') ?? ''
	if (!/^application\/json\b/i.test(type)) return problem(415, 'Send the body as application/json')
	const declared = Number(request.headers.get('content-length') ?? '0')
	if (declared > limit) return tooLarge(limit)
	if (!request.body) return problem(400, 'The body is empty')
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > limit) {
			// Cancelling would reset the connection while the client is still sending: read on, up to a bound.
			while (size < OVERSIZED_DRAIN_BYTES) {
				const next = await reader.read()
				if (next.done) break
				size += next.value.byteLength
			}
			if (size >= OVERSIZED_DRAIN_BYTES) await reader.cancel().catch(() => {})
			return tooLarge(limit)
		}
		chunks.push(value)
	}
	try {
		return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) }
	} catch {
		return problem(400, 'The body is not valid JSON')
	}
}
