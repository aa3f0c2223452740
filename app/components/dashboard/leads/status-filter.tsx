import { ChevronDown } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { buttonClass } from '#app/components/ui/styles.ts'
import type { LeadListQuery } from '#app/features/leads/work/lead-admin-schema.ts'
import { LEAD_STATUSES, type LeadStatus } from '#app/features/leads/model/lead-statuses.ts'
import { statusFilterLabel, toggleStatusFilter } from '#app/features/leads/work/status-filter.ts'
import { useLeadsUrl } from './use-leads-url.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'

const optionClass = 'flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100'
const checkboxClass = 'h-4 w-4 rounded border-slate-400 accent-brand-700'

/** spec 2 §2: the multi-select status filter with checkboxes. */
export function StatusFilter({ query }: { query: LeadListQuery }) {
	const hydrated = useHydrated()
	const navigate = useNavigate()
	const urls = useLeadsUrl(query)
	// The boxes follow a click at once; the URL (and the list) follow when the new page has loaded.
	const [statuses, setStatuses] = useState(query.statuses)
	const fromUrl = query.statuses.join(',')
	// biome-ignore lint/correctness/useExhaustiveDependencies: the boxes follow the URL's statuses, compared by value (fromUrl)
	useEffect(() => setStatuses(query.statuses), [fromUrl])
	const choose = (choice: LeadStatus | 'all', checked: boolean) => {
		const next = toggleStatusFilter(statuses, choice, checked)
		setStatuses(next)
		void navigate(urls.list({ statuses: next, page: 1 }), { replace: true, preventScrollReset: true })
	}
	const label = statusFilterLabel(statuses)
	return (
		<Popover.Root>
			<Popover.Trigger
				className={`${buttonClass.secondary} min-w-40 justify-between`}
				aria-label={`Filter by status: ${label}`}
				disabled={!hydrated}
			>
				<span>{label}</span>
				<ChevronDown className="h-4 w-4" aria-hidden="true" />
			</Popover.Trigger>
			<Popover.Portal>
				<Popover.Content align="start" sideOffset={4} className="z-40 w-56 rounded-lg bg-white p-2 shadow-lg ring-1 ring-slate-200">
					<fieldset>
						<legend className="sr-only">Lead statuses</legend>
						<label className={optionClass}>
							<input
								type="checkbox"
								className={checkboxClass}
								checked={statuses.length === 0}
								onChange={(event) => choose('all', event.target.checked)}
							/>
							All Leads
						</label>
						{LEAD_STATUSES.map((status) => (
							<label key={status.value} className={optionClass}>
								<input
									type="checkbox"
									className={checkboxClass}
									checked={statuses.includes(status.value)}
									onChange={(event) => choose(status.value, event.target.checked)}
								/>
								{status.label}
							</label>
						))}
					</fieldset>
				</Popover.Content>
			</Popover.Portal>
		</Popover.Root>
	)
}
