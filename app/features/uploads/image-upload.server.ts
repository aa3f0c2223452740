import { checkImageUpload, IMAGE_UPLOAD_MAX_BYTES, imageUploadMessages } from './image-upload-rules.ts'
import type { UploadStorage } from './upload-storage.server.ts'

export type ImageUploadResult = { ok: true; url: string } | { ok: false; message: string; status: number }

/** Checks a posted file by its bytes and stores it; the answer is the URL for the content record. */
export async function storeImageUpload(storage: UploadStorage, file: FormDataEntryValue | null): Promise<ImageUploadResult> {
	if (!file || typeof file === 'string') return { ok: false, message: imageUploadMessages.missing, status: 400 }
	if (file.size > IMAGE_UPLOAD_MAX_BYTES) return { ok: false, message: imageUploadMessages.size, status: 413 }
	const bytes = new Uint8Array(await file.arrayBuffer())
	const check = checkImageUpload(bytes)
	if (!check.ok) return { ok: false, message: check.message, status: check.message === imageUploadMessages.size ? 413 : 400 }
	const stored = await storage.save({ bytes, type: check.type })
	return { ok: true, url: stored.url }
}

/**
 * Reads a form body, refusing it once it grows past maxBytes, so an oversized upload is never held
 * in memory whole. Null when too large.
 */
export async function readFormDataWithin(request: Request, maxBytes: number): Promise<FormData | null> {
	const declared = Number(request.headers.get('Content-Length'))
	if (Number.isFinite(declared) && declared > maxBytes) return null
	if (!request.body) return request.formData()
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let total = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		total += value.byteLength
		if (total > maxBytes) {
			await reader.cancel()
			return null
		}
		chunks.push(value)
	}
	return new Response(Buffer.concat(chunks), { headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' } }).formData()
}
