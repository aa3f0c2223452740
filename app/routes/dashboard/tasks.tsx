import { Link } from 'react-router'
import { dashboardTitleOf } from '#app/components/dashboard/dashboard-title.ts'
import { TaskButtons, TaskDue } from '#app/components/dashboard/leads/lead-tasks.tsx'
import { useOfficeTimeZone } from '#app/components/dashboard/office-time-zone.tsx'
import { servicesContext } from '#app/context.ts'
import { can } from '#app/features/auth/roles.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { TASK_GROUP_LABELS, groupTasks, taskKindLabel } from '#app/features/leads/model/lead-tasks.ts'
import { listOpenTasks } from '#app/features/leads/work/lead-tasks.server.ts'
import type { Route } from './+types/tasks'

/**
 * docs/decisions/0105: My tasks: the open follow-up tasks one owns, overdue first, then today's (the office's day),
 * then later ones; a manager may switch to everyone's (?who=all). Complete posts to the leads action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const actor = await requireStaff(request, context, 'leads')
	const services = context.get(servicesContext)
	const canSeeAll = can(actor.roles, 'leads.manage')
	const everyone = canSeeAll && new URL(request.url).searchParams.get('who') === 'all'
	const { timeZone } = await services.content.get('settings')
	const now = new Date()
	const tasks = await listOpenTasks(services.db, actor, { everyone })
	return { groups: groupTasks(tasks, now, timeZone), everyone, canSeeAll, total: tasks.length, now }
}

// docs/decisions/0054: the title names the viewer's dashboard.
export const meta: Route.MetaFunction = ({ matches }) => [
	{ title: `My Tasks | ${dashboardTitleOf(matches)}` },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function TasksScreen({ loaderData }: Route.ComponentProps) {
	const { groups, everyone, canSeeAll, total, now } = loaderData
	const timeZone = useOfficeTimeZone()
	const zoneName = formatInTimeZone(now, timeZone, 'details').split(' ').at(-1)
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-end justify-between gap-3">
				<div>
					<h1 className="text-2xl font-bold text-brand-900">{everyone ? 'Everyone’s Tasks' : 'My Tasks'}</h1>
					<p className="mt-1 text-sm text-slate-700">
						{total} open task{total === 1 ? '' : 's'}. Times are in the office’s time zone ({zoneName}).
					</p>
				</div>
				{canSeeAll ? (
					<nav aria-label="Whose tasks" className="flex gap-2">
						<Link
							to="/dashboard/tasks"
							aria-current={everyone ? undefined : 'page'}
							className={`rounded-md px-3 py-2 text-sm font-semibold ${everyone ? 'text-slate-800 ring-1 ring-slate-300' : 'bg-brand-700 text-white'}`}
						>
							Mine
						</Link>
						<Link
							to="/dashboard/tasks?who=all"
							aria-current={everyone ? 'page' : undefined}
							className={`rounded-md px-3 py-2 text-sm font-semibold ${everyone ? 'bg-brand-700 text-white' : 'text-slate-800 ring-1 ring-slate-300'}`}
						>
							Everyone’s
						</Link>
					</nav>
				) : null}
			</div>
			{total === 0 ? <p className="text-slate-700">No open tasks. Add one from a lead’s details (Next task).</p> : null}
			{groups
				.filter((group) => group.tasks.length > 0)
				.map(({ group, tasks }) => (
					<section key={group} aria-labelledby={`tasks-${group}`} data-testid={`tasks-${group}`}>
						<h2 id={`tasks-${group}`} className={`text-lg font-semibold ${group === 'overdue' ? 'text-red-800' : 'text-slate-900'}`}>
							{TASK_GROUP_LABELS[group]} ({tasks.length})
						</h2>
						<ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
							{tasks.map((task) => {
								const name = `${task.firstName} ${task.lastName}`
								return (
									<li key={task.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="task-row">
										<div className="min-w-0 text-sm">
											<Link to={`/dashboard/leads?lead=${task.leadId}`} className="text-base font-semibold text-brand-800 underline">
												{name}
											</Link>
											<p className="text-slate-900">
												{taskKindLabel(task.kind)} · due <TaskDue dueAt={task.dueAt} />
												{everyone && task.assigneeName ? <span className="text-slate-700"> · {task.assigneeName}</span> : null}
											</p>
											{task.note ? <p className="text-slate-700">{task.note}</p> : null}
										</div>
										<TaskButtons task={task} name={name} allowDelete={false} />
									</li>
								)
							})}
						</ul>
					</section>
				))}
		</div>
	)
}
