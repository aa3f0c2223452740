import { Loader2, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { IMAGE_UPLOAD_ACCEPT, IMAGE_UPLOAD_MAX_BYTES, imageUploadMessages } from '#app/features/uploads/image-upload-rules.ts'
import { FieldMessages } from '#app/components/ui/field.tsx'
import { ignoreAborted } from '#app/components/ui/ignore-aborted.ts'
import { useFetcherAnswer } from '#app/components/ui/use-fetcher-answer.ts'

export type UploadResult = { ok: true; intent: 'upload'; url: string } | { ok: false; intent: 'upload'; errors: { image: string } }

/** One upload field per screen: its answers are heard by this key (docs/decisions/0125). */
const UPLOAD_FETCHER = 'background-image-upload'

/** Sends a JPEG, PNG or WebP to the screen's `upload` intent and hands back its URL for the Background Image URL field. */
export function BackgroundImageUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
	const fetcher = useFetcher<UploadResult>({ key: UPLOAD_FETCHER })
	const [tooLarge, setTooLarge] = useState(false)
	const input = useRef<HTMLInputElement>(null)
	useFetcherAnswer<UploadResult>(UPLOAD_FETCHER, (result) => {
		if (input.current) input.current.value = ''
		if (result.ok) {
			onUploaded(result.url)
			toast.success(imageUploadMessages.uploaded)
		}
	})

	const uploading = fetcher.state !== 'idle'
	const error = tooLarge ? imageUploadMessages.size : fetcher.data && !fetcher.data.ok && !uploading ? fetcher.data.errors.image : undefined

	function upload(file: File | undefined) {
		if (!file) return
		// The server checks too; this only spares a long wait for a file that would be refused.
		setTooLarge(file.size > IMAGE_UPLOAD_MAX_BYTES)
		if (file.size > IMAGE_UPLOAD_MAX_BYTES) return
		const body = new FormData()
		body.set('intent', 'upload')
		body.set('image', file)
		fetcher.submit(body, { method: 'post', encType: 'multipart/form-data' }).catch(ignoreAborted)
	}

	return (
		<div>
			<label htmlFor="hero-image-upload" className="mb-1 flex items-center gap-2 text-sm font-medium text-slate-800">
				<Upload className="h-4 w-4" aria-hidden="true" /> Upload a background image
			</label>
			<input
				ref={input}
				id="hero-image-upload"
				type="file"
				accept={IMAGE_UPLOAD_ACCEPT}
				disabled={uploading}
				onChange={(event) => upload(event.target.files?.[0])}
				aria-invalid={error ? true : undefined}
				aria-describedby="hero-image-upload-hint hero-image-upload-error"
				className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-slate-800 hover:file:bg-slate-100"
			/>
			{uploading ? (
				<p className="mt-1 inline-flex items-center gap-2 text-sm text-slate-700">
					<Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> Uploading...
				</p>
			) : null}
			<FieldMessages id="hero-image-upload" hint="JPEG, PNG or WebP, at most 5 MB. The address goes into Background Image URL." />
			{/* Announced: the answer arrives after the picker has closed. */}
			<p id="hero-image-upload-error" role="alert" className="mt-1 text-sm font-medium text-red-700 empty:hidden">
				{error}
			</p>
		</div>
	)
}
