import { describe, expect, test } from 'vitest'
import { MAX_JSON_BODY_BYTES, OVERSIZED_DRAIN_BYTES, readJsonBody } from './json-body.server.ts'

/** A chunked body (no Content-Length) of `size` bytes that records how much was read and whether it was cancelled. */
function streamedRequest(size: number) {
	const chunk = new Uint8Array(16 * 1024).fill(120)
	const seen = { read: 0, cancelled: false }
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (seen.read >= size) return controller.close()
			seen.read += chunk.byteLength
			controller.enqueue(chunk)
		},
		cancel() {
			seen.cancelled = true
		},
	})
	const request = new Request('http://localhost/api/leads', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body,
		duplex: 'half',
	} as RequestInit)
	return { request, seen }
}

describe('reading a JSON body', () => {
	test('a streamed body over the limit is read to its end (up to a bound) and answered 413 with Connection: close', async () => {
		const { request, seen } = streamedRequest(200 * 1024)
		const result = await readJsonBody(request)
		expect(result.ok).toBe(false)
		if (result.ok) return
		expect(result.response.status).toBe(413)
		expect(result.response.headers.get('connection')).toBe('close')
		expect(seen.read).toBeGreaterThanOrEqual(200 * 1024)
		expect(seen.cancelled).toBe(false)
	})

	test('past the bound the rest is not read', async () => {
		const { request, seen } = streamedRequest(8 * 1024 * 1024)
		const result = await readJsonBody(request)
		expect(result.ok ? 0 : result.response.status).toBe(413)
		expect(seen.read).toBeLessThan(OVERSIZED_DRAIN_BYTES + 64 * 1024)
		expect(seen.cancelled).toBe(true)
	})

	test('a body within the limit is parsed', async () => {
		const request = new Request('http://localhost/api/leads', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: '{"a":1}',
		})
		expect(await readJsonBody(request)).toEqual({ ok: true, value: { a: 1 } })
		expect(MAX_JSON_BODY_BYTES).toBe(64 * 1024)
	})
})
