import { isUuid } from '#app/features/http/uuid.ts'
import { useEffect } from 'react'
import { data } from 'react-router'
import { toast } from 'sonner'
import { LeadDetailsDialog } from '#app/components/dashboard/leads/lead-details-dialog.tsx'
import { LeadsManagement } from '#app/components/dashboard/leads/leads-management.tsx'
import { MissingLeadDialog } from '#app/components/dashboard/leads/missing-lead-dialog.tsx'
import { SummaryCards } from '#app/components/dashboard/leads/summary-cards.tsx'
import { dashboardTitleOf } from '#app/components/dashboard/dashboard-title.ts'
import { servicesContext } from '#app/context.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { can } from '#app/features/auth/roles.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { activityActor, actingStaff, recordActivity, requestFactsOf } from '#app/features/activity/activity-log.server.ts'
import { activityOfSubject } from '#app/features/activity/activity-queries.server.ts'
import { getLeadColumns } from '#app/features/leads/work/lead-column-preferences.server.ts'
import { listOfficers } from '#app/features/leads/routing/lead-routing.server.ts'
import { parseLeadListQuery } from '#app/features/leads/work/lead-admin-schema.ts'
import { defaultAssigned } from '#app/features/leads/work/lead-access.server.ts'
import { getLeadDetails } from '#app/features/leads/work/lead-details.server.ts'
import { runLeadIntent } from '#app/features/leads/work/lead-intents.server.ts'
import { LEAD_MESSAGES } from '#app/features/leads/work/lead-messages.ts'
import { type LeadPage, leadSummaryCounts, listLeads } from '#app/features/leads/work/list-leads.server.ts'
import type { Route } from './+types/leads'

/** spec 2 §2 Leads screen; its search, statuses, sort, page and open lead (?lead=<id>, linked from the e-mails) live in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const actor = await requireStaff(request, context, 'leads')
	const { db, log } = context.get(servicesContext)
	const url = new URL(request.url)
	const asked = parseLeadListQuery(url.searchParams)
	// docs/decisions/0106: an officer's list opens on their own leads.
	const query = { ...asked, assigned: defaultAssigned(actor, asked.assigned) }
	const leadId = url.searchParams.get('lead')
	const canManage = can(actor.roles, 'leads.manage')
	const facts = requestFactsOf(context)
	const [listed, details, officers, columns] = await Promise.all([
		Promise.all([listLeads(db, actor, query), leadSummaryCounts(db, actor)])
			.then(async (read) => {
				// A search or filter is logged with what was asked and how many matched, never the rows (docs/decisions/0087);
				// the list as it opens by default is not a search.
				const { search, statuses, assigned } = query
				if (search || statuses.length > 0 || asked.assigned)
					await recordActivity(db, activityActor(actor, facts), {
						type: 'lead.list_searched',
						details: { search, statuses: [...statuses], assigned: assigned ?? null, total: read[0].total },
					})
				return read
			})
			.catch((error: unknown) => {
				log.error({ err: errorForLog(error) }, 'leads could not be read')
				return null
			}),
		// docs/decisions/0087: opening a lead is logged once it is found in reach, beside the reads of its details.
		leadId && isUuid(leadId)
			? getLeadDetails(db, actor, leadId, () =>
					recordActivity(db, activityActor(actor, facts), { type: 'lead.viewed', details: {} }, { kind: 'lead', id: leadId }),
				).then(async (found) => {
					if (!found) return null
					// An admin sees who opened or changed the lead, beside its history.
					return { ...found, accessLog: can(actor.roles, 'admin') ? await activityOfSubject(db, 'lead', leadId) : null }
				})
			: null,
		// docs/decisions/0035: whom a manager may assign leads to.
		canManage ? listOfficers(db) : [],
		// docs/decisions/0052: this user's own choice of table columns.
		getLeadColumns(db, actor.id),
	])
	const empty: LeadPage = { leads: [], total: 0, page: query.page, pageSize: 0, pageCount: 1 }
	return {
		query,
		page: listed?.[0] ?? empty,
		counts: listed?.[1] ?? null,
		// spec 2 §8: the list could not be read.
		loadError: listed ? null : LEAD_MESSAGES.fetchFailed,
		openLead: details,
		missingLead: leadId !== null && !details,
		viewer: { id: actor.id, isOfficer: actor.roles.includes('user'), canManage, isAdmin: actor.roles.includes('admin') },
		officers: officers.map((officer) => ({ id: officer.id, name: officer.name })),
		columns,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const actor = await requireStaff(request, context, 'leads')
	const services = context.get(servicesContext)
	const { db, log, config } = services
	const [{ timeZone, staffMail }, company] = await Promise.all([services.content.get('settings'), services.content.get('company')])
	const answer = await runLeadIntent(db, actingStaff(actor, context), await request.formData(), log, {
		baseUrl: config.baseUrl,
		timeZone,
		staffMail: staffMail.detail,
		company,
		content: services.content,
	})
	// Mail and webhooks queued with the change go out now rather than at the workers' next poll.
	if (answer.status < 300) services.wakeOutbox()
	return data(answer.body, { status: answer.status })
}

// docs/decisions/0054: officers and managers work here too, so the title names their dashboard, not the admin's.
export const meta: Route.MetaFunction = ({ matches }) => [
	{ title: `Leads | ${dashboardTitleOf(matches)}` },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function LeadsScreen({ loaderData }: Route.ComponentProps) {
	const { query, page, counts, loadError, openLead, missingLead, columns } = loaderData
	useEffect(() => {
		if (loadError) toast.error(loadError)
	}, [loadError])
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold text-brand-900">Leads</h1>
			<LeadsManagement query={query} page={page} savedColumns={columns} unassigned={counts?.unassigned ?? 0} />
			{counts ? <SummaryCards counts={counts} /> : null}
			{openLead ? <LeadDetailsDialog key={openLead.id} lead={openLead} /> : null}
			{missingLead ? <MissingLeadDialog /> : null}
		</div>
	)
}
