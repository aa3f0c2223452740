import { useState } from 'react'
import { useWizardCompany } from '#app/components/quote/wizard-env.tsx'
import { PURPOSE_STATEMENT_VERSION, type PurposeStatement, purposeStatementText } from '#app/features/pricing/borrower-terms.ts'
import { postJson } from '#app/features/quote-wizard/submit.ts'

/**
 * docs/decisions/0066: before any terms, the borrower states how the property will be used (we lend to investors
 * only). The answer is recorded with the lead; one already recorded (409) is the one that stands.
 */
export function PurposeStatementForm({
	leadId,
	token,
	title,
	onStated,
}: {
	leadId: string
	token: string
	title: React.ReactNode
	onStated: (statement: PurposeStatement) => void
}) {
	const company = useWizardCompany()
	const [answer, setAnswer] = useState<PurposeStatement | ''>('')
	const [answerError, setAnswerError] = useState('')
	const [stating, setStating] = useState(false)

	async function state(event: React.FormEvent) {
		event.preventDefault()
		if (!answer) {
			setAnswerError('Choose how the property will be used')
			document.getElementById('purpose-business')?.focus()
			return
		}
		setStating(true)
		const result = await postJson(
			`/api/leads/${leadId}/purpose`,
			{ statement: answer, statementVersion: PURPOSE_STATEMENT_VERSION },
			{ idempotencyKey: crypto.randomUUID(), token },
		)
		setStating(false)
		const stated = !result.ok && result.status === 409 ? (result.body?.statement as PurposeStatement | undefined) : undefined
		if (stated) {
			onStated(stated)
			return
		}
		if (!result.ok) {
			setAnswerError(`${result.message || 'We could not record your answer.'} You can also call us at ${company.phone}.`)
			return
		}
		onStated(answer)
		// The terms replace the form: the focus goes to their heading, not to the page's start.
		requestAnimationFrame(() => document.getElementById('terms-title')?.focus())
	}

	return (
		<section aria-labelledby="terms-title" className="mx-auto mt-10 max-w-2xl rounded-xl border border-slate-200 p-5 text-left">
			{title}
			<p className="mt-1 text-slate-700">
				Your terms are ready. We lend to real estate investors only, so first tell us how the property will be used.
			</p>
			<form onSubmit={state} noValidate className="mt-4 space-y-3">
				<fieldset aria-describedby={answerError ? 'purpose-error' : undefined}>
					<legend className="font-semibold text-slate-900">How will the property be used?</legend>
					{(['business-purpose', 'owner-occupant'] as const).map((value) => (
						<label
							key={value}
							className="mt-2 flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-checked:border-brand-700 has-checked:bg-brand-50"
						>
							<input
								id={value === 'business-purpose' ? 'purpose-business' : 'purpose-owner'}
								type="radio"
								name="purpose"
								value={value}
								checked={answer === value}
								onChange={() => {
									setAnswer(value)
									setAnswerError('')
								}}
								className="mt-1 h-4 w-4 accent-brand-700"
							/>
							<span className="text-sm text-slate-900">{purposeStatementText(value, company)}</span>
						</label>
					))}
				</fieldset>
				{answerError ? (
					<p id="purpose-error" role="alert" className="text-sm font-medium text-red-700">
						{answerError}
					</p>
				) : null}
				<button
					type="submit"
					disabled={stating}
					className="w-full rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
				>
					{stating ? 'Saving...' : 'Show my terms'}
				</button>
			</form>
		</section>
	)
}
