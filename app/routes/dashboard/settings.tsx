import { Database, Mail } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Form, Link, data, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { sql } from 'drizzle-orm'
import { type AppServices, servicesContext } from '#app/context.ts'
import { type StaffUser, requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { saveContent } from '#app/features/content/content-admin.server.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { contentSchemas } from '#app/features/content/content-schemas.ts'
import { formNumber, staffMailChangeNote, staffMailChoiceSchema, staffMailSettingFor } from '#app/features/content/staff-settings.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import {
	twoFactorChange,
	twoFactorChangeNote,
	twoFactorChoiceSchema,
	twoFactorSettingFor,
} from '#app/features/content/two-factor-setting.ts'
import { activityActor, recordActivity, requestFactsOf } from '#app/features/activity/activity-log.server.ts'
import { TwoFactorRequirementFields } from '#app/components/dashboard/settings/two-factor-requirement-fields.tsx'
import { SessionLimitFields, StaffMailFields, TermSheetFields } from '#app/components/dashboard/settings/staff-settings-fields.tsx'
import { FieldLabel } from '#app/components/ui/field.tsx'
import { inputClass } from '#app/components/ui/styles.ts'
import type { Route } from './+types/settings'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const { settings, company } = await services.content.getMany(['settings', 'company'])
	const started = performance.now()
	let database: { kind: string; status: 'Connected' | 'Unavailable'; version: string; latencyMs: number }
	try {
		const result = (await services.db.execute(sql`select version() as version`)) as unknown as { rows: Array<{ version: string }> }
		database = {
			kind: services.dbKind === 'pglite' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL',
			status: 'Connected',
			version: String(result.rows[0]?.version ?? '').split(' on ')[0]!,
			latencyMs: Math.round((performance.now() - started) * 10) / 10,
		}
	} catch {
		database = { kind: services.dbKind, status: 'Unavailable', version: '', latencyMs: 0 }
	}
	const smtpHost = services.config.SMTP_URL ? new URL(services.config.SMTP_URL).hostname : null
	return {
		settings,
		// docs/decisions/0080: the site's name is the company's, shown here and edited on Company Information.
		siteName: company.name,
		database,
		// docs/decisions/0055: where mail goes, in words; the server's file-system path never reaches a browser.
		mail: smtpHost
			? `E-mails are sent through the SMTP host ${smtpHost}.`
			: 'No SMTP_URL is set: e-mails are written as files in the data folder (mail/).',
	}
}

const checkbox = (form: FormData, name: string) => form.get(name) === 'on'

