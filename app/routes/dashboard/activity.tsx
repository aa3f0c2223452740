import { Form, Link } from 'react-router'
import { ActivityTable } from '#app/components/dashboard/activity/activity-entries.tsx'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import { servicesContext } from '#app/context.ts'
import { ACTIVITY_LABELS, ACTIVITY_TYPES } from '#app/features/activity/activity-entry.ts'
import { activityPeople, listActivity } from '#app/features/activity/activity-queries.server.ts'
import { activitySearch, parseActivityQuery } from '#app/features/activity/activity-query.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import type { Route } from './+types/activity'

/** docs/decisions/0087: who read or changed what, for admins; its filters and its place in the log live in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	const { db, content } = context.get(servicesContext)
	const query = parseActivityQuery(new URL(request.url).searchParams)
	const { timeZone } = await content.get('settings')
	const [page, people] = await Promise.all([listActivity(db, query, timeZone), activityPeople(db)])
	const filters = { ...query, before: null }
	return {
		query: filters,
		entries: page.entries,
		olderHref: page.older ? `/dashboard/activity${activitySearch({ ...filters, before: page.older })}` : null,
		newestHref: query.before ? `/dashboard/activity${activitySearch(filters)}` : null,
		exportHref: `/dashboard/activity/export${activitySearch(filters)}`,
		people,
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Activity | Admin Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function Activity({ loaderData }: Route.ComponentProps) {
	const { query, entries, olderHref, newestHref, exportHref, people } = loaderData
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold text-brand-900">Activity</h1>
				<a className={buttonClass.secondary} href={exportHref} download>
					Export CSV
				</a>
			</div>
			<Form
				method="get"
				role="search"
				aria-label="Filter the activity log"
				className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5"
			>
				<label className="text-sm font-medium text-slate-800">
					Person
					<select name="person" defaultValue={query.person ?? ''} className={inputClass}>
						<option value="">Everyone</option>
						{people.map((person) => (
							<option key={person.id} value={person.id}>
								{person.email}
							</option>
						))}
					</select>
				</label>
				<label className="text-sm font-medium text-slate-800">
					Action
					<select name="action" defaultValue={query.action ?? ''} className={inputClass}>
						<option value="">Every action</option>
						{ACTIVITY_TYPES.map((type) => (
							<option key={type} value={type}>
								{ACTIVITY_LABELS[type]}
							</option>
						))}
					</select>
				</label>
				<label className="text-sm font-medium text-slate-800">
					Lead id
					<input name="lead" defaultValue={query.lead ?? ''} className={inputClass} autoComplete="off" />
				</label>
				<label className="text-sm font-medium text-slate-800">
					From
					<input type="date" name="from" defaultValue={query.from ?? ''} className={inputClass} />
				</label>
				<label className="text-sm font-medium text-slate-800">
					To
					<input type="date" name="to" defaultValue={query.to ?? ''} className={inputClass} />
				</label>
				<div className="flex gap-2 sm:col-span-2 lg:col-span-5">
					<button type="submit" className={buttonClass.primary}>
						Filter
					</button>
					<Link to="/dashboard/activity" className={buttonClass.secondary}>
						Clear
					</Link>
				</div>
			</Form>
			<ActivityTable entries={entries} />
			<nav aria-label="Older and newer entries" className="flex justify-between">
				{newestHref ? (
					<Link to={newestHref} className={buttonClass.secondary}>
						Newest
					</Link>
				) : (
					<span />
				)}
				{olderHref ? (
					<Link to={olderHref} className={buttonClass.secondary}>
						Older
					</Link>
				) : null}
			</nav>
		</div>
	)
}
