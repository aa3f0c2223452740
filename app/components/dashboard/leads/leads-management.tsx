import { Download } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useFetcher } from 'react-router'
import { cardClass, buttonClass } from '#app/components/ui/styles.ts'
import { type LeadActionResult, type LeadListQuery, leadListSearch } from '#app/features/leads/work/lead-admin-schema.ts'
import type { LeadColumn } from '#app/features/leads/work/lead-columns.ts'
import type { LeadPage } from '#app/features/leads/work/list-leads.server.ts'
import { AddLeadDialog } from './add-lead-dialog.tsx'
import { AssignedFilterSelect, useLeadsViewer } from './lead-assignment.tsx'
import { DeleteSelected } from './delete-selected.tsx'
import { DELETE_FETCHER, STATUS_FETCHER } from './lead-fetchers.ts'
import { LeadsPagination } from './leads-pagination.tsx'
import { LeadsSearch } from './leads-search.tsx'
import { LeadsTable } from './leads-table.tsx'
import { LeadCards } from './lead-cards.tsx'
import { LeadColumnsControl } from './lead-columns-control.tsx'
import { useLeadColumns } from './use-lead-columns.ts'
import { SortSelect } from './sort-select.tsx'
import { StatusFilter } from './status-filter.tsx'
import { useLeadActionToast } from './use-lead-action-toast.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'

/** spec 2 §2: the lead-management card: add, search, filter, source toggle, bulk delete, the table and (beyond the spec) paging and export. */
export function LeadsManagement({
	query,
	page,
	savedColumns,
}: {
	query: LeadListQuery
	page: LeadPage
	savedColumns: readonly LeadColumn[]
}) {
	const hydrated = useHydrated()
	// docs/decisions/0052: the user's own columns; Show Source adds the Source column to them.
	const { columns, save: saveColumns } = useLeadColumns(savedColumns)
	const showSource = columns.includes('source')
	const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
	// Only leads on the current page can be selected; paging or filtering drops the others.
	const selected = useMemo(() => new Set(page.leads.map((lead) => lead.id).filter((id) => chosen.has(id))), [page.leads, chosen])
	useLeadActionToast(useFetcher<LeadActionResult>({ key: STATUS_FETCHER }).data)
	// spec 2 §4: a successful delete clears the selection.
	useLeadActionToast(useFetcher<LeadActionResult>({ key: DELETE_FETCHER }).data, () => setChosen(new Set()))
	const exportSearch = leadListSearch({ search: query.search, statuses: query.statuses, assigned: query.assigned })
	const { viewer } = useLeadsViewer()
	return (
		<section aria-labelledby="lead-management-heading" className={cardClass}>
			<div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 p-5">
				<div>
					<h2 id="lead-management-heading" className="text-lg font-bold text-slate-900">
						Lead Management
					</h2>
					<p className="text-sm text-slate-700">Find, review and update quote requests.</p>
				</div>
				<div className="flex flex-wrap gap-2">
					<a href={`/dashboard/leads/export${exportSearch}`} download className={buttonClass.secondary}>
						<Download className="h-4 w-4" aria-hidden="true" /> Export CSV
					</a>
					<AddLeadDialog />
				</div>
			</div>
			<div className="flex flex-wrap items-center gap-3 p-5">
				<LeadsSearch query={query} />
				<StatusFilter query={query} />
				<AssignedFilterSelect query={query} />
				<SortSelect query={query} />
				<button
					type="button"
					className={buttonClass.secondary}
					aria-pressed={showSource}
					disabled={!hydrated}
					onClick={() => saveColumns(showSource ? columns.filter((column) => column !== 'source') : [...columns, 'source'])}
				>
					{showSource ? 'Hide Source' : 'Show Source'}
				</button>
				<LeadColumnsControl columns={columns} onChange={saveColumns} />
				{viewer.canManage ? <DeleteSelected leadIds={[...selected]} /> : null}
			</div>
			<LeadsTable query={query} leads={page.leads} columns={columns} selected={selected} onSelectedChange={setChosen} />
			<LeadCards query={query} leads={page.leads} selected={selected} onSelectedChange={setChosen} />
			<LeadsPagination query={query} page={page} />
		</section>
	)
}