/** docs/decisions/0088: the second-factor requirement switched off (with its reason) or on, in the activity log. */
const logRequirement = (
	services: AppServices,
	user: StaffUser,
	context: Route.ActionArgs['context'],
	requirement: { required: boolean; reason: string | null },
) =>
	recordActivity(
		services.db,
		activityActor(user, requestFactsOf(context)),
		{ type: 'settings.two_factor_requirement', details: requirement },
		{ kind: 'document', id: 'settings' },
	)

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const form = await request.formData()
	if (form.get('intent') === 'reset') {
		// Defaults as a fresh installation would seed them (including ADMIN_EMAIL as the admin e-mail).
		const before = await services.content.get('settings')
		const result = await saveContent(services, 'settings', defaultContent(services.config).settings, user)
		// docs/decisions/0088: the defaults require a second factor; a requirement switched off is logged as on again.
		const requirement = twoFactorChange(before.twoFactorOff, null)
		if (result.ok && requirement) await logRequirement(services, user, context, requirement)
		return data({ ok: result.ok, intent: 'reset', errors: result.ok ? {} : result.errors })
	}
	const { settings: stored, company } = await services.content.getMany(['settings', 'company'])
	// docs/decisions/0089: the staff e-mail's detail, checked by the form's own schema; full needs a typed reason, kept
	// with who and when in the setting and as the note of the version saved. A post without the field keeps the choice.
	let staffMail = stored.staffMail
	if (form.has('staffMailDetail')) {
		const choice = staffMailChoiceSchema.safeParse({
			staffMailDetail: form.get('staffMailDetail'),
			staffMailReason: String(form.get('staffMailReason') ?? ''),
		})
		if (!choice.success)
			return data({ ok: false, intent: 'save', errors: fieldErrors(choice.error, { fallback: 'staffMailDetail' }) }, { status: 400 })
		staffMail = staffMailSettingFor(choice.data, stored.staffMail, user.email)
	}
	// docs/decisions/0088: a second factor is required unless the admin types why not; the reason is kept with the setting.
	const twoFactorChoice = twoFactorChoiceSchema.safeParse({
		requireTwoFactor: checkbox(form, 'requireTwoFactor'),
		twoFactorOffReason: String(form.get('twoFactorOffReason') ?? ''),
	})
	if (!twoFactorChoice.success)
		return data(
			{ ok: false, intent: 'save', errors: fieldErrors(twoFactorChoice.error, { fallback: 'twoFactorOffReason' }) },
			{ status: 400 },
		)
	const twoFactor = twoFactorSettingFor(twoFactorChoice.data, stored.twoFactorOff, user.email)
	const settingsData = {
		siteDescription: String(form.get('siteDescription') ?? ''),
		adminEmail: String(form.get('adminEmail') ?? '').trim(),
		enableNotifications: checkbox(form, 'enableNotifications'),
		enableAnalytics: checkbox(form, 'enableAnalytics'),
		maintenanceMode: checkbox(form, 'maintenanceMode'),
		...twoFactor,
		// Checked by the settings schema: anything but the two targets is refused with a message. A post
		// without the field (an older form) keeps the stored choice.
		quoteButtonTarget: form.has('quoteButtonTarget') ? String(form.get('quoteButtonTarget')) : stored.quoteButtonTarget,
		// A form without the field (an older page still open) keeps the stored zone.
		timeZone: form.has('timeZone') ? String(form.get('timeZone')) : stored.timeZone,
		staffMail,
		// docs/decisions/0089: bounded by the settings schema, which refuses a value outside with its message.
		sessionIdleMinutes: form.has('sessionIdleMinutes') ? formNumber(form.get('sessionIdleMinutes')) : stored.sessionIdleMinutes,
		sessionLifetimeHours: form.has('sessionLifetimeHours') ? formNumber(form.get('sessionLifetimeHours')) : stored.sessionLifetimeHours,
		// docs/decisions/0095: bounded by the settings schema too.
		termSheetDays: form.has('termSheetDays') ? formNumber(form.get('termSheetDays')) : stored.termSheetDays,
	}
	// spec 2's Settings screen keeps its Site name field; the site's name is the company's (docs/decisions/0080), so a
	// changed name is saved to Company Information, and only once the rest of the form passes, so nothing half-saves.
	const siteName = form.has('siteName') ? String(form.get('siteName')).trim() : null
	if (siteName !== null && siteName !== company.name) {
		// The settings schema refuses what saveContent would (a NUL included), so a name saved here is never left alone.
		if (contentSchemas.settings.safeParse(settingsData).success) {
			const renamed = await saveContent(services, 'company', { ...company, name: siteName }, user)
			if (!renamed.ok) {
				const { name, ...others } = renamed.errors
				const errors = name ? { siteName: name, ...others } : renamed.errors
				return data({ ok: false, intent: 'save', errors }, { status: 400 })
			}
		}
	}
	const requirement = twoFactorChange(stored.twoFactorOff, twoFactor.twoFactorOff)
	const note = [staffMailChangeNote(stored.staffMail, staffMail), requirement ? twoFactorChangeNote(requirement) : null]
		.filter(Boolean)
		.join('. ')
	const result = await saveContent(services, 'settings', settingsData, user, note ? { note } : {})
	if (result.ok && requirement) await logRequirement(services, user, context, requirement)
	return data({ ok: result.ok, intent: 'save', errors: result.ok ? {} : result.errors }, { status: result.ok ? 200 : 400 })
}

const toggles = [
	{
		name: 'enableNotifications',
		label: 'Email notifications',
		hint: 'Send staff an e-mail for every new lead, completed long form and contact message.',
	},
	{
		name: 'enableAnalytics',
		label: 'Analytics tracking',
		hint: 'Ask visitors for consent and, if they agree, record quote events and page views.',
	},
	{
		name: 'maintenanceMode',
		label: 'Maintenance mode',
		hint: 'Visitors see a maintenance page (HTTP 503); signed-in staff still see the site.',
	},
] as const

