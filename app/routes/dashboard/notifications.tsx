import { Form, Link, data, useNavigation } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { actingStaff } from '#app/features/activity/activity-log.server.ts'
import { fieldErrors, formatPhone } from '#app/features/validation/form-fields.ts'
import { ALERT_CHANNELS, ALERT_CHANNEL_LABELS, type AlertChannel, alertPreferencesSchema } from '#app/features/sms/alert-preferences.ts'
import { getAlertPreferences, saveAlertPreferences } from '#app/features/sms/alert-preferences.server.ts'
import { inputClass } from '#app/components/ui/styles.ts'
import type { Route } from './+types/notifications'

/** docs/decisions/0111: one's own lead alerts (e-mail, text, both or neither) and the mobile texts go to. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireStaff(request, context, 'account')
	const services = context.get(servicesContext)
	const preferences = await getAlertPreferences(services.db, user.id)
	return {
		channel: preferences.channel,
		mobile: preferences.mobile ? formatPhone(preferences.mobile) : '',
		agreed: preferences.textConsentAt !== null,
		optedOut: preferences.optedOut,
	}
}

type Field = 'channel' | 'mobile' | 'consent' | 'form'
type Result = { ok: true; message: string } | { ok: false; errors: Partial<Record<Field, string>>; values: Record<string, string> }

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireStaff(request, context, 'account')
	const services = context.get(servicesContext)
	const form = await request.formData()
	if (form.get('intent') !== 'save') return data<Result>({ ok: false, errors: { form: 'Unknown action' }, values: {} }, { status: 400 })
	const values = {
		channel: String(form.get('channel') ?? ''),
		mobile: String(form.get('mobile') ?? ''),
		...(form.get('consent') === null ? {} : { consent: String(form.get('consent')) }),
	}
	const parsed = alertPreferencesSchema.safeParse(values)
	if (!parsed.success)
		return data<Result>({ ok: false, errors: fieldErrors<Field>(parsed.error, { topLevel: true }), values }, { status: 422 })
	await saveAlertPreferences(services.db, actingStaff(user, context), parsed.data)
	return data<Result>({ ok: true, message: 'Your lead alerts are saved.' })
}

export const meta: Route.MetaFunction = () => [
	{ title: 'Notifications | Admin Dashboard' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function NotificationsScreen({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting'
	const failed = actionData && !actionData.ok ? actionData : null
	const channel = (failed?.values.channel as AlertChannel | undefined) ?? loaderData.channel
	const mobile = failed?.values.mobile ?? loaderData.mobile
	const errors = failed?.errors ?? {}
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold text-brand-900">Notifications</h1>
			<p className="max-w-3xl text-slate-700">
				How you hear of a new lead assigned to you. Managers are still e-mailed about leads nobody contacted in time. Your account's sign-in
				protection is on{' '}
				<Link to="/dashboard/security" className="font-medium text-brand-800 underline underline-offset-2">
					Security
				</Link>
				.
			</p>
			{actionData?.ok ? (
				<p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
					{actionData.message}
				</p>
			) : null}
			{errors.form ? (
				<p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
					{errors.form}
				</p>
			) : null}
			{loaderData.optedOut ? (
				<p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900" data-testid="sms-opted-out">
					Your mobile replied STOP, so no text is sent to it. Reply START to one of our texts to get them again.
				</p>
			) : null}
			<Form method="post" className="max-w-xl space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" noValidate>
				<input type="hidden" name="intent" value="save" />
				<fieldset aria-describedby={errors.channel ? 'channel-error' : undefined}>
					<legend className="mb-2 font-semibold text-slate-900">Tell me of a lead assigned to me</legend>
					{ALERT_CHANNELS.map((option) => (
						<label key={option} className="flex items-center gap-2 py-1 text-slate-800">
							<input type="radio" name="channel" value={option} defaultChecked={channel === option} />
							{ALERT_CHANNEL_LABELS[option]}
						</label>
					))}
					{errors.channel ? (
						<p id="channel-error" className="mt-1 text-sm text-red-700">
							{errors.channel}
						</p>
					) : null}
				</fieldset>
				<div>
					<label htmlFor="mobile" className="mb-1 block font-medium text-slate-800">
						Mobile number (for texts)
					</label>
					<input
						id="mobile"
						name="mobile"
						type="tel"
						inputMode="tel"
						autoComplete="tel"
						defaultValue={mobile}
						aria-invalid={errors.mobile ? true : undefined}
						aria-describedby={errors.mobile ? 'mobile-error' : undefined}
						className={inputClass}
					/>
					{errors.mobile ? (
						<p id="mobile-error" className="mt-1 text-sm text-red-700">
							{errors.mobile}
						</p>
					) : null}
				</div>
				<div>
					<label className="flex items-start gap-2 text-slate-800">
						<input
							type="checkbox"
							name="consent"
							defaultChecked={loaderData.agreed}
							aria-describedby={errors.consent ? 'consent-error' : undefined}
							className="mt-1"
						/>
						<span>
							I agree to receive text messages about leads assigned to me at this number. Message and data rates may apply. Reply STOP to
							stop them.
						</span>
					</label>
					{errors.consent ? (
						<p id="consent-error" className="mt-1 text-sm text-red-700">
							{errors.consent}
						</p>
					) : null}
				</div>
				<button
					type="submit"
					disabled={submitting}
					className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-70"
				>
					Save
				</button>
			</Form>
		</div>
	)
}
