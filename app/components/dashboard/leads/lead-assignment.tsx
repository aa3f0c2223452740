import { useNavigate, useRouteLoaderData } from 'react-router'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import type { LeadListQuery } from '#app/features/leads/work/lead-admin-schema.ts'
import { type AssignedFilter, formatDuration } from '#app/features/leads/model/lead-assignment.ts'
import type { LeadDetails } from '#app/features/leads/work/lead-details.server.ts'
import { LEADS_ACTION } from './lead-fetchers.ts'
import { useLeadFetcher } from './use-lead-action-toast.ts'
import { useLeadsUrl } from './use-leads-url.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'

type LeadsViewer = { id: string; isOfficer: boolean; canManage: boolean; isAdmin?: boolean }
type LeadsLoaderData = { viewer: LeadsViewer; officers: Array<{ id: string; name: string }> }

/** docs/decisions/0034: who is looking at the leads screen, and whom a manager may assign leads to (from the screen's loader). */
export function useLeadsViewer(): LeadsLoaderData {
	const data = useRouteLoaderData('routes/dashboard/leads') as LeadsLoaderData | undefined
	return data ?? { viewer: { id: '', isOfficer: false, canManage: false }, officers: [] }
}

/** "Claim" on an unassigned lead, for loan officers. */
export function ClaimButton({ leadId, name }: { leadId: string; name: string }) {
	const fetcher = useLeadFetcher(`lead-claim-${leadId}`)
	return (
		<fetcher.Form method="post" action={LEADS_ACTION}>
			<input type="hidden" name="intent" value="claim" />
			<input type="hidden" name="leadId" value={leadId} />
			<button
				type="submit"
				className={`${buttonClass.secondary} px-2 py-1 text-xs`}
				disabled={fetcher.state !== 'idle'}
				aria-label={`Claim ${name}`}
			>
				Claim
			</button>
		</fetcher.Form>
	)
}

/** The table's "Assigned" cell: the officer, or the pool with Claim for an officer. */
export function AssignedCell({
	lead,
}: {
	lead: { id: string; firstName: string; lastName: string; assignedTo: string | null; assigneeName: string | null }
}) {
	const { viewer } = useLeadsViewer()
	if (lead.assignedTo)
		return <span className="text-sm text-slate-800">{lead.assignedTo === viewer.id ? 'Me' : (lead.assigneeName ?? 'Former staff')}</span>
	return (
		// Stacked, so the column stays narrow enough for the spec's columns at 1440 px (docs/decisions/0052).
		<span className="flex flex-col items-start gap-1">
			<span className="text-sm italic text-slate-600">Unassigned</span>
			{viewer.isOfficer ? <ClaimButton leadId={lead.id} name={`${lead.firstName} ${lead.lastName}`} /> : null}
		</span>
	)
}

/**
 * The "Assigned" filter: all leads I may see, my leads, or the unassigned pool. A manager's list opens on everyone, an
 * officer's on their own leads (docs/decisions/0106), so "Everyone" is the absence of a filter for one and `all` for
 * the other.
 */
export function AssignedFilterSelect({ query }: { query: LeadListQuery }) {
	const hydrated = useHydrated()
	const navigate = useNavigate()
	const urls = useLeadsUrl(query)
	const { viewer } = useLeadsViewer()
	return (
		<label className="flex items-center gap-2 text-sm font-medium text-slate-800">
			Assigned
			<select
				className={`${inputClass} w-auto py-1.5`}
				disabled={!hydrated}
				value={query.assigned ?? 'all'}
				onChange={(event) => {
					const picked = event.target.value as AssignedFilter
					const assigned = picked === 'all' && viewer.canManage ? null : picked
					void navigate(urls.list({ assigned, page: 1 }), { replace: true, preventScrollReset: true })
				}}
			>
				<option value="all">Everyone</option>
				<option value="me">My leads</option>
				<option value="unassigned">Unassigned</option>
			</select>
		</label>
	)
}

/**
 * docs/decisions/0036 in the lead details: who works the lead and the speed to first contact (Call, Text, E-mail and Log
 * outcome are at the top of the details, docs/decisions/0104).
 */
export function LeadAssignmentPanel({ lead }: { lead: LeadDetails }) {
	const { viewer, officers } = useLeadsViewer()
	const assign = useLeadFetcher(`lead-assign-${lead.id}`)
	const name = `${lead.firstName} ${lead.lastName}`
	const waited = lead.firstContactedAt ? new Date(lead.firstContactedAt).getTime() - new Date(lead.createdAt).getTime() : null
	return (
		<section className="space-y-4 rounded-lg border border-slate-200 p-4" aria-labelledby="lead-assignment-heading">
			<h3 id="lead-assignment-heading" className="font-semibold text-slate-900">
				Assignment and contact
			</h3>
			<dl className="grid gap-3 text-sm sm:grid-cols-2">
				<div>
					<dt className="text-slate-600">Assigned to</dt>
					<dd className="font-medium text-slate-900" data-testid="lead-assignee">
						{lead.assignee ? (lead.assignee.id === viewer.id ? `${lead.assignee.name} (me)` : lead.assignee.name) : 'Unassigned'}
					</dd>
				</div>
				<div>
					<dt className="text-slate-600">Time to first contact</dt>
					<dd className="font-medium text-slate-900" data-testid="time-to-first-contact">
						{waited === null ? 'Not contacted yet' : formatDuration(waited)}
					</dd>
				</div>
			</dl>
			<div className="flex flex-wrap items-end gap-3">
				{viewer.canManage ? (
					<assign.Form method="post" action={LEADS_ACTION} className="flex flex-wrap items-end gap-2">
						<input type="hidden" name="intent" value="assign" />
						<input type="hidden" name="leadId" value={lead.id} />
						<label className="text-sm font-medium text-slate-800">
							Assign to
							<select name="assigneeId" defaultValue={lead.assignedTo ?? ''} className={`${inputClass} mt-1 w-56`}>
								<option value="">Unassigned</option>
								{officers.map((officer) => (
									<option key={officer.id} value={officer.id}>
										{officer.name}
									</option>
								))}
							</select>
						</label>
						<button type="submit" className={buttonClass.secondary} disabled={assign.state !== 'idle'}>
							{lead.assignedTo ? 'Reassign' : 'Assign'}
						</button>
					</assign.Form>
				) : null}
				{!lead.assignedTo && viewer.isOfficer ? <ClaimButton leadId={lead.id} name={name} /> : null}
			</div>
		</section>
	)
}
