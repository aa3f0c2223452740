import crypto from 'node:crypto'
import { IMAGE_UPLOAD_EXTENSIONS, type ImageType } from './image-upload-rules.ts'

/** An image that passed checkImageUpload. */
export type ImageUpload = { bytes: Uint8Array<ArrayBuffer>; type: ImageType }
export type StoredUpload = { name: string; url: string }

/** Where uploaded files live; chosen by configuration (a folder under DATA_DIR, or an S3-compatible bucket). */
export type UploadStorage = {
	kind: 'file' | 's3'
	save(image: ImageUpload): Promise<StoredUpload>
}

/** Named by content: the same image uploaded twice is one file, and a URL never changes what it shows (cacheable for a year). */
export function uploadName(image: ImageUpload) {
	const hash = crypto.createHash('sha256').update(image.bytes).digest('hex')
	return `${hash}.${IMAGE_UPLOAD_EXTENSIONS[image.type]}`
}
