import type { WebhookEndpointKind } from './webhook-schema.ts'

/** What the webhooks screen's action answers: a message (and a secret shown once), or the errors of the form sent. */
export type WebhooksResult =
	| { ok: true; intent: string; message: string; secret?: string; endpointId?: string }
	| { ok: false; intent: string; errors: Record<string, string>; endpointId?: string; kind?: WebhookEndpointKind }

/** A form's errors by field name. */
export type FormErrors = Record<string, string>

/** Said to a test event or a replay for an endpoint that is off (nothing would go until it is on again). */
export const SWITCHED_OFF = 'Switch the endpoint on first: a switched-off endpoint is sent nothing'

/** The actions on one endpoint (its id in the form); anything else but `create` is unknown. */
export const ENDPOINT_INTENTS = new Set(['update', 'rotate', 'toggle', 'delete', 'test', 'replay', 'replay-since'])

/** What the screen needs to name an endpoint. */
export type NamedEndpoint = {
	kind: WebhookEndpointKind
	url: string
	hubspot?: { formGuid: string; portalId: string } | null
}

/** How the screen names an endpoint: its address, or its HubSpot form. */
export function endpointName(endpoint: NamedEndpoint) {
	return endpoint.kind === 'hubspot' && endpoint.hubspot
		? `HubSpot form ${endpoint.hubspot.formGuid} in account ${endpoint.hubspot.portalId}`
		: endpoint.url
}

/** The name where it repeats (a heading, a label): an address of up to 2,000 characters is cut at 80 there. */
export function shortName(endpoint: NamedEndpoint) {
	const name = endpointName(endpoint)
	return name.length > 80 ? `${name.slice(0, 79)}…` : name
}

/**
 * The errors one form shows: the add form's (`endpointId` undefined) or an edit form's. The browser's check of the
 * form last sent comes first, then the server's answer to that same form; any other form shows none.
 */
export function formErrorsFor(
	endpointId: string | undefined,
	clientErrors: { form: string; errors: FormErrors },
	result: WebhooksResult | undefined,
): FormErrors {
	const form = endpointId ?? 'create'
	if (clientErrors.form === form && Object.keys(clientErrors.errors).length > 0) return clientErrors.errors
	if (result && !result.ok && result.intent === (endpointId ? 'update' : 'create') && result.endpointId === endpointId) return result.errors
	return {}
}

/** A refused answer shown above the forms: any but a refused add or a refused edit, whose errors sit in their form. */
export function showsRefusalAbove(result: WebhooksResult | undefined): result is Extract<WebhooksResult, { ok: false }> {
	return !!result && !result.ok && result.intent !== 'create' && !(result.intent === 'update' && result.endpointId)
}
