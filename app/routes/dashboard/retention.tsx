import { Form, Link, data, useActionData, useNavigation } from 'react-router'
import { buttonClass, cardClass, inputClass } from '#app/components/ui/styles.ts'
import { servicesContext } from '#app/context.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { listContentVersions, saveContent } from '#app/features/content/content-admin.server.ts'
import { RETENTION_BOUNDS, RETENTION_MONTHS_WITHOUT_REASON } from '#app/features/content/content-schemas.ts'
import { FormNumberField } from '#app/components/ui/field.tsx'
import { disposalPreview, recentDisposalRuns } from '#app/features/retention/disposal.server.ts'
import { RETENTION_MESSAGES, legalHoldSchema } from '#app/features/retention/legal-hold.ts'
import { listLegalHolds, placeLegalHold, releaseLegalHold } from '#app/features/retention/legal-hold.server.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import type { Route } from './+types/retention'

/** docs/decisions/0090: how long personal data is kept, what the next run disposes of, the runs and the legal holds. */
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const policy = await services.content.get('retention')
	const [preview, runs, holds, versions] = await Promise.all([
		disposalPreview(services.db, policy),
		recentDisposalRuns(services.db),
		listLegalHolds(services.db),
		listContentVersions(services, 'retention'),
	])
	return {
		policy,
		preview,
		runs: runs.map((run) => ({ ...run, startedAt: run.startedAt.toISOString(), finishedAt: run.finishedAt?.toISOString() ?? null })),
		holds,
		versions: versions.slice(0, 5),
	}
}

type Result = { ok: true; form: string; message: string } | { ok: false; form: string; errors: Record<string, string> }

export async function action({ request, context }: Route.ActionArgs) {
	const actor = await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const form = await request.formData()
	const intent = form.get('intent')
	if (intent === 'policy') {
		const input = {
			leadMonths: form.get('leadMonths') ?? '',
			contactMonths: form.get('contactMonths') ?? '',
			consentYears: form.get('consentYears') ?? '',
			longerReason: form.get('longerReason') ?? '',
		}
		const reason = typeof input.longerReason === 'string' ? input.longerReason.trim() : ''
		const saved = await saveContent(services, 'retention', input, actor, reason ? { note: reason } : {})
		if (!saved.ok) return data<Result>({ ok: false, form: 'policy', errors: saved.errors }, { status: 422 })
		return data<Result>({ ok: true, form: 'policy', message: RETENTION_MESSAGES.policySaved })
	}
	if (intent === 'hold' || intent === 'release') {
		const leadId = String(form.get('leadId') ?? '')
		const parsed =
			intent === 'hold'
				? legalHoldSchema.safeParse({ leadId, reason: form.get('reason') ?? '' })
				: legalHoldSchema.pick({ leadId: true }).safeParse({ leadId })
		if (!parsed.success)
			return data<Result>({ ok: false, form: leadId, errors: fieldErrors(parsed.error, { topLevel: true }) }, { status: 422 })
		const done =
			'reason' in parsed.data
				? await placeLegalHold(services.db, actor, parsed.data.leadId, String(parsed.data.reason))
				: await releaseLegalHold(services.db, actor, parsed.data.leadId)
		if (!done) return data<Result>({ ok: false, form: leadId, errors: { leadId: RETENTION_MESSAGES.noSuchLead } }, { status: 404 })
		return data<Result>({
			ok: true,
			form: leadId,
			message: intent === 'hold' ? RETENTION_MESSAGES.holdPlaced : RETENTION_MESSAGES.holdReleased,
		})
	}
	return data<Result>({ ok: false, form: 'unknown', errors: { intent: 'Unknown action' } }, { status: 400 })
}

