/** Hero background uploads: the rules the browser checks early and the server enforces. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024

export const IMAGE_UPLOAD_EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const
export type ImageType = keyof typeof IMAGE_UPLOAD_EXTENSIONS

/** For the file picker only; the server decides by the bytes. */
export const IMAGE_UPLOAD_ACCEPT = Object.keys(IMAGE_UPLOAD_EXTENSIONS).join(',')

export const imageUploadMessages = {
	missing: 'Choose an image to upload',
	type: 'Upload a JPEG, PNG or WebP image',
	size: 'The image must be at most 5 MB',
	failed: 'The image could not be stored. Please try again.',
	uploaded: 'Image uploaded. Save Changes to publish it.',
} as const

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
	bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte)

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0))

/** The image type told by the file's first bytes (its magic number), whatever its name or declared type says. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
	if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
	return null
}

export type ImageCheck = { ok: true; type: ImageType } | { ok: false; message: string }

export function checkImageUpload(bytes: Uint8Array): ImageCheck {
	if (bytes.length === 0) return { ok: false, message: imageUploadMessages.missing }
	if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) return { ok: false, message: imageUploadMessages.size }
	const type = detectImageType(bytes)
	return type ? { ok: true, type } : { ok: false, message: imageUploadMessages.type }
}
