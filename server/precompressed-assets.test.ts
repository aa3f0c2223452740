import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { precompressedAssets } from './precompressed-assets.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assets-'))
const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))}\n`
let server: ReturnType<ReturnType<typeof express>['listen']>
let base = ''

beforeAll(async () => {
	fs.writeFileSync(path.join(dir, 'app-abc123.js'), script)
	fs.writeFileSync(path.join(dir, 'photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
	const app = express()
	app.use('/assets', precompressedAssets(dir))
	app.use('/assets', express.static(dir))
	await new Promise<void>((resolve) => {
		server = app.listen(0, '127.0.0.1', () => resolve())
	})
	base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => {
	server.close()
	fs.rmSync(dir, { recursive: true })
})

test('a client that accepts gzip gets the asset compressed once at start, cached for a year', async () => {
	// node:http, because fetch would decompress the body before the test could measure it.
	const { headers, body } = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
		http
			.get(`${base}/assets/app-abc123.js`, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
			})
			.on('error', reject)
	})
	expect(headers['content-encoding']).toBe('gzip')
	expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
	expect(headers.vary).toBe('Accept-Encoding')
	expect(body.length).toBeLessThan(script.length / 5)
	expect(zlib.gunzipSync(body).toString()).toBe(script)
})

test('without gzip, and for files that do not compress, the plain file is served', async () => {
	const plain = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'Accept-Encoding': 'identity' } })
	expect(plain.headers.get('content-encoding')).toBeNull()
	expect(await plain.text()).toBe(script)
	const image = await fetch(`${base}/assets/photo.png`, { headers: { 'Accept-Encoding': 'gzip' } })
	expect(image.headers.get('content-encoding')).toBeNull()
	expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
})
