import { useFetcher } from 'react-router'
import type { LeadActionResult } from '#app/features/leads/lead-admin-schema.ts'
import { LEAD_STATUSES } from '#app/features/leads/lead-statuses.ts'
import { LEADS_ACTION, STATUS_FETCHER } from './lead-fetchers.ts'

/** spec 2 §4: any status can be set directly from the row; the row shows the new one at once. */
export function LeadStatusSelect({ leadId, name, status }: { leadId: string; name: string; status: string }) {
	const fetcher = useFetcher<LeadActionResult>({ key: STATUS_FETCHER })
	const pending = fetcher.formData?.get('leadId') === leadId ? fetcher.formData.get('status') : null
	return (
		<select
			aria-label={`Status of ${name}`}
			value={typeof pending === 'string' ? pending : status}
			onChange={(event) =>
				void fetcher.submit({ intent: 'status', leadId, status: event.target.value }, { method: 'post', action: LEADS_ACTION })
			}
			className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
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
