import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import { LEAD_MESSAGES } from '#app/features/leads/work/lead-messages.ts'
import { DETAILS_DATE, LeadDate } from './lead-date.tsx'
import { LEADS_ACTION } from './lead-fetchers.ts'

/** spec 2 §2 Admin Notes: internal notes with their last-updated time; spec 2 §8 toasts. */
export function LeadNotesForm({ leadId, notes, updatedAt }: { leadId: string; notes: string | null; updatedAt: Date | null }) {
	const fetcher = useFetcher<LeadActionResult>({ key: `lead-notes-${leadId}` })
	const saving = fetcher.state !== 'idle'
	const result = fetcher.data
	useEffect(() => {
		if (!result) return
		if (result.ok) toast.success(LEAD_MESSAGES.notesSavedTitle, { description: LEAD_MESSAGES.notesSaved })
		else toast.error(LEAD_MESSAGES.notesFailedTitle, { description: result.error })
	}, [result])
	const lastUpdated = (result?.ok ? result.adminNotesUpdatedAt : undefined) ?? updatedAt
	return (
		<fetcher.Form method="post" action={LEADS_ACTION} className="space-y-2">
			<input type="hidden" name="intent" value="notes" />
			<input type="hidden" name="leadId" value={leadId} />
			<label htmlFor="lead-admin-notes" className="block font-semibold text-slate-900">
				Admin Notes
			</label>
			<p id="lead-admin-notes-hint" className="text-sm text-slate-700">
				Internal notes, never shown to the customer.
			</p>
			<textarea
				id="lead-admin-notes"
				name="notes"
				rows={4}
				defaultValue={notes ?? ''}
				maxLength={10_000}
				aria-describedby="lead-admin-notes-hint"
				className={inputClass}
			/>
			<div className="flex flex-wrap items-center justify-between gap-3">
				<p className="text-sm text-slate-700" data-testid="notes-last-updated">
					{lastUpdated ? (
						<>
							Last updated: <LeadDate value={lastUpdated} pattern={DETAILS_DATE} />
						</>
					) : (
						'Not saved yet'
					)}
				</p>
				<button type="submit" className={buttonClass.primary} disabled={saving}>
					{saving ? 'Saving...' : 'Save Notes'}
				</button>
			</div>
		</fetcher.Form>
	)
}
