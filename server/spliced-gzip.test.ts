import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { crc32Combine, prepareSplicedGzip, spliceGzip } from './spliced-gzip.ts'

describe('spliced gzip', () => {
	test('decompresses to the segments joined by the filler, for any filler', () => {
		const segments = ['<html><head><script nonce="', '">a()</script><p>', 'x'.repeat(70_000), '"></p></html>']
		const prepared = prepareSplicedGzip(segments)
		for (const nonce of ['abc', 'mS7AUwpd/VzGlLEBHHXgTg==', '']) {
			const body = spliceGzip(prepared, nonce)
			expect(zlib.gunzipSync(body).toString()).toBe(segments.join(nonce))
		}
	})

	test('one segment (no slot) is a plain gzip body', () => {
		const prepared = prepareSplicedGzip(['only text, no nonce'])
		expect(zlib.gunzipSync(spliceGzip(prepared, 'unused')).toString()).toBe('only text, no nonce')
	})

	test('the compressed pieces are reused: the body is far smaller than the text', () => {
		const segments = ['<p>'.repeat(10_000), '</p>'.repeat(10_000)]
		const body = spliceGzip(prepareSplicedGzip(segments), 'nonce')
		expect(body.length).toBeLessThan(segments.join('nonce').length / 20)
	})

	test('the CRC of two pieces joined comes from the CRC of each', () => {
		for (const [a, b] of [
			['hello ', 'world'],
			['', 'x'],
			['x'.repeat(70_000), 'y'.repeat(12_345)],
		] as const) {
			expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), Buffer.byteLength(b))).toBe(zlib.crc32(a + b))
		}
	})
})