/** docs/decisions/0051: where the Florida page's Start Quote and the DSCR calculator's Complete Quote Form go. */
const quoteTargets = [
	{ value: 'wizard', label: 'Our quote wizard', hint: 'Visitors start the quote on this site with the program (and state) preselected.' },
	{ value: 'external', label: 'The external application host', hint: 'Visitors leave for the application host of Company Info.' },
] as const

export default function SettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
	const hydrated = useHydrated()
	const { settings, siteName, database, mail } = loaderData
	const navigation = useNavigation()
	const saving = navigation.state === 'submitting'
	const errors: Record<string, string> = actionData?.errors ?? {}
	const [confirmReset, setConfirmReset] = useState(false)

	useEffect(() => {
		if (!actionData) return
		if (actionData.ok)
			toast.success(actionData.intent === 'reset' ? 'Settings were reset to their defaults' : 'Settings saved successfully')
		else toast.error('Failed to save settings', { description: Object.values(actionData.errors)[0] })
	}, [actionData])

	return (
		<div className="max-w-3xl space-y-6">
			<h1 className="text-2xl font-bold text-brand-900">Settings</h1>
			<Form
				method="post"
				className="space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
				key={JSON.stringify([settings, siteName])}
			>
				<input type="hidden" name="intent" value="save" />
				<div>
					<FieldLabel htmlFor="siteName" label="Site name" density="comfortable" />
					<input
						id="siteName"
						name="siteName"
						defaultValue={siteName}
						required
						className={inputClass}
						aria-invalid={errors.siteName ? true : undefined}
						aria-describedby={errors.siteName ? 'siteName-error siteName-hint' : 'siteName-hint'}
					/>
					{errors.siteName ? (
						<p id="siteName-error" className="mt-1 text-sm text-red-700">
							{errors.siteName}
						</p>
					) : null}
					<p id="siteName-hint" className="mt-1 text-sm text-slate-600">
						The company name, used in every page title and link preview; the same field as on{' '}
						<Link to="/dashboard/company" className="font-medium text-brand-800 underline underline-offset-2">
							Company Information
						</Link>
						.
					</p>
				</div>
				<SettingsField
					id="siteDescription"
					label="Site description"
					defaultValue={settings.siteDescription}
					error={errors.siteDescription}
					multiline
				/>
				<SettingsField
					id="adminEmail"
					label="Admin email (receives lead and contact notifications)"
					type="email"
					defaultValue={settings.adminEmail}
					error={errors.adminEmail}
				/>
				<SettingsField
					id="timeZone"
					label="Time zone of the office (times in staff e-mails), e.g. America/Chicago"
					defaultValue={settings.timeZone}
					error={errors.timeZone}
				/>
				<fieldset className="space-y-4">
					<legend className="font-semibold text-slate-900">Features</legend>
					{toggles.map((toggle) => (
						<div key={toggle.name} className="flex items-start gap-3">
							<input
								id={toggle.name}
								name={toggle.name}
								type="checkbox"
								role="switch"
								defaultChecked={settings[toggle.name]}
								className="mt-1 h-5 w-5 accent-brand-700"
								aria-describedby={`${toggle.name}-hint`}
							/>
							<div>
								<label htmlFor={toggle.name} className="font-medium text-slate-800">
									{toggle.label}
								</label>
								<p id={`${toggle.name}-hint`} className="text-sm text-slate-600">
									{toggle.hint}
								</p>
							</div>
						</div>
					))}
				</fieldset>
				<TwoFactorRequirementFields off={settings.twoFactorOff} timeZone={settings.timeZone} errors={errors} />
				<StaffMailFields setting={settings.staffMail} timeZone={settings.timeZone} errors={errors} />
				<SessionLimitFields idleMinutes={settings.sessionIdleMinutes} lifetimeHours={settings.sessionLifetimeHours} errors={errors} />
				<TermSheetFields days={settings.termSheetDays} errors={errors} />
				<fieldset className="space-y-3" aria-describedby={errors.quoteButtonTarget ? 'quoteButtonTarget-error' : undefined}>
					<legend className="font-semibold text-slate-900">Quote button target</legend>
					<p className="text-sm text-slate-600">
						Where the Florida page's Start Quote and the DSCR calculator's Complete Quote Form send visitors.
					</p>
					{quoteTargets.map((target) => (
						<div key={target.value} className="flex items-start gap-3">
							<input
								id={`quoteButtonTarget-${target.value}`}
								name="quoteButtonTarget"
								type="radio"
								value={target.value}
								defaultChecked={settings.quoteButtonTarget === target.value}
								className="mt-1 h-5 w-5 accent-brand-700"
								aria-describedby={`quoteButtonTarget-${target.value}-hint`}
							/>
							<div>
								<label htmlFor={`quoteButtonTarget-${target.value}`} className="font-medium text-slate-800">
									{target.label}
								</label>
								<p id={`quoteButtonTarget-${target.value}-hint`} className="text-sm text-slate-600">
									{target.hint}
								</p>
							</div>
						</div>
					))}
					{errors.quoteButtonTarget ? (
						<p id="quoteButtonTarget-error" className="text-sm text-red-700">
							{errors.quoteButtonTarget}
						</p>
					) : null}
				</fieldset>
				<button
					type="submit"
					disabled={saving}
					className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
				>
					{saving ? 'Saving...' : 'Save Settings'}
				</button>
			</Form>

			<section aria-labelledby="system-heading" className="grid gap-4 sm:grid-cols-2">
				<h2 id="system-heading" className="sr-only">
					System
				</h2>
				<div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
					<p className="flex items-center gap-2 font-semibold text-slate-900">
						<Database className="h-4 w-4" aria-hidden="true" /> Database
					</p>
					<dl className="mt-3 space-y-1 text-sm text-slate-700" data-testid="database-card">
						<div>
							<dt className="inline font-medium">Kind: </dt>
							<dd className="inline">{database.kind}</dd>
						</div>
						<div>
							<dt className="inline font-medium">Status: </dt>
							<dd className="inline">
								{database.status}
								{database.status === 'Connected' ? ` (${database.latencyMs} ms)` : ''}
							</dd>
						</div>
						{database.version ? (
							<div>
								<dt className="inline font-medium">Version: </dt>
								<dd className="inline">{database.version}</dd>
							</div>
						) : null}
					</dl>
				</div>
				<div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
					<p className="flex items-center gap-2 font-semibold text-slate-900">
						<Mail className="h-4 w-4" aria-hidden="true" /> E-mail delivery
					</p>
					<p className="mt-3 text-sm text-slate-700">{mail}</p>
				</div>
			</section>

			<section aria-labelledby="danger-heading" className="rounded-xl border-2 border-red-200 bg-white p-6">
				<h2 id="danger-heading" className="text-lg font-bold text-red-800">
					Danger Zone
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					Reset every setting on this page to its default. Content, leads and users are not touched.
				</p>
				{confirmReset ? (
					<Form method="post" className="mt-4 flex flex-wrap items-center gap-3" onSubmit={() => setConfirmReset(false)}>
						<input type="hidden" name="intent" value="reset" />
						<p className="font-medium text-slate-900">Reset all settings to their defaults?</p>
						<button type="submit" className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
							Yes, reset settings
						</button>
						<button
							type="button"
							onClick={() => setConfirmReset(false)}
							className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800"
						>
							Cancel
						</button>
					</Form>
				) : (
					<button
						type="button"
						disabled={!hydrated}
						onClick={() => setConfirmReset(true)}
						className="mt-4 rounded-md border-2 border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
					>
						Reset Settings
					</button>
				)}
			</section>
		</div>
	)
}

/** One labelled setting of the form (uncontrolled: the form posts what the admin typed), with its server error. */
function SettingsField({
	id,
	label,
	defaultValue,
	error,
	type,
	multiline,
}: {
	id: string
	label: string
	defaultValue: string
	error?: string
	type?: 'email'
	multiline?: boolean
}) {
	const control = {
		id,
		name: id,
		defaultValue,
		className: inputClass,
		'aria-invalid': error ? true : undefined,
		'aria-describedby': error ? `${id}-error` : undefined,
	}
	return (
		<div>
			<FieldLabel htmlFor={id} label={label} density="comfortable" />
			{multiline ? <textarea rows={3} {...control} /> : <input type={type} {...control} />}
			{error ? (
				<p id={`${id}-error`} className="mt-1 text-sm text-red-700">
					{error}
				</p>
			) : null}
		</div>
	)
}
