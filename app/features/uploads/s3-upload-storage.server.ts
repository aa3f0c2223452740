import crypto from 'node:crypto'
import { AwsClient } from 'aws4fetch'
import { type UploadStorage, uploadName } from './upload-storage.server.ts'

export type S3UploadOptions = {
	bucket: string
	region: string
	/** An S3-compatible service's address; unset means AWS itself. */
	endpoint?: string
	accessKeyId: string
	secretAccessKey: string
	/** The https address the bucket's objects are publicly served from. */
	publicUrl: string
}

/** Where an object is PUT: the bucket in the host name on AWS, in the path on other services (MinIO, R2 and the like accept that). */
export function s3ObjectUrl(options: Pick<S3UploadOptions, 'bucket' | 'region' | 'endpoint'>, key: string) {
	const encodedKey = key.split('/').map(encodeURIComponent).join('/')
	if (!options.endpoint) return `https://${options.bucket}.s3.${options.region}.amazonaws.com/${encodedKey}`
	return `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}/${encodedKey}`
}

/** Stores uploads in an S3-compatible bucket with requests signed by AWS Signature V4. */
export function createS3UploadStorage(options: S3UploadOptions): UploadStorage {
	const client = new AwsClient({
		accessKeyId: options.accessKeyId,
		secretAccessKey: options.secretAccessKey,
		service: 's3',
		region: options.region,
		// A staff member waits for the answer: a few quick retries, not aws4fetch's ten.
		retries: 2,
	})
	return {
		kind: 's3',
		async save(image) {
			const name = uploadName(image)
			const key = `uploads/${name}`
			const response = await client.fetch(s3ObjectUrl(options, key), {
				method: 'PUT',
				body: image.bytes,
				// Content-Type too, which aws4fetch leaves unsigned by default.
				aws: { allHeaders: true },
				headers: {
					'Content-Type': image.type,
					'Cache-Control': 'public, max-age=31536000, immutable',
					// Signs the bytes themselves (aws4fetch would send UNSIGNED-PAYLOAD), so the bucket rejects a body altered on the way.
					'X-Amz-Content-Sha256': crypto.createHash('sha256').update(image.bytes).digest('hex'),
				},
			})
			if (!response.ok) {
				const detail = (await response.text().catch(() => '')).slice(0, 300)
				throw new Error(`S3 upload failed with HTTP ${response.status}: ${detail}`)
			}
			return { name, url: `${options.publicUrl.replace(/\/+$/, '')}/${key}` }
		},
	}
}
