import path from 'node:path'
import type { AppConfig } from '#server/config.ts'
import { createFileUploadStorage } from './file-upload-storage.server.ts'
import { createS3UploadStorage } from './s3-upload-storage.server.ts'
import type { UploadStorage } from './upload-storage.server.ts'

export function createUploadStorage(config: AppConfig): UploadStorage {
	const { S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL } = config
	// loadConfig lets these be set only all together.
	if (S3_BUCKET && S3_REGION && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY && S3_PUBLIC_URL) {
		return createS3UploadStorage({
			bucket: S3_BUCKET,
			region: S3_REGION,
			endpoint: S3_ENDPOINT,
			accessKeyId: S3_ACCESS_KEY_ID,
			secretAccessKey: S3_SECRET_ACCESS_KEY,
			publicUrl: S3_PUBLIC_URL,
		})
	}
	// server/http-app.ts serves this folder at /uploads.
	return createFileUploadStorage(path.join(config.dataDir, 'uploads'), '/uploads')
}

const storages = new WeakMap<AppConfig, UploadStorage>()

/** One storage per process configuration. */
export function uploadStorageFor(config: AppConfig) {
	let storage = storages.get(config)
	if (!storage) {
		storage = createUploadStorage(config)
		storages.set(config, storage)
	}
	return storage
}
