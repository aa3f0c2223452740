import { useState } from 'react'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import {
	SESSION_IDLE_MINUTES,
	SESSION_LIFETIME_HOURS,
	STAFF_MAIL_REASON_MAX,
	type StaffMailDetail,
	type StaffMailSetting,
	TERM_SHEET_DAYS,
	staffMailChoiceSchema,
} from '#app/features/content/staff-settings.ts'
import { inputClass } from '#app/components/ui/styles.ts'
import { FormNumberField } from '#app/components/ui/field.tsx'

const choices: ReadonlyArray<{ value: StaffMailDetail; label: string; hint: string }> = [
	{
		value: 'minimal',
		label: 'Minimal (recommended)',
		hint: "The borrower's first name, the program, the state and a link to the lead. E-mail, phone, property and answers stay in the dashboard.",
	},
	{
		value: 'full',
		label: 'Full details',
		hint: 'Everything the borrower sent: e-mail, phone, property and every answer, in every staff inbox. Needs a reason.',
	},
]

/**
 * docs/decisions/0089: the staff e-mail's detail. Full details ask for a reason, checked here with the schema the
 * action checks again; the reason stored with the setting (who, when, why) is shown while full is on.
 */
export function StaffMailFields({
	setting,
	timeZone,
	errors,
}: {
	setting: StaffMailSetting
	timeZone: string
	errors: Record<string, string>
}) {
	const [detail, setDetail] = useState<StaffMailDetail>(setting.detail)
	const [reason, setReason] = useState(setting.detail === 'full' ? setting.reason : '')
	const [reasonError, setReasonError] = useState<string | undefined>(undefined)
	const error = reasonError ?? errors.staffMailReason
	const check = () => {
		const parsed = staffMailChoiceSchema.safeParse({ staffMailDetail: detail, staffMailReason: reason })
		setReasonError(parsed.success ? undefined : parsed.error.issues[0]!.message)
	}
	return (
		<fieldset className="space-y-3" aria-describedby="staffMail-hint">
			<legend className="font-semibold text-slate-900">Staff e-mail about a lead</legend>
			<p id="staffMail-hint" className="text-sm text-slate-600">
				New-lead, assignment, escalation and call-request e-mails to staff. Mailboxes are copied, forwarded and kept for years: minimal
				keeps the borrower's details in the dashboard, where access is checked.
			</p>
			{choices.map((choice) => (
				<div key={choice.value} className="flex items-start gap-3">
					<input
						id={`staffMailDetail-${choice.value}`}
						name="staffMailDetail"
						type="radio"
						value={choice.value}
						checked={detail === choice.value}
						onChange={() => {
							setDetail(choice.value)
							setReasonError(undefined)
						}}
						className="mt-1 h-5 w-5 accent-brand-700"
						aria-describedby={`staffMailDetail-${choice.value}-hint`}
					/>
					<div>
						<label htmlFor={`staffMailDetail-${choice.value}`} className="font-medium text-slate-800">
							{choice.label}
						</label>
						<p id={`staffMailDetail-${choice.value}-hint`} className="text-sm text-slate-600">
							{choice.hint}
						</p>
					</div>
				</div>
			))}
			{setting.detail === 'full' ? (
				<p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="staff-mail-full-since">
					Full details since {formatInTimeZone(new Date(setting.at), timeZone)}, switched on by {setting.by}: {setting.reason}
				</p>
			) : null}
			{detail === 'full' ? (
				<div>
					<label htmlFor="staffMailReason" className="mb-1 block font-medium text-slate-800">
						Why must staff e-mail carry the borrower's details?
					</label>
					<textarea
						id="staffMailReason"
						name="staffMailReason"
						rows={2}
						required
						maxLength={STAFF_MAIL_REASON_MAX}
						value={reason}
						onChange={(event) => setReason(event.target.value)}
						onBlur={check}
						className={inputClass}
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? 'staffMailReason-error' : undefined}
					/>
					{error ? (
						<p id="staffMailReason-error" className="mt-1 text-sm text-red-700">
							{error}
						</p>
					) : null}
				</div>
			) : null}
			{errors.staffMailDetail ? <p className="text-sm text-red-700">{errors.staffMailDetail}</p> : null}
		</fieldset>
	)
}

/** docs/decisions/0089: how long a staff session lasts idle and at most; the bounds are the schema's. */
export function SessionLimitFields({
	idleMinutes,
	lifetimeHours,
	errors,
}: {
	idleMinutes: number
	lifetimeHours: number
	errors: Record<string, string>
}) {
	const fields = [
		{
			name: 'sessionIdleMinutes',
			label: 'Sign staff out after this many minutes without use',
			value: idleMinutes,
			bounds: SESSION_IDLE_MINUTES,
			hint: `${SESSION_IDLE_MINUTES.min} to ${SESSION_IDLE_MINUTES.max} minutes (12 hours); ${SESSION_IDLE_MINUTES.default} by default.`,
		},
		{
			name: 'sessionLifetimeHours',
			label: 'End every session this many hours after its sign-in',
			value: lifetimeHours,
			bounds: SESSION_LIFETIME_HOURS,
			hint: `${SESSION_LIFETIME_HOURS.min} to ${SESSION_LIFETIME_HOURS.max} hours (30 days); ${SESSION_LIFETIME_HOURS.default} (7 days) by default, however busy the session.`,
		},
	] as const
	return (
		<fieldset className="space-y-4">
			<legend className="font-semibold text-slate-900">Staff sessions</legend>
			{fields.map((field) => (
				<FormNumberField
					key={field.name}
					name={field.name}
					label={field.label}
					defaultValue={field.value}
					min={field.bounds.min}
					max={field.bounds.max}
					hint={field.hint}
					error={errors[field.name]}
				/>
			))}
		</fieldset>
	)
}

/** docs/decisions/0095: how long a borrower's downloaded term sheet stays current (its verify page says expired after). */
export function TermSheetFields({ days, errors }: { days: number; errors: Record<string, string> }) {
	return (
		<fieldset className="space-y-4">
			<legend className="font-semibold text-slate-900">Term sheets</legend>
			<FormNumberField
				name="termSheetDays"
				label="A downloaded term sheet expires after this many days"
				defaultValue={days}
				min={TERM_SHEET_DAYS.min}
				max={TERM_SHEET_DAYS.max}
				hint={`${TERM_SHEET_DAYS.min} to ${TERM_SHEET_DAYS.max} days; ${TERM_SHEET_DAYS.default} by default.`}
				error={errors.termSheetDays}
			/>
		</fieldset>
	)
}
