import { useState } from 'react'
import { Form } from 'react-router'
import { buttonClass, cardClass, inputClass } from '#app/components/ui/styles.ts'
import {
	CHANNEL_LABELS,
	REQUEST_CHANNELS,
	REQUEST_TYPES,
	REQUEST_TYPE_LABELS,
	recordRequestSchema,
} from '#app/features/data-requests/data-request-schema.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { FieldError, ResultLine, type StepResult, errorsOf } from './step-result.tsx'

/** docs/decisions/0091: a request as it came: what is asked, when, how, and how to reach the requester. */
export function RecordRequestForm({ today, result, busy }: { today: string; result: StepResult | undefined; busy: boolean }) {
	// The same schema as the action: the messages before the round trip are the ones after it.
	const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null)
	const errors = clientErrors ?? errorsOf(result)
	const invalid = (name: string) => (errors[name] ? true : undefined)
	return (
		<Form
			method="post"
			className={`${cardClass} space-y-4 p-5`}
			aria-labelledby="record-request"
			noValidate
			onSubmit={(event) => {
				const parsed = recordRequestSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
				setClientErrors(parsed.success ? null : fieldErrors(parsed.error))
				if (!parsed.success) event.preventDefault()
			}}
		>
			<h2 id="record-request" className="text-lg font-bold text-slate-900">
				Record a request
			</h2>
			<input type="hidden" name="intent" value="record" />
			<div className="grid gap-4 md:grid-cols-3">
				<div>
					<label className="block font-medium text-slate-900">
						The requester asks to
						<select
							name="type"
							className={`${inputClass} mt-1`}
							aria-invalid={invalid('type')}
							aria-describedby="type-error"
							defaultValue="know"
						>
							{REQUEST_TYPES.map((type) => (
								<option key={type} value={type}>
									{REQUEST_TYPE_LABELS[type]}
								</option>
							))}
						</select>
					</label>
					<FieldError id="type-error" message={errors.type} />
				</div>
				<div>
					<label className="block font-medium text-slate-900">
						Received on
						<input
							type="date"
							name="receivedOn"
							defaultValue={today}
							max={today}
							required
							className={`${inputClass} mt-1`}
							aria-invalid={invalid('receivedOn')}
							aria-describedby="receivedOn-error"
						/>
					</label>
					<FieldError id="receivedOn-error" message={errors.receivedOn} />
				</div>
				<div>
					<label className="block font-medium text-slate-900">
						Came by
						<select
							name="channel"
							className={`${inputClass} mt-1`}
							aria-invalid={invalid('channel')}
							aria-describedby="channel-error"
							defaultValue="email"
						>
							{REQUEST_CHANNELS.map((channel) => (
								<option key={channel} value={channel}>
									{CHANNEL_LABELS[channel]}
								</option>
							))}
						</select>
					</label>
					<FieldError id="channel-error" message={errors.channel} />
				</div>
				<div>
					<label className="block font-medium text-slate-900">
						Requester’s e-mail
						<input
							type="email"
							name="email"
							autoComplete="off"
							className={`${inputClass} mt-1`}
							aria-invalid={invalid('email')}
							aria-describedby="email-error"
						/>
					</label>
					<FieldError id="email-error" message={errors.email} />
				</div>
				<div>
					<label className="block font-medium text-slate-900">
						Requester’s phone
						<input
							type="tel"
							name="phone"
							autoComplete="off"
							className={`${inputClass} mt-1`}
							aria-invalid={invalid('phone')}
							aria-describedby="phone-error"
						/>
					</label>
					<FieldError id="phone-error" message={errors.phone} />
				</div>
				<div className="md:col-span-3">
					<label className="block font-medium text-slate-900">
						Notes (what they asked, in their words)
						<textarea
							name="notes"
							rows={2}
							maxLength={2000}
							className={`${inputClass} mt-1`}
							aria-invalid={invalid('notes')}
							aria-describedby="notes-error"
						/>
					</label>
					<FieldError id="notes-error" message={errors.notes} />
				</div>
			</div>
			<div className="flex flex-wrap items-center gap-3">
				<button type="submit" className={buttonClass.primary} disabled={busy}>
					Record request
				</button>
				<ResultLine result={result} />
			</div>
		</Form>
	)
}
