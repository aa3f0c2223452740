import { useNavigate } from 'react-router'
import { inputClass } from '#app/components/ui/styles.ts'
import { LEAD_SORTS, type LeadListQuery, type LeadSort } from '#app/features/leads/work/lead-admin-schema.ts'
import { useLeadsUrl } from './use-leads-url.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'

const SORT_LABELS: Record<LeadSort, string> = {
	newest: 'Newest first',
	oldest: 'Oldest first',
	name: 'Last name (A-Z)',
	'value-high': 'Property value (highest first)',
	'value-low': 'Property value (lowest first)',
}

/** Beyond the spec (newest first): the order of the list. */
export function SortSelect({ query }: { query: LeadListQuery }) {
	const hydrated = useHydrated()
	const navigate = useNavigate()
	const urls = useLeadsUrl(query)
	return (
		<div className="flex items-center gap-2">
			<label htmlFor="lead-sort" className="text-sm font-medium text-slate-800">
				Sort
			</label>
			<select
				id="lead-sort"
				disabled={!hydrated}
				value={query.sort}
				onChange={(event) => void navigate(urls.list({ sort: event.target.value as LeadSort, page: 1 }), { preventScrollReset: true })}
				className={`${inputClass} w-auto py-2`}
			>
				{LEAD_SORTS.map((sort) => (
					<option key={sort} value={sort}>
						{SORT_LABELS[sort]}
					</option>
				))}
			</select>
		</div>
	)
}
