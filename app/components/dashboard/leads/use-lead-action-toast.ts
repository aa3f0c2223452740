import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'

/**
 * Answers already shown: the table and the phone's cards both hold a lead's buttons (one of them hidden
 * by the screen's width), and their fetchers share a key, so two hooks see the same answer.
 */
const shown = new WeakSet<object>()

/** Shows each new answer of the leads action once: its success text, or its error (spec 2 §8). */
export function useLeadActionToast(
	result: LeadActionResult | undefined,
	onSuccess?: (result: Extract<LeadActionResult, { ok: true }>) => void,
) {
	const latest = useRef(onSuccess)
	latest.current = onSuccess
	useEffect(() => {
		if (!result) return
		const first = !shown.has(result)
		shown.add(result)
		if (result.ok) {
			if (first) toast.success(result.message, result.description ? { description: result.description } : undefined)
			latest.current?.(result)
		} else if (first) {
			toast.error(result.error)
		}
	}, [result])
}
