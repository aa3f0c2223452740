import { useFetcher } from 'react-router'
import { buttonClass } from '#app/components/ui/styles.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import { LEADS_ACTION, STATUS_FETCHER } from './lead-fetchers.ts'

/**
 * After a call or e-mail that reached the borrower (docs/decisions/0104) on a lead still New, offers to move it to
 * Contacted with the row's own status action (spec 2 §4); logging a contact records the first contact but leaves the
 * status to the officer.
 */
export function MarkContactedPrompt({ lead, logged }: { lead: { id: string; status: string }; logged: boolean }) {
	// The status fetcher of the leads table, so the lead-management card announces the change as for a row.
	const status = useFetcher<LeadActionResult>({ key: STATUS_FETCHER })
	const show = logged && lead.status === 'new'
	return (
		<div aria-live="polite">
			{show ? (
				<status.Form
					method="post"
					action={LEADS_ACTION}
					className="flex flex-wrap items-center gap-3 rounded-md bg-brand-50 p-3 text-sm text-slate-900"
					data-testid="mark-contacted-prompt"
				>
					<input type="hidden" name="intent" value="status" />
					<input type="hidden" name="leadId" value={lead.id} />
					<input type="hidden" name="status" value="contacted" />
					<p className="flex-1">Contact logged. The lead's status is still New.</p>
					<button type="submit" className={buttonClass.primary} disabled={status.state !== 'idle'}>
						Mark as Contacted
					</button>
				</status.Form>
			) : null}
		</div>
	)
}
