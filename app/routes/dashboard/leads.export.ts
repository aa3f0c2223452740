import { format } from 'date-fns'
import { servicesContext } from '#app/context.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { requireRecentAuth } from '#app/features/auth/step-up.server.ts'
import { actingStaff } from '#app/features/activity/activity-log.server.ts'
import { parseLeadListQuery } from '#app/features/leads/work/lead-admin-schema.ts'
import { exportLeadsCsv } from '#app/features/leads/work/export-leads.server.ts'
import type { Route } from './+types/leads.export'

/** Beyond the spec: GET /dashboard/leads/export?search=&status= downloads every matching lead as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
	// docs/decisions/0034: an officer exports only the leads they may see.
	const actor = await requireStaff(request, context, 'leads')
	// docs/decisions/0088: a CSV of borrowers needs the password and second factor from the last 5 minutes.
	await requireRecentAuth(request, context, actor)
	const { db } = context.get(servicesContext)
	const { search, statuses, assigned } = parseLeadListQuery(new URL(request.url).searchParams)
	// Streamed: the first leads are on their way while the later ones are still read.
	return new Response(exportLeadsCsv(db, actingStaff(actor, context), { search, statuses, assigned }), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="leads-${format(new Date(), 'yyyy-MM-dd')}.csv"`,
			'Cache-Control': 'no-store',
		},
	})
}
