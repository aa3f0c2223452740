import { roleLabels } from '#app/features/auth/roles.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import type { Route } from './+types/dashboard-test'

/** spec 2 §2: the debug screen: login status, role, admin status and the session as JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireAdmin(request, context)
	return { user: { id: user.id, email: user.email, name: user.name, roles: user.roles } }
}

export default function DashboardTest({ loaderData }: Route.ComponentProps) {
	const { user } = loaderData
	return (
		<div className="space-y-4">
			<h1 className="text-2xl font-bold text-brand-900">Dashboard Test</h1>
			<dl className="grid gap-2 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
				<dt className="font-medium text-slate-700">Logged in</dt>
				<dd>Yes ({user.email})</dd>
				<dt className="font-medium text-slate-700">Profile role</dt>
				<dd>{roleLabels(user.roles) || 'none'}</dd>
				<dt className="font-medium text-slate-700">Loading</dt>
				<dd>No</dd>
				<dt className="font-medium text-slate-700">Admin</dt>
				<dd>{user.roles.includes('admin') ? 'Yes' : 'No'}</dd>
			</dl>
			<pre className="overflow-auto rounded-xl bg-slate-900 p-4 text-sm text-slate-100">{JSON.stringify(user, null, 2)}</pre>
		</div>
	)
}
