import { Form, data, useActionData, useNavigation } from 'react-router'
import { buttonClass, cardClass, inputClass } from '#app/components/ui/styles.ts'
import { servicesContext } from '#app/context.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { actingStaff } from '#app/features/activity/activity-log.server.ts'
import { BacklogPanel, CONFIRM_BACKLOG } from '#app/components/dashboard/routing/backlog-panel.tsx'
import { dashboardTitleOf } from '#app/components/dashboard/dashboard-title.ts'
import { BACKLOG_OFF, backlogAnswer } from '#app/features/leads/model/lead-bulk.ts'
import { assignBacklog, countUnassigned } from '#app/features/leads/work/bulk-leads.server.ts'
import { fieldChanges } from '#app/features/activity/activity-entry.ts'
import { activityActor, recordActivity, requestFactsOf } from '#app/features/activity/activity-log.server.ts'
import { ASSIGNMENT_MESSAGES, officerRoutingSchema, routingSettingsSchema } from '#app/features/leads/model/lead-assignment.ts'
import { MANUAL_LOAN_TYPES } from '#app/features/leads/model/lead-form-options.ts'
import {
	getRoutingSettings,
	listOfficers,
	saveOfficerRouting,
	saveRoutingSettings,
} from '#app/features/leads/routing/lead-routing.server.ts'
import type { Route } from './+types/routing'
import { fieldErrors } from '#app/features/validation/form-fields.ts'

