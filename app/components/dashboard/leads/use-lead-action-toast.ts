import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'

/** Shows each new answer of the leads action once: its success text, or its error (spec 2 §8). */
export function useLeadActionToast(
	result: LeadActionResult | undefined,
	onSuccess?: (result: Extract<LeadActionResult, { ok: true }>) => void,
) {
	const latest = useRef(onSuccess)
	latest.current = onSuccess
	useEffect(() => {
		if (!result) return
		if (result.ok) {
			toast.success(result.message, result.description ? { description: result.description } : undefined)
			latest.current?.(result)
		} else {
			toast.error(result.error)
		}
	}, [result])
}
