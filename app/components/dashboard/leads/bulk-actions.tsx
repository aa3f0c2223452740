import { useFetcher } from 'react-router'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import { LEAD_STATUSES } from '#app/features/leads/model/lead-statuses.ts'
import { BULK_ASSIGN_FETCHER, BULK_STATUS_FETCHER, LEADS_ACTION } from './lead-fetchers.ts'
import { useLeadsViewer } from './lead-assignment.tsx'

/**
 * docs/decisions/0108: a sales manager's changes to the selected leads: assign them to one officer (whose states and
 * programs decide which they take) or set one status. Forms that post, so each works the moment it shows.
 */
export function BulkActions({ leadIds }: { leadIds: string[] }) {
	const { officers } = useLeadsViewer()
	const assign = useFetcher<LeadActionResult>({ key: BULK_ASSIGN_FETCHER })
	const status = useFetcher<LeadActionResult>({ key: BULK_STATUS_FETCHER })
	if (leadIds.length === 0) return null
	const selected = leadIds.map((id) => <input key={id} type="hidden" name="leadId" value={id} />)
	return (
		<div className="flex flex-wrap items-center gap-2" data-testid="bulk-actions">
			<assign.Form method="post" action={LEADS_ACTION} className="flex items-center gap-2">
				<input type="hidden" name="intent" value="bulk-assign" />
				{selected}
				<select
					name="assigneeId"
					aria-label="Assign the selected leads to"
					required
					defaultValue=""
					className={`${inputClass} w-44 py-1.5`}
				>
					<option value="" disabled>
						Assign to…
					</option>
					{officers.map((officer) => (
						<option key={officer.id} value={officer.id}>
							{officer.name}
						</option>
					))}
				</select>
				<button type="submit" className={buttonClass.secondary} disabled={assign.state !== 'idle'}>
					Assign ({leadIds.length})
				</button>
			</assign.Form>
			<status.Form method="post" action={LEADS_ACTION} className="flex items-center gap-2">
				<input type="hidden" name="intent" value="bulk-status" />
				{selected}
				<select name="status" aria-label="Status for the selected leads" required defaultValue="" className={`${inputClass} w-36 py-1.5`}>
					<option value="" disabled>
						Status…
					</option>
					{LEAD_STATUSES.map((option) => (
						<option key={option.value} value={option.value}>
							{option.label}
						</option>
					))}
				</select>
				<button type="submit" className={buttonClass.secondary} disabled={status.state !== 'idle'}>
					Set status ({leadIds.length})
				</button>
			</status.Form>
		</div>
	)
}

/** The last bulk change's answer, kept on the screen (a toast goes away) so the leads left out can be read. */
export function BulkAnswer({ result }: { result: LeadActionResult | undefined }) {
	if (!result?.ok || !result.description) return null
	return (
		<p role="status" className="mx-5 mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="bulk-answer">
			<strong>{result.message}.</strong> {result.description}.
		</p>
	)
}