/** docs/decisions/0036, 0108: automatic lead routing and escalation, run by sales managers and admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireStaff(request, context, 'routing')
	const { db } = context.get(servicesContext)
	const [settings, officers, waiting] = await Promise.all([getRoutingSettings(db), listOfficers(db), countUnassigned(db)])
	return {
		settings,
		officers: officers.map(({ lastRoutedAt: _last, ...officer }) => officer),
		waiting,
		confirmingBacklog: new URL(request.url).searchParams.has(CONFIRM_BACKLOG),
	}
}

type RoutingResult = { ok: true; message: string; form: string } | { ok: false; form: string; errors: Record<string, string> }

const firstErrors = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) => fieldErrors({ issues }, { topLevel: true })

export async function action({ request, context }: Route.ActionArgs) {
	const actor = await requireStaff(request, context, 'routing')
	const services = context.get(servicesContext)
	const { db } = services
	const form = await request.formData()
	const intent = form.get('intent')
	if (intent === 'backlog') {
		// docs/decisions/0108: the waiting leads through the routing rules, each logged as its own assignment.
		const { timeZone, staffMail } = await services.content.get('settings')
		const outcome = await assignBacklog(db, actingStaff(actor, context), {
			baseUrl: services.config.baseUrl,
			timeZone,
			staffMail: staffMail.detail,
		})
		if (outcome.off) return data<RoutingResult>({ ok: false, form: 'backlog', errors: { backlog: BACKLOG_OFF } }, { status: 409 })
		if (outcome.assigned > 0) services.wakeOutbox()
		return data<RoutingResult>({ ok: true, form: 'backlog', message: backlogAnswer(outcome) })
	}
	if (intent === 'settings') {
		const parsed = routingSettingsSchema.safeParse({
			autoAssign: form.get('autoAssign') === 'on',
			escalationMinutes: form.get('escalationMinutes') ?? '',
		})
		if (!parsed.success)
			return data<RoutingResult>({ ok: false, form: 'settings', errors: firstErrors(parsed.error.issues) }, { status: 422 })
		const before = await getRoutingSettings(db)
		await saveRoutingSettings(db, actor, parsed.data)
		// docs/decisions/0087: each setting old → new.
		const changes = fieldChanges(before, parsed.data, ['autoAssign', 'escalationMinutes'])
		await recordActivity(
			db,
			activityActor(actor, requestFactsOf(context)),
			{ type: 'routing.saved', details: { changes } },
			{ kind: 'document', id: 'routing' },
		)
		return data<RoutingResult>({ ok: true, form: 'settings', message: ASSIGNMENT_MESSAGES.routingSaved })
	}
	if (intent === 'officer') {
		const userId = String(form.get('userId') ?? '')
		const parsed = officerRoutingSchema.safeParse({
			userId,
			receivesLeads: form.get('receivesLeads') === 'on',
			states: form.get('states') ?? '',
			loanTypes: form.getAll('loanTypes'),
		})
		if (!parsed.success) return data<RoutingResult>({ ok: false, form: userId, errors: firstErrors(parsed.error.issues) }, { status: 422 })
		const before = (await listOfficers(db)).find((officer) => officer.id === parsed.data.userId)
		if (!(await saveOfficerRouting(db, parsed.data))) {
			return data<RoutingResult>({ ok: false, form: userId, errors: { userId: ASSIGNMENT_MESSAGES.notAnOfficer } }, { status: 422 })
		}
		const changes = fieldChanges(before, parsed.data, ['receivesLeads', 'states', 'loanTypes'])
		await recordActivity(
			db,
			activityActor(actor, requestFactsOf(context)),
			{ type: 'routing.saved', details: { changes } },
			{ kind: 'user', id: parsed.data.userId },
		)
		return data<RoutingResult>({ ok: true, form: userId, message: ASSIGNMENT_MESSAGES.routingSaved })
	}
	return data<RoutingResult>({ ok: false, form: 'unknown', errors: { intent: 'Unknown action' } }, { status: 400 })
}

export const meta: Route.MetaFunction = ({ matches }) => [
	{ title: `Lead Routing | ${dashboardTitleOf(matches)}` },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function LeadRouting({ loaderData }: Route.ComponentProps) {
	const { settings, officers, waiting, confirmingBacklog } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const errorsFor = (form: string) => (result && !result.ok && result.form === form ? result.errors : {})
	const savedFor = (form: string) => (result?.ok && result.form === form ? result.message : null)
	const settingsErrors = errorsFor('settings')
	return (
		<div className="space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-brand-900">Lead Routing</h1>
				<p className="mt-1 text-slate-700">
					New leads go round-robin to the loan officers whose rule fits the property state and loan program.
				</p>
			</div>
			<Form method="post" className={`${cardClass} space-y-4 p-5`} aria-labelledby="routing-settings">
				<h2 id="routing-settings" className="text-lg font-bold text-slate-900">
					Assignment and escalation
				</h2>
				<input type="hidden" name="intent" value="settings" />
				<label className="flex items-center gap-2 text-slate-900">
					<input type="checkbox" name="autoAssign" defaultChecked={settings.autoAssign} className="h-4 w-4 accent-brand-700" />
					Assign new leads automatically
				</label>
				<div className="max-w-xs">
					<label htmlFor="escalationMinutes" className="block font-medium text-slate-900">
						Escalate untouched new leads after (minutes)
					</label>
					<input
						id="escalationMinutes"
						name="escalationMinutes"
						type="number"
						min={0}
						max={1440}
						defaultValue={settings.escalationMinutes}
						aria-invalid={settingsErrors.escalationMinutes ? true : undefined}
						aria-describedby="escalation-hint"
						className={`${inputClass} mt-1`}
					/>
					<p id="escalation-hint" className="mt-1 text-sm text-slate-700">
						Managers get one e-mail per lead; 0 turns escalation off.
					</p>
					{settingsErrors.escalationMinutes ? <p className="mt-1 text-sm text-red-700">{settingsErrors.escalationMinutes}</p> : null}
				</div>
				<div className="flex items-center gap-3">
					<button type="submit" className={buttonClass.primary} disabled={busy}>
						Save
					</button>
					{savedFor('settings') ? (
						<p role="status" className="text-sm text-green-800">
							{savedFor('settings')}
						</p>
					) : null}
				</div>
			</Form>
			{settings.autoAssign ? (
				<BacklogPanel
					waiting={waiting}
					confirming={confirmingBacklog}
					answer={savedFor('backlog') ?? errorsFor('backlog').backlog ?? null}
				/>
			) : null}
			<section className={cardClass} aria-labelledby="routing-officers">
				<h2 id="routing-officers" className="border-b border-slate-200 p-5 text-lg font-bold text-slate-900">
					Loan officers
				</h2>
				{officers.length === 0 ? (
					<p className="p-5 text-slate-700">
						No active loan officers yet. Invite staff with the User role in User Management; new leads stay unassigned until then.
					</p>
				) : (
					<ul className="divide-y divide-slate-200">
						{officers.map((officer) => {
							const errors = errorsFor(officer.id)
							return (
								<li key={officer.id} className="p-5">
									<Form
										method="post"
										className="grid gap-3 lg:grid-cols-[14rem_1fr_1fr_auto] lg:items-start"
										aria-label={`Routing of ${officer.name}`}
									>
										<input type="hidden" name="intent" value="officer" />
										<input type="hidden" name="userId" value={officer.id} />
										<div>
											<p className="font-semibold text-slate-900">{officer.name}</p>
											<p className="text-sm text-slate-700">{officer.email}</p>
											<label className="mt-2 flex items-center gap-2 text-sm text-slate-900">
												<input
													type="checkbox"
													name="receivesLeads"
													defaultChecked={officer.receivesLeads}
													className="h-4 w-4 accent-brand-700"
												/>
												Receives new leads
											</label>
										</div>
										<div>
											<label htmlFor={`states-${officer.id}`} className="block text-sm font-medium text-slate-900">
												Property states (empty: all)
											</label>
											<input
												id={`states-${officer.id}`}
												name="states"
												defaultValue={officer.states.join(', ')}
												placeholder="TX, FL"
												aria-invalid={errors.states ? true : undefined}
												className={`${inputClass} mt-1`}
											/>
											{errors.states ? <p className="mt-1 text-sm text-red-700">{errors.states}</p> : null}
										</div>
										<fieldset>
											<legend className="text-sm font-medium text-slate-900">Loan programs (none checked: all)</legend>
											<div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
												{MANUAL_LOAN_TYPES.map((option) => (
													<label key={option.value} className="flex items-center gap-2 text-sm text-slate-900">
														<input
															type="checkbox"
															name="loanTypes"
															value={option.value}
															defaultChecked={officer.loanTypes.includes(option.value)}
															className="h-4 w-4 accent-brand-700"
														/>
														{option.label}
													</label>
												))}
											</div>
											{errors.loanTypes ? <p className="mt-1 text-sm text-red-700">{errors.loanTypes}</p> : null}
										</fieldset>
										<div className="flex flex-col items-start gap-2">
											<button type="submit" className={buttonClass.secondary} disabled={busy}>
												Save
											</button>
											{savedFor(officer.id) ? (
												<p role="status" className="text-sm text-green-800">
													{savedFor(officer.id)}
												</p>
											) : null}
											{errors.userId ? <p className="text-sm text-red-700">{errors.userId}</p> : null}
										</div>
									</Form>
								</li>
							)
						})}
					</ul>
				)}
			</section>
		</div>
	)
}
