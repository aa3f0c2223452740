/** What an action of the Data requests screen answered, as the panels show it. */
export type StepResult = ({ ok: true; message: string } | { ok: false; errors: Record<string, string> }) & { form?: string }

export const errorsOf = (result: StepResult | undefined): Record<string, string> => (result && !result.ok ? result.errors : {})

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
	return message ? (
		<p id={id} className="mt-1 text-sm text-red-700">
			{message}
		</p>
	) : null
}

/** The outcome of the panel's last action: a status when it worked, the form-wide error when it did not. */
export function ResultLine({ result }: { result: StepResult | undefined }) {
	if (!result) return null
	if (result.ok)
		return (
			<p role="status" className="rounded-md bg-green-50 p-3 text-sm whitespace-pre-line text-green-900">
				{result.message}
			</p>
		)
	const form = result.errors.form ?? result.errors.intent ?? result.errors.id
	return form ? (
		<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
			{form}
		</p>
	) : null
}
