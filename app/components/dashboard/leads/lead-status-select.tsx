import { useFetcher } from 'react-router'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import { LEAD_STATUSES } from '#app/features/leads/model/lead-statuses.ts'
import { LEADS_ACTION, STATUS_FETCHER } from './lead-fetchers.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'
import { ignoreAborted } from '#app/components/ui/ignore-aborted.ts'

/** spec 2 §4: any status can be set directly from the row; the row shows the new one at once. */
export function LeadStatusSelect({
	leadId,
	name,
	status,
	compact = false,
}: {
	leadId: string
	name: string
	status: string
	compact?: boolean
}) {
	const hydrated = useHydrated()
	const fetcher = useFetcher<LeadActionResult>({ key: STATUS_FETCHER })
	const pending = fetcher.formData?.get('leadId') === leadId ? fetcher.formData.get('status') : null
	return (
		<select
			aria-label={`Status of ${name}`}
			// docs/decisions/0078: the change is sent by a script; until it has loaded, the status cannot be picked.
			disabled={!hydrated}
			value={typeof pending === 'string' ? pending : status}
			onChange={(event) =>
				fetcher
					.submit({ intent: 'status', leadId, status: event.target.value }, { method: 'post', action: LEADS_ACTION })
					.catch(ignoreAborted)
			}
			className={`rounded-md border border-slate-300 bg-white text-slate-900 ${compact ? 'max-w-28 px-1 py-0.5 text-xs' : 'px-2 py-1 text-sm'} focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200`}
		>
			{LEAD_STATUSES.some((option) => option.value === status) ? null : <option value={status}>{status}</option>}
			{LEAD_STATUSES.map((option) => (
				<option key={option.value} value={option.value}>
					{option.label}
				</option>
			))}
		</select>
	)
}
