import { useEffect } from 'react'
import { Form, Link, data, redirect, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { servicesContext } from '#app/context.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { endStaffSession, listStaffSessions } from '#app/features/auth/staff-sessions.server.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { useOfficeTimeZone } from '#app/components/dashboard/office-time-zone.tsx'
import type { Route } from './+types/sessions'

/** docs/decisions/0089: every live staff session, for an admin to see and end. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const admin = await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const settings = await services.content.get('settings')
	return {
		sessions: await listStaffSessions(services, admin.sessionId),
		limits: { idleMinutes: settings.sessionIdleMinutes, lifetimeHours: settings.sessionLifetimeHours },
	}
}

type ActionResult = { ok: boolean; message: string }

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const form = await request.formData()
	if (form.get('intent') !== 'end') return data<ActionResult>({ ok: false, message: 'Unknown action' }, { status: 400 })
	const sessionId = String(form.get('sessionId') ?? '')
	if (!(await endStaffSession(services, sessionId)))
		return data<ActionResult>({ ok: false, message: 'That session has already ended' }, { status: 404 })
	if (sessionId === admin.sessionId) {
		// Ending one's own session signs out: the cookies go with it.
		const response = await services.auth.api.signOut({ headers: request.headers, asResponse: true }).catch(() => null)
		const headers = new Headers()
		for (const cookie of response?.headers.getSetCookie() ?? []) headers.append('Set-Cookie', cookie)
		return redirect('/login', { headers })
	}
	return data<ActionResult>({ ok: true, message: 'Session ended' })
}

export const meta: Route.MetaFunction = () => [{ title: 'Sessions | Admin Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

const hoursText = (hours: number) =>
	hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`

export default function SessionsScreen({ loaderData, actionData }: Route.ComponentProps) {
	const { sessions, limits } = loaderData
	const timeZone = useOfficeTimeZone()
	const navigation = useNavigation()
	const ending = navigation.state === 'submitting' ? navigation.formData?.get('sessionId') : null
	const when = (iso: string) => formatInTimeZone(new Date(iso), timeZone)

	useEffect(() => {
		if (!actionData) return
		if (actionData.ok) toast.success(actionData.message)
		else toast.error(actionData.message)
	}, [actionData])

	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold text-brand-900">Sessions</h1>
			<p className="max-w-3xl text-slate-700" data-testid="session-limits">
				Every staff member signed in now. A session ends after {limits.idleMinutes} minutes without use and{' '}
				{hoursText(limits.lifetimeHours)} after its sign-in (
				<Link to="/dashboard/settings" className="font-medium text-brand-800 underline underline-offset-2">
					Settings
				</Link>
				). Ending a session signs that browser out at its next click; ending your own signs you out now.
			</p>
			<section aria-labelledby="sessions-heading" className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
				<h2 id="sessions-heading" className="p-5 text-lg font-semibold text-slate-900">
					Signed-in staff ({sessions.length})
				</h2>
				<table className="w-full text-left text-sm">
					<thead className="border-y border-slate-200 bg-slate-50 text-slate-700">
						<tr>
							<th scope="col" className="px-4 py-2">
								Person
							</th>
							<th scope="col" className="px-4 py-2">
								IP address
							</th>
							<th scope="col" className="px-4 py-2">
								Device
							</th>
							<th scope="col" className="px-4 py-2">
								Signed in
							</th>
							<th scope="col" className="px-4 py-2">
								Last seen
							</th>
							<th scope="col" className="px-4 py-2">
								<span className="sr-only">Actions</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{sessions.map((session) => (
							<tr key={session.id} className="border-b border-slate-100 align-top">
								<td className="px-4 py-2 [overflow-wrap:anywhere]">
									<span className="font-medium text-slate-900">{session.name}</span>
									{session.current ? <span className="ml-2 rounded-full bg-brand-50 px-2 text-xs text-brand-800">This session</span> : null}
									<br />
									<span className="text-slate-600">
										{session.email} · {session.roles}
									</span>
								</td>
								<td className="px-4 py-2">{session.ipAddress ?? 'Unknown'}</td>
								<td className="px-4 py-2">{session.device}</td>
								<td className="px-4 py-2">{when(session.signedInAt)}</td>
								<td className="px-4 py-2">{when(session.lastSeenAt)}</td>
								<td className="px-4 py-2 text-right">
									<Form method="post">
										<input type="hidden" name="intent" value="end" />
										<input type="hidden" name="sessionId" value={session.id} />
										<button
											type="submit"
											disabled={ending === session.id}
											aria-label={`${session.current ? 'End and sign out' : 'End session'}: ${session.name} on ${session.device}`}
											className="rounded-md border border-red-700 px-3 py-1 font-semibold text-red-800 hover:bg-red-50"
										>
											{session.current ? 'End and sign out' : 'End session'}
										</button>
									</Form>
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</section>
		</div>
	)
}
