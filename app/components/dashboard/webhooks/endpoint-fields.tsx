import { FormTextField } from '#app/components/ui/field.tsx'
import {
	HUBSPOT_DEFAULT_EVENTS,
	HUBSPOT_FORM_FIELDS,
	WEBHOOK_EVENT_LABELS,
	WEBHOOK_EVENT_TYPES,
	type WebhookEndpointKind,
} from '#app/features/webhooks/webhook-schema.ts'
import type { FormErrors } from '#app/features/webhooks/webhooks-screen.ts'
import type { EndpointView } from './endpoint-view.ts'

/** A field of the endpoint forms: the site's one labelled field, its error from the form's errors by its name. */
function TextField({ errors, ...field }: Omit<Parameters<typeof FormTextField>[0], 'error'> & { errors: FormErrors }) {
	return <FormTextField {...field} error={errors[field.name]} />
}

/**
 * The fields of an endpoint, alike in the add and the edit form (docs/decisions/0068, 0070). The add form has both
 * kinds' address fields, each marked with its kind: app.css shows the chosen kind's alone (`form:has(:checked)`),
 * so a HubSpot endpoint can be added without JavaScript too. `kind` picks the events checked at first.
 */
export function EndpointFields({
	prefix,
	kind,
	kinds = [kind],
	errors,
	allowHttp,
	endpoint,
}: {
	prefix: string
	kind: WebhookEndpointKind
	kinds?: WebhookEndpointKind[]
	errors: FormErrors
	allowHttp: boolean
	endpoint: EndpointView | null
}) {
	return (
		<>
			{kinds.includes('standard') ? (
				<div data-endpoint-kind="standard">
					<TextField
						id={`${prefix}-url`}
						name="url"
						label="Address"
						type="url"
						inputMode="url"
						placeholder="https://crm.example.com/webhooks/leads"
						defaultValue={endpoint?.url}
						errors={errors}
						hint={allowHttp ? 'https:// (or http:// for a local receiver)' : 'https:// only'}
					/>
				</div>
			) : null}
			{kinds.includes('hubspot') ? (
				<div data-endpoint-kind="hubspot" className="grid gap-4 sm:grid-cols-2">
					<TextField
						id={`${prefix}-portal`}
						name="portalId"
						label="HubSpot account ID"
						inputMode="numeric"
						defaultValue={endpoint?.hubspot?.portalId}
						errors={errors}
						hint="The number in your HubSpot account menu"
					/>
					<TextField
						id={`${prefix}-form`}
						name="formGuid"
						label="Form ID"
						defaultValue={endpoint?.hubspot?.formGuid}
						errors={errors}
						hint="From the form's address in HubSpot: …/forms/<account>/<form ID>/edit"
					/>
					<TextField
						id={`${prefix}-subscription`}
						name="subscriptionTypeId"
						label="Subscription type ID (optional)"
						inputMode="numeric"
						defaultValue={endpoint?.hubspot?.subscriptionTypeId ?? ''}
						errors={errors}
						hint="Records the borrower's consent to be contacted as this subscription"
					/>
					<div>
						<TextField
							id={`${prefix}-token`}
							name="accessToken"
							label="Private app access token (optional)"
							type="password"
							autoComplete="new-password"
							errors={errors}
							hint={
								endpoint?.hasAccessToken
									? 'A token is kept; leave empty to keep it, or enter a new one'
									: 'With a token (forms scope) HubSpot allows more submissions a second'
							}
						/>
						{endpoint?.hasAccessToken ? (
							<label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
								<input type="checkbox" name="removeAccessToken" value="on" /> Remove the kept token
							</label>
						) : null}
					</div>
					<p className="text-sm text-slate-700 sm:col-span-2">
						The HubSpot form needs the fields{' '}
						{HUBSPOT_FORM_FIELDS.map((name) => (
							<code key={name}>{name} </code>
						))}
						: each event is submitted with the contact, a message describing the event and the lead, the page, the borrower's IP address and
						the consent text.
					</p>
				</div>
			) : null}
			<TextField id={`${prefix}-description`} name="description" label="Description" defaultValue={endpoint?.description} errors={errors} />
			<fieldset>
				<legend className="font-medium text-slate-900">Events</legend>
				<div className="mt-2 grid gap-2 sm:grid-cols-2">
					{WEBHOOK_EVENT_TYPES.map((type) => (
						<label key={type} className="flex items-start gap-2 text-sm text-slate-800">
							<input
								type="checkbox"
								name="eventTypes"
								value={type}
								defaultChecked={
									endpoint
										? endpoint.eventTypes.includes(type)
										: kind === 'standard' || (HUBSPOT_DEFAULT_EVENTS as readonly string[]).includes(type)
								}
								className="mt-1"
							/>
							<span>
								<code className="font-mono">{type}</code> — {WEBHOOK_EVENT_LABELS[type]}
							</span>
						</label>
					))}
				</div>
				{errors.eventTypes ? <p className="mt-1 text-sm text-red-700">{errors.eventTypes}</p> : null}
			</fieldset>
		</>
	)
}
