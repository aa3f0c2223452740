import { format } from 'date-fns'
import { servicesContext } from '#app/context.ts'
import { activityActor, recordActivity, requestFactsOf } from '#app/features/activity/activity-log.server.ts'
import { activityCsv } from '#app/features/activity/activity-queries.server.ts'
import { parseActivityQuery } from '#app/features/activity/activity-query.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { requireRecentAuth } from '#app/features/auth/step-up.server.ts'
import type { Route } from './+types/activity.export'

/** docs/decisions/0087: GET /dashboard/activity/export?<the screen's filters> downloads the entries as CSV; the export is logged. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const actor = await requireAdmin(request, context)
	// docs/decisions/0088: the log's CSV needs the password and second factor from the last 5 minutes.
	await requireRecentAuth(request, context, actor)
	const { db, content } = context.get(servicesContext)
	const query = { ...parseActivityQuery(new URL(request.url).searchParams), before: null }
	const { timeZone } = await content.get('settings')
	const { csv, rows } = await activityCsv(db, query, timeZone)
	await recordActivity(db, activityActor(actor, requestFactsOf(context)), {
		type: 'activity.exported',
		details: { actorId: query.person, action: query.action, leadId: query.lead, from: query.from, to: query.to, rows },
	})
	return new Response(csv, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="activity-${format(new Date(), 'yyyy-MM-dd')}.csv"`,
			'Cache-Control': 'no-store',
		},
	})
}
