import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { AppServices } from '#app/context.ts'
import { loadConfig } from '#server/config.ts'
import { createHttpApp } from '#server/http-app.ts'
import { createUploadStorage } from './configured-upload-storage.server.ts'

let dataDir: string
beforeAll(async () => {
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'uploads-'))
})
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

const jpeg = () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from(`a picture ${Math.random()}`)])

describe('file upload storage', () => {
	test('the same image twice is one file; no temporary files are left', async () => {
		const storage = createUploadStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }))
		const bytes = jpeg()
		const first = await storage.save({ bytes, type: 'image/jpeg' })
		const second = await storage.save({ bytes, type: 'image/jpeg' })
		expect(second).toEqual(first)
		expect(first.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/)
		expect(await fs.readdir(path.join(dataDir, 'uploads'))).toEqual([first.name])
	})

	test('the HTTP server serves uploads at /uploads with a year of caching', async () => {
		const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir })
		const stored = await createUploadStorage(config).save({ bytes: jpeg(), type: 'image/jpeg' })
		const services = { config, log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } } as unknown as AppServices
		const app = createHttpApp({ services, reactRouter: (_req, res) => void res.status(404).send('page not found') })
		const server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		try {
			const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
			const response = await fetch(`${base}${stored.url}`)
			expect(response.status).toBe(200)
			expect(response.headers.get('content-type')).toBe('image/jpeg')
			expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
			expect(response.headers.get('x-content-type-options')).toBe('nosniff')
			expect(Buffer.from(await response.arrayBuffer())[0]).toBe(0xff)
			expect((await fetch(`${base}/uploads/`)).status).toBe(404)
			expect((await fetch(`${base}/uploads/..%2f..%2fetc%2fpasswd`)).status).toBe(404)
		} finally {
			await new Promise((resolve) => server.close(resolve))
		}
	})
})
