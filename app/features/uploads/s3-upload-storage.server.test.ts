import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { createUploadStorage } from './configured-upload-storage.server.ts'
import { createS3UploadStorage, s3ObjectUrl } from './s3-upload-storage.server.ts'

type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }

let server: http.Server
let endpoint: string
let recorded: Recorded[] = []
let answer = { status: 200, body: '' }
beforeAll(async () => {
	server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => {
			recorded.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) })
			res.writeHead(answer.status, { 'Content-Type': 'application/xml' }).end(answer.body)
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
	recorded = []
	answer = { status: 200, body: '' }
})

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' }
const png = () => {
	const bytes = crypto.randomBytes(1024)
	bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
	return new Uint8Array(bytes)
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex')
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest()

/** AWS Signature V4 recomputed from what reached the server: the test's own oracle, independent of aws4fetch. */
function expectedSignature(request: Recorded, secret: string) {
	const authorization = String(request.headers.authorization)
	const [, credential, signedHeaders] =
		/^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=[0-9a-f]{64}$/.exec(authorization) ?? []
	const [, date, region, service] = credential!.split('/')
	const names = signedHeaders!.split(';')
	const canonicalHeaders = names.map((name) => `${name}:${String(request.headers[name]).trim()}\n`).join('')
	const [pathname, query = ''] = request.url.split('?')
	const canonicalRequest = [request.method, pathname, query, canonicalHeaders, signedHeaders, request.headers['x-amz-content-sha256']].join(
		'\n',
	)
	const scope = `${date}/${region}/${service}/aws4_request`
	const stringToSign = ['AWS4-HMAC-SHA256', request.headers['x-amz-date'], scope, sha256(canonicalRequest)].join('\n')
	const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), 'aws4_request')
	return { signature: crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex'), region, service, names }
}

describe('S3 upload storage', () => {
	test('PUTs the image with a valid Signature V4 and answers its public https URL', async () => {
		const storage = createS3UploadStorage({
			bucket: 'site-images',
			region: 'eu-central-1',
			endpoint,
			publicUrl: 'https://images.example.com/',
			...credentials,
		})
		const bytes = png()
		const hash = sha256(Buffer.from(bytes))
		const stored = await storage.save({ bytes, type: 'image/png' })
		expect(stored).toEqual({ name: `${hash}.png`, url: `https://images.example.com/uploads/${hash}.png` })

		expect(recorded).toHaveLength(1)
		const request = recorded[0]!
		expect(request.method).toBe('PUT')
		expect(request.url).toBe(`/site-images/uploads/${hash}.png`)
		expect(Buffer.compare(request.body, Buffer.from(bytes))).toBe(0)
		expect(request.headers['content-type']).toBe('image/png')
		expect(request.headers['cache-control']).toBe('public, max-age=31536000, immutable')
		expect(request.headers['x-amz-content-sha256']).toBe(hash)
		expect(request.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/)

		const { signature, region, service, names } = expectedSignature(request, credentials.secretAccessKey)
		expect(region).toBe('eu-central-1')
		expect(service).toBe('s3')
		expect(names).toEqual(expect.arrayContaining(['host', 'content-type', 'x-amz-content-sha256', 'x-amz-date']))
		expect(String(request.headers.authorization)).toContain(`Credential=${credentials.accessKeyId}/`)
		expect(String(request.headers.authorization).endsWith(`Signature=${signature}`)).toBe(true)
	})

	test('a signature made with another secret would not match', async () => {
		const storage = createS3UploadStorage({
			bucket: 'b',
			region: 'us-east-1',
			endpoint,
			publicUrl: 'https://cdn.example.com',
			...credentials,
		})
		await storage.save({ bytes: png(), type: 'image/png' })
		const { signature } = expectedSignature(recorded[0]!, 'a-different-secret')
		expect(String(recorded[0]!.headers.authorization).endsWith(`Signature=${signature}`)).toBe(false)
	})

	test('a refused PUT is an error, not a URL to a missing file', async () => {
		answer = { status: 403, body: '<Error><Code>AccessDenied</Code></Error>' }
		const storage = createS3UploadStorage({
			bucket: 'b',
			region: 'us-east-1',
			endpoint,
			publicUrl: 'https://cdn.example.com',
			...credentials,
		})
		await expect(storage.save({ bytes: png(), type: 'image/png' })).rejects.toThrow(/HTTP 403.*AccessDenied/)
	})

	test('on AWS itself the bucket goes in the host name', () => {
		expect(s3ObjectUrl({ bucket: 'site-images', region: 'us-west-2' }, 'uploads/a.png')).toBe(
			'https://site-images.s3.us-west-2.amazonaws.com/uploads/a.png',
		)
		expect(s3ObjectUrl({ bucket: 'site-images', region: 'auto', endpoint: 'https://acc.r2.cloudflarestorage.com/' }, 'uploads/a.png')).toBe(
			'https://acc.r2.cloudflarestorage.com/site-images/uploads/a.png',
		)
	})
})

describe('choosing the storage from the configuration', () => {
	const s3Env = {
		S3_BUCKET: 'b',
		S3_REGION: 'us-east-1',
		S3_ACCESS_KEY_ID: 'AKID',
		S3_SECRET_ACCESS_KEY: 'secret',
		S3_PUBLIC_URL: 'https://cdn.example.com',
	}

	test('files under DATA_DIR without S3 settings, the bucket with them', () => {
		expect(createUploadStorage(loadConfig({ NODE_ENV: 'test' })).kind).toBe('file')
		expect(createUploadStorage(loadConfig({ NODE_ENV: 'test', ...s3Env })).kind).toBe('s3')
		expect(createUploadStorage(loadConfig({ NODE_ENV: 'test', ...s3Env, S3_ENDPOINT: 'http://127.0.0.1:9000' })).kind).toBe('s3')
	})

	test('a partial S3 configuration is refused at start, naming what is missing', () => {
		const { S3_SECRET_ACCESS_KEY: _secret, ...partial } = s3Env
		expect(() => loadConfig({ NODE_ENV: 'test', ...partial })).toThrow(ConfigError)
		expect(() => loadConfig({ NODE_ENV: 'test', ...partial })).toThrow(/missing: S3_SECRET_ACCESS_KEY/)
		expect(() => loadConfig({ NODE_ENV: 'test', S3_ENDPOINT: 'https://s3.example.com' })).toThrow(/missing: S3_BUCKET/)
	})

	test('the public URL must be https, since the pages only load https images', () => {
		expect(() => loadConfig({ NODE_ENV: 'test', ...s3Env, S3_PUBLIC_URL: 'http://cdn.example.com' })).toThrow(
			/S3_PUBLIC_URL must be the https:\/\/ address/,
		)
		expect(() => loadConfig({ NODE_ENV: 'test', ...s3Env, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT must be/)
	})
})
