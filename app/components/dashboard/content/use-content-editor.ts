import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import type { EditorResult, FieldErrors } from '../../../features/content/editor-result.ts'
import { ignoreAborted } from '#app/components/ui/ignore-aborted.ts'

type Options<T> = {
	/** spec 2 §8's success and failure toasts of this editor. */
	success: string
	/** Said under the success toast of a save: what the stored document now does on the site. */
	savedDescription?: (content: T) => string
	failure: string
	/** The stored document after a save or restore: the draft starts again from it. */
	onStored: (content: T) => void
	/** Lets a screen show the part of the form that holds the first error (a tab, say) before focus moves there. */
	onInvalid?: (errors: FieldErrors) => void
}

/** Saves and restores one content record through the screen's action, with the spec's toasts. */
export function useContentEditor<T>({ success, savedDescription, failure, onStored, onInvalid }: Options<T>) {
	const fetcher = useFetcher<EditorResult<T>>()
	const handled = useRef<EditorResult<T> | null>(null)
	const callbacks = useRef({ onStored, onInvalid, savedDescription })
	useEffect(() => {
		callbacks.current = { onStored, onInvalid, savedDescription }
	})

	useEffect(() => {
		const result = fetcher.data
		if (fetcher.state !== 'idle' || !result || handled.current === result) return
		handled.current = result
		if (result.ok) {
			callbacks.current.onStored(result.content)
			if (result.intent === 'restore')
				toast.success(`Version ${result.restoredVersion} restored`, { description: 'It is now the newest version and live on the site.' })
			else toast.success(success, { description: callbacks.current.savedDescription?.(result.content) })
			return
		}
		toast.error(failure, { description: result.errors.form ?? result.errors.version ?? 'Check the highlighted fields.' })
		callbacks.current.onInvalid?.(result.errors)
		// After the screen has rendered the messages (and shown the right tab), focus the first invalid field.
		focusFirstInvalidField()
	}, [fetcher.state, fetcher.data, success, failure])

	const errors: FieldErrors = fetcher.data && !fetcher.data.ok && fetcher.data.intent === 'save' ? fetcher.data.errors : {}
	const pendingIntent = fetcher.state === 'idle' ? null : String(fetcher.formData?.get('intent') ?? '')
	return {
		errors,
		saving: pendingIntent === 'save',
		restoring: pendingIntent === 'restore',
		save(document: unknown) {
			fetcher.submit({ intent: 'save', payload: JSON.stringify(document) }, { method: 'post' }).catch(ignoreAborted)
		},
		restore(version: number) {
			fetcher.submit({ intent: 'restore', version: String(version) }, { method: 'post' }).catch(ignoreAborted)
		},
	}
}

/** Waits a few frames for the invalid field to appear (switching tabs mounts it a render later), then focuses it. */
function focusFirstInvalidField(framesLeft = 10) {
	requestAnimationFrame(() => {
		const field = document.querySelector<HTMLElement>('main [aria-invalid="true"]')
		if (field) field.focus()
		else if (framesLeft > 0) focusFirstInvalidField(framesLeft - 1)
	})
}
