import { Download, SlidersHorizontal } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useFetcher } from 'react-router'
import { cardClass, buttonClass } from '#app/components/ui/styles.ts'
import { type LeadActionResult, type LeadListQuery, leadListSearch } from '#app/features/leads/work/lead-admin-schema.ts'
import type { LeadColumn } from '#app/features/leads/work/lead-columns.ts'
import type { LeadPage } from '#app/features/leads/work/list-leads.server.ts'
import { AddLeadDialog } from './add-lead-dialog.tsx'
import { AssignedFilterSelect, useLeadsViewer } from './lead-assignment.tsx'
import { DeleteSelected } from './delete-selected.tsx'
import { BULK_ASSIGN_FETCHER, BULK_STATUS_FETCHER, DELETE_FETCHER, STATUS_FETCHER } from './lead-fetchers.ts'
import { BulkActions, BulkAnswer } from './bulk-actions.tsx'
import { LeadsPagination } from './leads-pagination.tsx'
import { PoolWaiting } from './pool-waiting.tsx'
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
	unassigned,
}: {
	query: LeadListQuery
	page: LeadPage
	savedColumns: readonly LeadColumn[]
	/** Unassigned leads in the reader's reach: an officer's own list points to them (docs/decisions/0106). */
	unassigned: number
}) {
	const hydrated = useHydrated()
	// docs/decisions/0052: the user's own columns; Show Source adds the Source column to them.
	const { columns, save: saveColumns } = useLeadColumns(savedColumns)
	const showSource = columns.includes('source')
	const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
	// Only leads on the current page can be selected; paging or filtering drops the others.
	const selected = useMemo(() => new Set(page.leads.map((lead) => lead.id).filter((id) => chosen.has(id))), [page.leads, chosen])
	useLeadActionToast(STATUS_FETCHER)
	// spec 2 §4: a successful delete clears the selection.
	useLeadActionToast(DELETE_FETCHER, () => setChosen(new Set()))
	// docs/decisions/0108: a bulk change clears the selection too; the leads it left out stay named under the bar.
	const bulkAssign = useFetcher<LeadActionResult>({ key: BULK_ASSIGN_FETCHER }).data
	const bulkStatus = useFetcher<LeadActionResult>({ key: BULK_STATUS_FETCHER }).data
	useLeadActionToast(BULK_ASSIGN_FETCHER, () => setChosen(new Set()))
	useLeadActionToast(BULK_STATUS_FETCHER, () => setChosen(new Set()))
	const exportSearch = leadListSearch({ search: query.search, statuses: query.statuses, assigned: query.assigned })
	const { viewer } = useLeadsViewer()
	// docs/decisions/0106: on a phone the filters fold behind one control, the search stays; from `sm` up they all show.
	const [filtersOpen, setFiltersOpen] = useState(false)
	const active = query.statuses.length + (query.assigned && query.assigned !== 'all' ? 1 : 0) + (query.sort !== 'newest' ? 1 : 0)
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
				<button
					type="button"
					className={`${buttonClass.secondary} sm:hidden`}
					aria-expanded={filtersOpen}
					aria-controls="lead-filters"
					// Before the scripts have loaded it could not open anything (docs/decisions/0078).
					disabled={!hydrated}
					onClick={() => setFiltersOpen(!filtersOpen)}
				>
					<SlidersHorizontal className="h-4 w-4" aria-hidden="true" /> Filters{active > 0 ? ` (${active})` : ''}
				</button>
				<div id="lead-filters" className={`${filtersOpen ? 'flex' : 'hidden'} w-full flex-wrap items-center gap-3 sm:contents`}>
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
				</div>
				{viewer.canManage ? <BulkActions leadIds={[...selected]} /> : null}
				{viewer.canManage ? <DeleteSelected leadIds={[...selected]} /> : null}
			</div>
			<BulkAnswer result={bulkAssign} />
			<BulkAnswer result={bulkStatus} />
			<PoolWaiting query={query} canManage={viewer.canManage} unassigned={unassigned} />
			<LeadsTable query={query} leads={page.leads} columns={columns} selected={selected} onSelectedChange={setChosen} />
			<LeadCards query={query} leads={page.leads} selected={selected} onSelectedChange={setChosen} />
			<LeadsPagination query={query} page={page} />
		</section>
	)
}
