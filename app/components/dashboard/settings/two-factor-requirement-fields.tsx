import { useState } from 'react'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { TWO_FACTOR_OFF_REASON_MAX, type TwoFactorOff, twoFactorChoiceSchema } from '#app/features/content/two-factor-setting.ts'
import { inputClass } from '#app/components/ui/styles.ts'

/**
 * docs/decisions/0088: the second factor is required of every staff account; switching that off asks for a reason,
 * checked here with the schema the action checks again, and the stored one (who, when, why) is shown while it is off.
 */
export function TwoFactorRequirementFields({
	off,
	timeZone,
	errors,
}: {
	off: TwoFactorOff
	timeZone: string
	errors: Record<string, string>
}) {
	const [required, setRequired] = useState(off === null)
	const [reason, setReason] = useState(off?.reason ?? '')
	const [reasonError, setReasonError] = useState<string | undefined>(undefined)
	const error = reasonError ?? errors.twoFactorOffReason
	const check = () => {
		const parsed = twoFactorChoiceSchema.safeParse({ requireTwoFactor: required, twoFactorOffReason: reason })
		setReasonError(parsed.success ? undefined : parsed.error.issues[0]!.message)
	}
	return (
		<fieldset className="space-y-3">
			<legend className="font-semibold text-slate-900">Second factor</legend>
			<div className="flex items-start gap-3">
				<input
					id="requireTwoFactor"
					name="requireTwoFactor"
					type="checkbox"
					role="switch"
					checked={required}
					onChange={(event) => {
						setRequired(event.target.checked)
						setReasonError(undefined)
					}}
					className="mt-1 h-5 w-5 accent-brand-700"
					aria-describedby="requireTwoFactor-hint"
				/>
				<div>
					<label htmlFor="requireTwoFactor" className="font-medium text-slate-800">
						Require a second factor for every staff account
					</label>
					<p id="requireTwoFactor-hint" className="text-sm text-slate-600">
						Staff sign in with a passkey or a code from an authenticator app after their password, and see no dashboard data until they have
						set one up (the FTC Safeguards Rule asks this of anyone who reaches customer information).
					</p>
				</div>
			</div>
			{off ? (
				<p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="two-factor-off-since">
					Not required since {formatInTimeZone(new Date(off.at), timeZone)}, switched off by {off.by}: {off.reason}
				</p>
			) : null}
			{required ? null : (
				<div>
					<label htmlFor="twoFactorOffReason" className="mb-1 block font-medium text-slate-800">
						Why may staff sign in without a second factor?
					</label>
					<textarea
						id="twoFactorOffReason"
						name="twoFactorOffReason"
						rows={2}
						required
						maxLength={TWO_FACTOR_OFF_REASON_MAX}
						value={reason}
						onChange={(event) => setReason(event.target.value)}
						onBlur={check}
						className={inputClass}
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? 'twoFactorOffReason-error' : undefined}
					/>
					{error ? (
						<p id="twoFactorOffReason-error" className="mt-1 text-sm text-red-700">
							{error}
						</p>
					) : null}
				</div>
			)}
		</fieldset>
	)
}
