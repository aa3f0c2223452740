import { Link, data, redirect, useActionData, useNavigation } from 'react-router'
import { FoundData } from '#app/components/dashboard/data-requests/found-data.tsx'
import { RecordRequestForm } from '#app/components/dashboard/data-requests/record-request-form.tsx'
import { RequestPanel } from '#app/components/dashboard/data-requests/request-panel.tsx'
import { RequesterMailForm } from '#app/components/dashboard/data-requests/requester-mail-form.tsx'
import { cardClass } from '#app/components/ui/styles.ts'
import { servicesContext } from '#app/context.ts'
import { actingStaff } from '#app/features/activity/activity-log.server.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { requireRecentAuth } from '#app/features/auth/step-up.server.ts'
import { REQUEST_TYPE_LABELS } from '#app/features/data-requests/data-request-schema.ts'
import { dataRequestsAction, dataRequestsScreen } from '#app/features/data-requests/data-requests-screen.server.ts'
import type { Route } from './+types/data-requests'

/** docs/decisions/0091: borrowers' requests to know, delete or correct their data, each on its clock. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const staff = await requireAdmin(request, context)
	return dataRequestsScreen(context.get(servicesContext), actingStaff(staff, context), new URL(request.url))
}

export async function action({ request, context }: Route.ActionArgs) {
	const staff = await requireAdmin(request, context)
	const form = await request.formData()
	// docs/decisions/0088: erasing a person's data needs the password and factor from the last 5 minutes.
	if (form.get('intent') === 'erase') await requireRecentAuth(request, context, staff)
	const result = await dataRequestsAction(context.get(servicesContext), actingStaff(staff, context), form)
	if (result.ok && result.redirectTo) throw redirect(result.redirectTo)
	return data(result, { status: result.ok ? 200 : result.status })
}

export const meta: Route.MetaFunction = () => [
	{ title: 'Data Requests | Admin Dashboard' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function DataRequests({ loaderData }: Route.ComponentProps) {
	const { requests, opened, missing, found, templates, today } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-brand-900">Data Requests</h1>
				<p className="mt-1 max-w-3xl text-slate-700">
					A borrower may ask what is held about them, to delete it or to correct it. Confirm receipt within 10 business days and answer
					within 45 days (one extension of 45 more, with a reason). Admins are e-mailed 2 business days before either runs out.
				</p>
			</div>
			{missing ? (
				<p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
					That data request does not exist.
				</p>
			) : null}
			{opened ? (
				<>
					<RequestPanel
						request={opened}
						result={result?.form && result.form !== 'record' && result.form !== 'templates' ? result : undefined}
						busy={busy}
					/>
					{found ? <FoundData found={found} /> : null}
				</>
			) : null}
			<section className={cardClass} aria-labelledby="request-list">
				<h2 id="request-list" className="border-b border-slate-200 p-5 text-lg font-bold text-slate-900">
					Requests
				</h2>
				{requests.length === 0 ? (
					<p className="p-5 text-slate-700">No request yet.</p>
				) : (
					<div className="overflow-x-auto">
						<table className="w-full text-left text-sm">
							<thead className="bg-slate-50 text-slate-800">
								<tr>
									<th className="px-5 py-2 font-semibold">Received</th>
									<th className="px-5 py-2 font-semibold">Type</th>
									<th className="px-5 py-2 font-semibold">Requester</th>
									<th className="px-5 py-2 font-semibold">Acknowledge by</th>
									<th className="px-5 py-2 font-semibold">Answer by</th>
									<th className="px-5 py-2 font-semibold">Status</th>
								</tr>
							</thead>
							<tbody className="divide-y divide-slate-200">
								{requests.map((request) => (
									<tr key={request.id}>
										<td className="px-5 py-2">
											<Link to={`/dashboard/data-requests?id=${request.id}`} className="font-semibold text-brand-800 underline">
												{request.receivedOn}
											</Link>
										</td>
										<td className="px-5 py-2">{REQUEST_TYPE_LABELS[request.type]}</td>
										<td className="px-5 py-2 break-all">{request.email ?? request.phone}</td>
										<td className="px-5 py-2">
											{request.acknowledgedAt ? 'Done' : request.clock.acknowledgementDue}
											{request.clock.acknowledgementOverdue ? <strong className="ml-1 text-red-700">Overdue</strong> : null}
										</td>
										<td className="px-5 py-2">
											{request.status === 'closed' ? 'Done' : request.clock.answerDue}
											{request.clock.answerOverdue ? <strong className="ml-1 text-red-700">Overdue</strong> : null}
										</td>
										<td className="px-5 py-2">{request.status === 'closed' ? `Closed (${request.outcome})` : 'Open'}</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				)}
			</section>
			<RecordRequestForm today={today} result={result?.form === 'record' ? result : undefined} busy={busy} />
			<RequesterMailForm templates={templates} result={result?.form === 'templates' ? result : undefined} busy={busy} />
			<p className="text-sm text-slate-700">
				The request log (requests, their steps and answers) is kept at least 24 months, as the California privacy regulations require; the
				daily retention run never disposes of it. See{' '}
				<Link to="/dashboard/retention" className="underline">
					Data Retention
				</Link>
				.
			</p>
		</div>
	)
}
