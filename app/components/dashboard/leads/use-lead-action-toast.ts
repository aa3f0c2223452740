import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { useFetcherAnswer } from '#app/components/ui/use-fetcher-answer.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'

/**
 * Answers already shown: the table and the phone's cards both hold a lead's buttons (one of them hidden
 * by the screen's width), and their fetchers share a key, so two hooks hear the same answer.
 */
const shown = new WeakSet<object>()

type Options = {
	/** Only a refusal gets a toast (a success the screen shows in its own way). */
	errorsOnly?: boolean
}

/**
 * Shows each new answer of the leads action to the fetcher `key` once: its success text, or its error (spec 2 §8);
 * `onSuccess` runs for each success this component hears (docs/decisions/0125).
 */
export function useLeadActionToast(
	key: string,
	onSuccess?: (result: Extract<LeadActionResult, { ok: true }>) => void,
	{ errorsOnly = false }: Options = {},
) {
	useFetcherAnswer<LeadActionResult>(key, (result) => {
		const first = !shown.has(result)
		shown.add(result)
		if (result.ok) {
			if (first && !errorsOnly) toast.success(result.message, result.description ? { description: result.description } : undefined)
			onSuccess?.(result)
		} else if (first) {
			toast.error(result.error)
		}
	})
}

/** The fetcher `key` of the leads action, whose answers `useLeadActionToast` shows (one key for both, written once). */
export function useLeadFetcher(key: string, onSuccess?: (result: Extract<LeadActionResult, { ok: true }>) => void, options?: Options) {
	useLeadActionToast(key, onSuccess, options)
	return useFetcher<LeadActionResult>({ key })
}
