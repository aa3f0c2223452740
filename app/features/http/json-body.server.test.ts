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

const jsonRequest = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
	new Request('http://localhost/api/leads', { method: 'POST', headers, body })
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

	test('a body of exactly the limit is read, declared or streamed; a byte more is 413', async () => {
		const exactly = `"${'x'.repeat(64 * 1024 - 2)}"`
		const declared = { 'Content-Type': 'application/json', 'Content-Length': String(64 * 1024) }
		expect(await readJsonBody(jsonRequest(exactly, declared))).toMatchObject({ ok: true })
		expect(await readJsonBody(jsonRequest(exactly))).toMatchObject({ ok: true })
		const more = await readJsonBody(jsonRequest(`"${'x'.repeat(64 * 1024 - 1)}"`))
		expect(more.ok ? 200 : more.response.status).toBe(413)
	})

	test('the content type is application/json in any letter case; anything else is 415; bad JSON is 400', async () => {
		expect(await readJsonBody(jsonRequest('{"a":1}', { 'Content-Type': 'Application/JSON; charset=utf-8' }))).toEqual({
			ok: true,
			value: { a: 1 },
		})
		const plain = await readJsonBody(jsonRequest('{"a":1}', { 'Content-Type': 'text/plain' }))
		expect(plain.ok ? null : [plain.response.status, await plain.response.json()]).toEqual([
			415,
			{ error: 'Send the body as application/json' },
		])
		const broken = await readJsonBody(jsonRequest('{"a":'))
		expect(broken.ok ? null : [broken.response.status, await broken.response.json()]).toEqual([
			400,
			{ error: 'The body is not valid JSON' },
		])
	})
})
