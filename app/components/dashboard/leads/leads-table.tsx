import { Eye } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '#app/components/ui/styles.ts'
import type { LeadListQuery } from '#app/features/leads/lead-admin-schema.ts'
import { LEAD_MESSAGES } from '#app/features/leads/lead-messages.ts'
import type { LeadListRow } from '#app/features/leads/list-leads.server.ts'
import { formatDuration } from '#app/features/leads/lead-assignment.ts'
import { LeadStatusBadge } from './lead-badges.tsx'
import { AssignedCell } from './lead-assignment.tsx'
import { LeadDate, TABLE_DATE } from './lead-date.tsx'
import { LeadStatusSelect } from './lead-status-select.tsx'
import { useLeadsUrl } from './use-leads-url.ts'

type LeadsTableProps = {
	query: LeadListQuery
	leads: LeadListRow[]
	showSource: boolean
	selected: ReadonlySet<string>
	onSelectedChange: (selected: ReadonlySet<string>) => void
}

// spec 2 §2: a missing value shows N/A.
const orNA = (value: string | null) => (value && value.trim() !== '' ? value : 'N/A')
const headerClass = 'whitespace-nowrap px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-700'
const cellClass = 'whitespace-nowrap px-3 py-3 text-sm text-slate-800'

/** How long a lead that nobody has contacted yet has waited. */
function Waiting({ lead }: { lead: LeadListRow }) {
	if (lead.firstContactedAt || lead.status !== 'new') return null
	return (
		<span className="block text-xs font-semibold text-orange-800" suppressHydrationWarning>
			waiting {formatDuration(Date.now() - new Date(lead.createdAt).getTime())}
		</span>
	)
}

/**
 * spec 2 §2: the leads table with its selection and row actions. Issue 10: key columns only, so it fits
 * a laptop without scrolling sideways; everything else is in the lead details.
 */
export function LeadsTable({ query, leads, showSource, selected, onSelectedChange }: LeadsTableProps) {
	const urls = useLeadsUrl(query)
	const allSelected = leads.length > 0 && leads.every((lead) => selected.has(lead.id))
	const toggle = (id: string, checked: boolean) => {
		const next = new Set(selected)
		if (checked) next.add(id)
		else next.delete(id)
		onSelectedChange(next)
	}
	const columns = ['Lead', 'Program', 'Status', 'Assigned', 'Received', ...(showSource ? ['Source'] : []), 'Actions']
	return (
		<div className="relative overflow-x-auto border-t border-slate-200" data-testid="leads-table">
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
								disabled={leads.length === 0}
								onChange={(event) => onSelectedChange(event.target.checked ? new Set(leads.map((lead) => lead.id)) : new Set())}
							/>
						</th>
						{columns.map((column) => (
							<th key={column} scope="col" className={headerClass}>
								{column}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-200 bg-white">
					{leads.length === 0 ? (
						<tr>
							<td colSpan={columns.length + 1} className="px-3 py-10 text-center text-slate-700">
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
											onChange={(event) => toggle(lead.id, event.target.checked)}
										/>
									</td>
									<td className="max-w-72 px-3 py-2 text-sm text-slate-800">
										<span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
											{orNA(name.trim())}
											{lead.repeatInquiry ? (
												<span
													className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
													title="Same e-mail or phone as an earlier lead"
												>
													Repeat
												</span>
											) : null}
										</span>
										<span className="block truncate text-slate-700">{orNA(lead.email)}</span>
										<span className="block text-slate-700">{orNA(lead.phone)}</span>
									</td>
									<td className={cellClass}>{orNA(lead.loanType)}</td>
									<td className={cellClass}>
										<LeadStatusBadge status={lead.status} />
									</td>
									<td className={cellClass}>
										<AssignedCell lead={lead} />
									</td>
									<td className={cellClass}>
										<LeadDate value={lead.createdAt} pattern={TABLE_DATE} />
										<Waiting lead={lead} />
									</td>
									{showSource ? <td className={cellClass}>{orNA(lead.sourcePage)}</td> : null}
									<td className={cellClass}>
										<div className="flex items-center gap-2">
											<Link
												to={urls.lead(lead.id)}
												preventScrollReset
												className={buttonClass.icon}
												aria-label={`View details of ${name}`}
												title="View details"
											>
												<Eye className="h-4 w-4" aria-hidden="true" />
											</Link>
											<LeadStatusSelect leadId={lead.id} name={name} status={lead.status} />
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
