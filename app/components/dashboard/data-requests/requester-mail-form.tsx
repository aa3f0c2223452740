import { Form } from 'react-router'
import { buttonClass, cardClass, inputClass } from '#app/components/ui/styles.ts'
import { DATA_REQUEST_MAIL_STEPS, DATA_REQUEST_PLACEHOLDERS, type DataRequestMail } from '#app/features/content/data-request-mail.ts'
import { FieldError, ResultLine, type StepResult, errorsOf } from './step-result.tsx'

const STEP_LABELS = { acknowledged: 'Receipt confirmed', extended: 'More time needed', answered: 'Answered' } as const

/** docs/decisions/0091: the e-mails a requester receives, edited here and versioned like other content. */
export function RequesterMailForm({
	templates,
	result,
	busy,
}: {
	templates: DataRequestMail
	result: StepResult | undefined
	busy: boolean
}) {
	const errors = errorsOf(result)
	return (
		<Form method="post" className={`${cardClass} space-y-4 p-5`} aria-labelledby="requester-mail">
			<h2 id="requester-mail" className="text-lg font-bold text-slate-900">
				E-mails to the requester
			</h2>
			<p className="text-sm text-slate-700">
				Placeholders: {DATA_REQUEST_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}. {'{details}'} is the reply typed when the request
				is answered, with what an erase deleted and kept.
			</p>
			<input type="hidden" name="intent" value="templates" />
			{DATA_REQUEST_MAIL_STEPS.map((step) => (
				<fieldset key={step} className="space-y-2">
					<legend className="font-semibold text-slate-900">{STEP_LABELS[step]}</legend>
					<label className="block text-sm font-medium text-slate-900">
						Subject
						<input
							name={`${step}.subject`}
							defaultValue={templates[step].subject}
							maxLength={200}
							className={`${inputClass} mt-1`}
							aria-invalid={errors[`${step}.subject`] ? true : undefined}
						/>
					</label>
					<FieldError id={`${step}-subject-error`} message={errors[`${step}.subject`]} />
					<label className="block text-sm font-medium text-slate-900">
						Message
						<textarea
							name={`${step}.body`}
							defaultValue={templates[step].body}
							rows={6}
							maxLength={5000}
							className={`${inputClass} mt-1`}
							aria-invalid={errors[`${step}.body`] ? true : undefined}
						/>
					</label>
					<FieldError id={`${step}-body-error`} message={errors[`${step}.body`]} />
				</fieldset>
			))}
			<div className="flex flex-wrap items-center gap-3">
				<button type="submit" className={buttonClass.primary} disabled={busy}>
					Save e-mails
				</button>
				<ResultLine result={result} />
			</div>
		</Form>
	)
}
