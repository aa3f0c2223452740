import { ArrowDown, ArrowUp, ArrowUpDown, Eye } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '#app/components/ui/styles.ts'
import type { LeadListQuery, LeadSort } from '#app/features/leads/work/lead-admin-schema.ts'
import { type LeadColumn, leadColumnLabel } from '#app/features/leads/work/lead-columns.ts'
import { LEAD_MESSAGES } from '#app/features/leads/work/lead-messages.ts'
import type { LeadListRow } from '#app/features/leads/work/list-leads.server.ts'
import { CallRequestedBadge, leadCell, RepeatBadge } from './lead-cells.tsx'
import { LeadStatusSelect } from './lead-status-select.tsx'
import { useLeadsUrl } from './use-leads-url.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'

type LeadsTableProps = {
	query: LeadListQuery
	leads: LeadListRow[]
	columns: readonly LeadColumn[]
	selected: ReadonlySet<string>
	onSelectedChange: (selected: ReadonlySet<string>) => void
}

// Headers may wrap and cells are compact, so the spec's columns fit a 1440 px screen (docs/decisions/0052).
const headerClass = 'px-1 py-2 text-left align-bottom text-xs font-semibold text-slate-700'
const cellClass = 'px-1 py-2 align-top text-[13px] leading-snug text-slate-800'
// A name may break inside a long word (a made-up or double-barrelled one), so the phone number and the address, which
// never wrap (docs/decisions/0052), keep their room at 1440 px whoever the lead and the officer are.
const CELL_CLASS: Partial<Record<LeadColumn, string>> = {
	firstName: `${cellClass} font-semibold text-slate-900 [overflow-wrap:anywhere]`,
	lastName: `${cellClass} font-semibold text-slate-900 [overflow-wrap:anywhere]`,
	assigned: `${cellClass} [overflow-wrap:anywhere]`,
	// A phone number or an address never wraps mid-value (a phone number cut in two is misdialled).
	email: `${cellClass} max-w-44 text-xs`,
	phone: `${cellClass} whitespace-nowrap text-xs`,
}

/** Date and Property Value sort from their headers: descending first, a second click ascending. */
const SORTABLE: Partial<Record<LeadColumn, { descending: LeadSort; ascending: LeadSort }>> = {
	date: { descending: 'newest', ascending: 'oldest' },
	propertyValue: { descending: 'value-high', ascending: 'value-low' },
}

function ColumnHeader({ column, query }: { column: LeadColumn; query: LeadListQuery }) {
	const urls = useLeadsUrl(query)
	const sortable = SORTABLE[column]
	const label = leadColumnLabel(column)
	if (!sortable)
		return (
			<th scope="col" className={headerClass}>
				{label}
			</th>
		)
	const direction = query.sort === sortable.descending ? 'descending' : query.sort === sortable.ascending ? 'ascending' : 'none'
	const next = direction === 'descending' ? sortable.ascending : sortable.descending
	const Icon = direction === 'descending' ? ArrowDown : direction === 'ascending' ? ArrowUp : ArrowUpDown
	return (
		<th scope="col" className={headerClass} aria-sort={direction}>
			<Link
				to={urls.list({ sort: next, page: 1 })}
				preventScrollReset
				className="inline-flex items-center gap-1 hover:underline"
				title={`Sort by ${label.toLowerCase()}`}
			>
				{label}
				<Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
			</Link>
		</th>
	)
}

/** The name column that carries the Repeat badge: the first name column shown. */
export const repeatBadgeColumn = (columns: readonly LeadColumn[]) =>
	columns.find((column) => column === 'firstName' || column === 'lastName' || column === 'email')

/**
 * spec 2 §2: the leads table with its selection and row actions, in the columns the user chose
 * (docs/decisions/0052; the spec's set by default). Shown from 768 px; phones get cards.
 */
export function LeadsTable({ query, leads, columns, selected, onSelectedChange }: LeadsTableProps) {
	const hydrated = useHydrated()
	const urls = useLeadsUrl(query)
	const allSelected = leads.length > 0 && leads.every((lead) => selected.has(lead.id))
	const toggle = (id: string, checked: boolean) => {
		const next = new Set(selected)
		if (checked) next.add(id)
		else next.delete(id)
		onSelectedChange(next)
	}
	const badgeColumn = repeatBadgeColumn(columns)
	return (
		// With no leads, the table's one-line empty state shows on phones too (there are no cards then).
		<div
			className={`relative overflow-x-auto border-t border-slate-200 ${leads.length === 0 ? '' : 'hidden md:block'}`}
			data-testid="leads-table"
		>
			<table className="min-w-full divide-y divide-slate-200">
				<caption className="sr-only">Leads, newest first unless sorted otherwise</caption>
				<thead className="bg-slate-50">
					<tr>
						<th scope="col" className={headerClass}>
							<input
								type="checkbox"
								aria-label="Select all leads on this page"
								className="h-4 w-4 accent-brand-700"
								checked={allSelected}
								disabled={!hydrated || leads.length === 0}
								onChange={(event) => onSelectedChange(event.target.checked ? new Set(leads.map((lead) => lead.id)) : new Set())}
							/>
						</th>
						{columns.map((column) => (
							<ColumnHeader key={column} column={column} query={query} />
						))}
						<th scope="col" className={headerClass}>
							Actions
						</th>
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-200 bg-white">
					{leads.length === 0 ? (
						<tr>
							<td colSpan={columns.length + 2} className="px-3 py-10 text-center text-slate-700">
								{LEAD_MESSAGES.noLeads}
							</td>
						</tr>
					) : (
						leads.map((lead) => {
							const name = `${lead.firstName} ${lead.lastName}`
							return (
								<tr key={lead.id} className={selected.has(lead.id) ? 'bg-brand-50' : undefined}>
									<td className={cellClass}>
										<input
											type="checkbox"
											aria-label={`Select ${name}`}
											className="h-4 w-4 accent-brand-700"
											checked={selected.has(lead.id)}
											disabled={!hydrated}
											onChange={(event) => toggle(lead.id, event.target.checked)}
										/>
									</td>
									{columns.map((column) => (
										<td key={column} className={CELL_CLASS[column] ?? cellClass}>
											{leadCell(column, lead)}
											{column === badgeColumn && lead.contactRequestedAt ? (
												<span className="block">
													<CallRequestedBadge lead={lead} />
												</span>
											) : null}
											{column === badgeColumn && lead.repeatInquiry ? (
												<span className="block">
													<RepeatBadge />
												</span>
											) : null}
										</td>
									))}
									<td className={cellClass}>
										<div className="flex flex-col items-start gap-1">
											<Link
												to={urls.lead(lead.id)}
												preventScrollReset
												className={buttonClass.icon}
												aria-label={`View details of ${name}`}
												title="View details"
											>
												<Eye className="h-4 w-4" aria-hidden="true" />
											</Link>
											<LeadStatusSelect leadId={lead.id} name={name} status={lead.status} compact />
										</div>
									</td>
								</tr>
							)
						})
					)}
				</tbody>
			</table>
		</div>
	)
}
