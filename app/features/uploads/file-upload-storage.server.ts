import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { type UploadStorage, uploadName } from './upload-storage.server.ts'

/** Keeps uploads in a local folder that the HTTP server serves under urlPrefix. */
export function createFileUploadStorage(directory: string, urlPrefix: string): UploadStorage {
	return {
		kind: 'file',
		async save(image) {
			const name = uploadName(image)
			const target = path.join(directory, name)
			await fs.mkdir(directory, { recursive: true })
			// Written beside and renamed, so a half-written file is never served under its final name.
			const temporary = path.join(directory, `.${name}.${crypto.randomBytes(6).toString('hex')}.tmp`)
			await fs.writeFile(temporary, image.bytes)
			await fs.rename(temporary, target)
			return { name, url: `${urlPrefix}/${name}` }
		},
	}
}
