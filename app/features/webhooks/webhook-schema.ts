import { z } from 'zod'

/** docs/decisions/0068: every event a webhook endpoint may subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENT_TYPES = [
	'lead.created',
	'lead.updated',
	'lead.status_changed',
	'lead.assigned',
	'lead.note_added',
	'lead.first_contact',
	'contact_message.created',
	'quote.presented',
	'quote.chosen',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
	'lead.created': 'A lead comes in (wizard or entered by staff)',
	'lead.updated': 'A borrower completes the long form',
	'lead.status_changed': "A lead's status changes",
	'lead.assigned': 'A lead is assigned or unassigned',
	'lead.note_added': 'Notes are saved on a lead',
	'lead.first_contact': 'A lead is contacted for the first time',
	'contact_message.created': 'A contact-page message arrives',
	'quote.presented': 'A borrower is shown indicative terms',
	'quote.chosen': 'A borrower chooses terms',
}

export const isWebhookEventType = (value: string): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value)

/**
 * The one schema of an endpoint, used by the dashboard's form and by its action. `allowHttp` is the operator's
 * WEBHOOK_ALLOW_HTTP: without it only https:// receivers are accepted.
 */
export function webhookEndpointSchema(options: { allowHttp: boolean }) {
	const protocols = options.allowHttp ? ['https:', 'http:'] : ['https:']
	return z.object({
		url: z
			.string()
			.trim()
			.min(1, 'Enter the address that receives the webhooks')
			.max(2000, 'The address is too long')
			.refine(
				(value) => {
					try {
						const url = new URL(value)
						return protocols.includes(url.protocol) && url.username === '' && url.password === '' && url.hostname !== ''
					} catch {
						return false
					}
				},
				options.allowHttp
					? 'Enter an https:// or http:// address without a user name or password'
					: 'Enter an https:// address (without a user name or password)',
			),
		description: z.string().trim().max(200, 'Keep the description under 200 characters').default(''),
		eventTypes: z
			.array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'Unknown event type' }))
			.min(1, 'Choose at least one event')
			.transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type))),
	})
}
export type WebhookEndpointInput = z.infer<ReturnType<typeof webhookEndpointSchema>>

/** Replay every failed delivery since a time (the screen's datetime-local field, read in UTC when it has no zone). */
export const replaySinceSchema = z.object({
	since: z
		.string()
		.trim()
		.min(1, 'Choose since when')
		.transform((value, context) => {
			const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`)
			if (Number.isNaN(date.getTime())) {
				context.addIssue({ code: 'custom', message: 'Enter a date and time' })
				return z.NEVER
			}
			return date
		}),
})