export const meta: Route.MetaFunction = () => [
	{ title: 'Data Retention | Admin Dashboard' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

const dateText = (iso: string) => new Date(iso).toISOString().slice(0, 10)

export default function Retention({ loaderData }: Route.ComponentProps) {
	const { policy, preview, runs, holds, versions } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const errors = result && !result.ok && result.form === 'policy' ? result.errors : {}
	return (
		<div className="space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-brand-900">Data Retention</h1>
				<p className="mt-1 max-w-3xl text-slate-700">
					Personal data is disposed of when it is no longer needed: a daily run anonymises leads and contact messages past their time and
					deletes old consent evidence. The figures reports count are kept.
				</p>
			</div>
			<section className={`${cardClass} p-5`} aria-labelledby="next-run">
				<h2 id="next-run" className="text-lg font-bold text-slate-900">
					Next run
				</h2>
				<p className="mt-1 text-slate-800" data-testid="retention-preview">
					The next run will anonymise {preview.leads} {preview.leads === 1 ? 'lead' : 'leads'} and {preview.contactMessages}{' '}
					{preview.contactMessages === 1 ? 'contact message' : 'contact messages'}, and delete {preview.consentRecords}{' '}
					{preview.consentRecords === 1 ? 'consent record' : 'consent records'}.
				</p>
			</section>
			<Form method="post" className={`${cardClass} space-y-4 p-5`} aria-labelledby="retention-policy">
				<h2 id="retention-policy" className="text-lg font-bold text-slate-900">
					Policy
				</h2>
				<input type="hidden" name="intent" value="policy" />
				<div className="grid gap-4 md:grid-cols-3">
					<FormNumberField
						name="leadMonths"
						label="Leads (months after the last activity)"
						defaultValue={policy.leadMonths}
						min={RETENTION_BOUNDS.months.min}
						max={RETENTION_BOUNDS.months.max}
						error={errors.leadMonths}
						hint="Leads that became a loan (Closed) and leads on legal hold are kept."
					/>
					<FormNumberField
						name="contactMonths"
						label="Contact messages (months)"
						defaultValue={policy.contactMonths}
						min={RETENTION_BOUNDS.months.min}
						max={RETENTION_BOUNDS.months.max}
						error={errors.contactMonths}
						hint="Counted from when the message came."
					/>
					<FormNumberField
						name="consentYears"
						label="Consent evidence (years)"
						defaultValue={policy.consentYears}
						min={RETENTION_BOUNDS.consentYears.min}
						max={RETENTION_BOUNDS.consentYears.max}
						error={errors.consentYears}
						hint="At least 4: a TCPA claim can be brought for 4 years."
					/>
				</div>
				<p className="text-sm text-slate-700">
					Data requests (each request, its steps and its answer) are kept at least 24 months, as the California privacy regulations require;
					the daily run never disposes of them (
					<Link to="/dashboard/data-requests" className="underline">
						Data Requests
					</Link>
					).
				</p>
				<div>
					<label htmlFor="longerReason" className="block font-medium text-slate-900">
						Reason for keeping longer than {RETENTION_MONTHS_WITHOUT_REASON} months
					</label>
					<input
						id="longerReason"
						name="longerReason"
						defaultValue={policy.longerReason}
						maxLength={300}
						aria-invalid={errors.longerReason ? true : undefined}
						className={`${inputClass} mt-1`}
					/>
					{errors.longerReason ? <p className="mt-1 text-sm text-red-700">{errors.longerReason}</p> : null}
				</div>
				<div className="flex items-center gap-3">
					<button type="submit" className={buttonClass.primary} disabled={busy}>
						Save policy
					</button>
					{result?.ok && result.form === 'policy' ? (
						<p role="status" className="text-sm text-green-800">
							{result.message}
						</p>
					) : null}
				</div>
				{versions.length > 0 ? (
					<ul className="text-sm text-slate-700" aria-label="Policy changes">
						{versions.map((version) => (
							<li key={version.version}>
								Version {version.version}, {dateText(version.createdAt)}
								{version.createdBy ? ` by ${version.createdBy}` : ''}
								{version.note ? `: ${version.note}` : ''}
							</li>
						))}
					</ul>
				) : null}
			</Form>
			<section className={cardClass} aria-labelledby="legal-holds">
				<h2 id="legal-holds" className="border-b border-slate-200 p-5 text-lg font-bold text-slate-900">
					Leads on legal hold
				</h2>
				{holds.length === 0 ? (
					<p className="p-5 text-slate-700">No lead is on hold. An admin places a hold from a lead's details.</p>
				) : (
					<ul className="divide-y divide-slate-200">
						{holds.map((hold) => (
							<li key={hold.leadId} className="flex flex-wrap items-center justify-between gap-3 p-5">
								<span className="text-slate-900">
									<Link to={`/dashboard/leads?lead=${hold.leadId}`} className="font-semibold text-brand-800 underline">
										{hold.name}
									</Link>{' '}
									since {dateText(hold.placedAt)}
									{hold.placedBy ? ` by ${hold.placedBy}` : ''}: {hold.reason}
								</span>
								<Form method="post">
									<input type="hidden" name="leadId" value={hold.leadId} />
									<button type="submit" name="intent" value="release" className={buttonClass.secondary} disabled={busy}>
										Release hold
									</button>
								</Form>
							</li>
						))}
					</ul>
				)}
			</section>
			<section className={cardClass} aria-labelledby="retention-runs">
				<h2 id="retention-runs" className="border-b border-slate-200 p-5 text-lg font-bold text-slate-900">
					Recent runs
				</h2>
				{runs.length === 0 ? (
					<p className="p-5 text-slate-700">No run yet: the first runs within an hour of the server starting.</p>
				) : (
					<div className="overflow-x-auto">
						<table className="w-full text-left text-sm">
							<thead className="bg-slate-50 text-slate-800">
								<tr>
									<th className="px-5 py-2 font-semibold">Day</th>
									<th className="px-5 py-2 font-semibold">Leads anonymised</th>
									<th className="px-5 py-2 font-semibold">Contact messages anonymised</th>
									<th className="px-5 py-2 font-semibold">Consent records deleted</th>
									<th className="px-5 py-2 font-semibold">Activity entries deleted (over 5 years)</th>
								</tr>
							</thead>
							<tbody className="divide-y divide-slate-200">
								{runs.map((run) => (
									<tr key={run.day}>
										<td className="px-5 py-2">
											{run.day}
											{run.finishedAt ? '' : ' (running or stopped)'}
										</td>
										<td className="px-5 py-2">{run.leads}</td>
										<td className="px-5 py-2">{run.contactMessages}</td>
										<td className="px-5 py-2">{run.consentRecords}</td>
										<td className="px-5 py-2">{run.activityEntries}</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				)}
			</section>
		</div>
	)
}
