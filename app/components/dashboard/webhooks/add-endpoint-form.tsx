import { Plus } from 'lucide-react'
import { Form } from 'react-router'
import { buttonClass, cardClass } from '#app/components/ui/styles.ts'
import type { WebhookEndpointKind } from '#app/features/webhooks/webhook-schema.ts'
import type { FormErrors } from '#app/features/webhooks/webhooks-screen.ts'
import { EndpointFields } from './endpoint-fields.tsx'

/**
 * The add form: the kind (a signed webhook or a HubSpot form), then that kind's fields. Both kinds' fields are in the
 * page, so it works without JavaScript (docs/decisions/0070); `submission` makes the same form sent twice add one endpoint.
 */
export function AddEndpointForm({
	kind,
	onKindChange,
	submission,
	errors,
	allowHttp,
	busy,
	onSubmit,
}: {
	kind: WebhookEndpointKind
	onKindChange: (kind: WebhookEndpointKind) => void
	submission: string
	errors: FormErrors
	allowHttp: boolean
	busy: boolean
	onSubmit: (event: React.FormEvent<HTMLFormElement>) => void
}) {
	return (
		<Form
			method="post"
			className={`${cardClass} space-y-4 p-5`}
			aria-labelledby="add-endpoint"
			onSubmit={onSubmit}
			noValidate
			data-endpoint-form="create"
		>
			<h2 id="add-endpoint" className="text-lg font-semibold text-slate-900">
				Add an endpoint
			</h2>
			<input type="hidden" name="intent" value="create" />
			<input type="hidden" name="submission" value={submission} />
			<fieldset>
				<legend className="font-medium text-slate-900">Kind</legend>
				<div className="mt-2 space-y-2">
					<label className="flex items-start gap-2 text-sm text-slate-800">
						<input
							type="radio"
							name="kind"
							value="standard"
							checked={kind === 'standard'}
							onChange={() => onKindChange('standard')}
							className="mt-1"
						/>
						<span>Signed webhook (Standard Webhooks): your CRM, loan system, Zapier, n8n or your own receiver</span>
					</label>
					<label className="flex items-start gap-2 text-sm text-slate-800">
						<input
							type="radio"
							name="kind"
							value="hubspot"
							checked={kind === 'hubspot'}
							onChange={() => onKindChange('hubspot')}
							className="mt-1"
						/>
						<span>HubSpot form: each event submitted to a form in your HubSpot account, no middleware needed</span>
					</label>
				</div>
				{errors.kind ? <p className="mt-1 text-sm text-red-700">{errors.kind}</p> : null}
			</fieldset>
			<EndpointFields
				key={kind}
				prefix="webhook"
				kind={kind}
				kinds={['standard', 'hubspot']}
				errors={errors}
				allowHttp={allowHttp}
				endpoint={null}
			/>
			<button type="submit" className={buttonClass.primary} disabled={busy}>
				<Plus className="h-4 w-4" aria-hidden="true" /> Add endpoint
			</button>
		</Form>
	)
}
