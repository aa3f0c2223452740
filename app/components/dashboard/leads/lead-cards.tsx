import { Eye } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '#app/components/ui/styles.ts'
import type { LeadListQuery } from '#app/features/leads/work/lead-admin-schema.ts'
import type { LeadListRow } from '#app/features/leads/work/list-leads.server.ts'
import { CallRequestedBadge, leadCell, orNA, RepeatBadge } from './lead-cells.tsx'
import { LeadStatusSelect } from './lead-status-select.tsx'
import { useLeadsUrl } from './use-leads-url.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'
import { formatPhone } from '#app/features/validation/form-fields.ts'

type LeadCardsProps = {
	query: LeadListQuery
	leads: LeadListRow[]
	selected: ReadonlySet<string>
	onSelectedChange: (selected: ReadonlySet<string>) => void
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
	return (
		<div className="min-w-0">
			<dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
			<dd className="text-sm text-slate-800">{children}</dd>
		</div>
	)
}

/**
 * Below 768 px the leads are cards, not a table that scrolls sideways: each with its contact, program,
 * statuses, value, date and its actions in reach (docs/decisions/0052); the program and value cells carry the chosen
 * terms and the loan amount as in the table (docs/decisions/0113).
 */
export function LeadCards({ query, leads, selected, onSelectedChange }: LeadCardsProps) {
	const hydrated = useHydrated()
	const urls = useLeadsUrl(query)
	const toggle = (id: string, checked: boolean) => {
		const next = new Set(selected)
		if (checked) next.add(id)
		else next.delete(id)
		onSelectedChange(next)
	}
	// No leads: the table's empty state speaks for both.
	if (leads.length === 0) return null
	return (
		<ul className="space-y-3 border-t border-slate-200 bg-slate-50 p-3 md:hidden" data-testid="lead-cards" aria-label="Leads">
			{leads.map((lead) => {
				const name = `${lead.firstName} ${lead.lastName}`
				return (
					<li
						key={lead.id}
						className={`rounded-lg bg-white p-4 shadow-sm ring-1 ${selected.has(lead.id) ? 'ring-brand-600' : 'ring-slate-200'}`}
						data-testid="lead-card"
					>
						<div className="flex items-start gap-3">
							<input
								type="checkbox"
								aria-label={`Select ${name}`}
								className="mt-1 h-4 w-4 accent-brand-700"
								checked={selected.has(lead.id)}
								disabled={!hydrated}
								onChange={(event) => toggle(lead.id, event.target.checked)}
							/>
							<div className="min-w-0 flex-1">
								<p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
									{orNA(name.trim())}
									<CallRequestedBadge lead={lead} />
									{lead.repeatInquiry ? <RepeatBadge /> : null}
								</p>
								<p className="truncate text-sm text-slate-700" title={lead.email ?? undefined}>
									{orNA(lead.email)}
								</p>
								<p className="whitespace-nowrap text-sm text-slate-700">{orNA(formatPhone(lead.phone))}</p>
							</div>
						</div>
						<dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
							<Fact label="Loan Type">{leadCell('loanType', lead)}</Fact>
							<Fact label="Property Value">{leadCell('propertyValue', lead)}</Fact>
							<Fact label="Status">{leadCell('status', lead)}</Fact>
							<Fact label="Form Status">{leadCell('formStatus', lead)}</Fact>
							<Fact label="Date">{leadCell('date', lead)}</Fact>
							<Fact label="Assigned">{leadCell('assigned', lead)}</Fact>
						</dl>
						<div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
							<Link to={urls.lead(lead.id)} preventScrollReset className={buttonClass.secondary} aria-label={`View details of ${name}`}>
								<Eye className="h-4 w-4" aria-hidden="true" /> Details
							</Link>
							<LeadStatusSelect leadId={lead.id} name={name} status={lead.status} />
						</div>
					</li>
				)
			})}
		</ul>
	)
}
