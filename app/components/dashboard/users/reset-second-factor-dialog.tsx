import { Form, useNavigation } from 'react-router'
import { Modal, ModalClose } from '#app/components/ui/dialog.tsx'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import { RESET_REASON_MAX } from '#app/features/users/user-schemas.ts'

/**
 * docs/decisions/0088: an admin resets a colleague's second factor (lost phone, lost recovery codes) with a typed reason;
 * their sessions end and they set up a new factor at their next sign-in.
 */
export function ResetSecondFactorDialog({
	user,
	result,
	onClose,
}: {
	user: { id: string; email: string }
	result: { errors?: Record<string, string> } | undefined
	onClose: () => void
}) {
	const saving = useNavigation().state === 'submitting'
	const error = result?.errors?.reason
	return (
		<Modal
			open
			onOpenChange={(open) => (open ? null : onClose())}
			size="max-w-md"
			title={`Reset the second factor of ${user.email}`}
			description="Their authenticator app, recovery codes and passkeys stop working and every session of theirs ends. At their next sign-in they must set up a new second factor. Check who is asking (in person or by a call to a number you already hold) before you do this."
		>
			<Form method="post" className="space-y-4" noValidate>
				<input type="hidden" name="intent" value="reset-factor" />
				<input type="hidden" name="userId" value={user.id} />
				<div>
					<label htmlFor="reset-factor-reason" className="mb-1 block font-medium text-slate-800">
						Reason (kept in the activity log)
					</label>
					<textarea
						id="reset-factor-reason"
						name="reason"
						rows={3}
						required
						maxLength={RESET_REASON_MAX}
						className={inputClass}
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? 'reset-factor-reason-error' : undefined}
					/>
					{error ? (
						<p id="reset-factor-reason-error" className="mt-1 text-sm text-red-700">
							{error}
						</p>
					) : null}
				</div>
				<div className="flex justify-end gap-2">
					<ModalClose className={buttonClass.secondary}>Cancel</ModalClose>
					<button type="submit" disabled={saving} className={buttonClass.primary}>
						Reset second factor
					</button>
				</div>
			</Form>
		</Modal>
	)
}
