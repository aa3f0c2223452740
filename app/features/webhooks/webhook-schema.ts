import { UUID_PATTERN } from '#app/features/http/uuid.ts'
import { z } from 'zod'
import { hasInvisibleText, hasUnsafeSingleLineText, singleLineText } from '#app/features/validation/safe-text.ts'

/** docs/decisions/0068: every event a webhook endpoint may subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENT_TYPES = [
	'lead.created',
	'lead.updated',
	'lead.contact_requested',
	'lead.status_changed',
	'lead.assigned',
	'lead.note_added',
	'lead.first_contact',
	// docs/decisions/0123: the loan a closed lead funded, recorded, corrected or removed.
	'lead.funded',
	'contact_message.created',
	'quote.presented',
	'quote.chosen',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
	'lead.created': 'A lead comes in (wizard or entered by staff)',
	'lead.updated': 'A borrower completes the long form',
	'lead.contact_requested': 'A borrower asks to be contacted (Contact Me)',
	'lead.status_changed': "A lead's status changes",
	'lead.assigned': 'A lead is assigned or unassigned',
	'lead.note_added': 'Notes are saved on a lead',
	'lead.first_contact': 'A lead is contacted for the first time',
	'lead.funded': "A closed lead's funded loan is recorded, corrected or removed",
	'contact_message.created': 'A contact-page message arrives',
	'quote.presented': 'A borrower is shown indicative terms',
	'quote.chosen': 'Terms are chosen (by the borrower, or attached by staff)',
}

export const isWebhookEventType = (value: string): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value)

export const WEBHOOK_ENDPOINT_KINDS = ['standard', 'hubspot'] as const
export type WebhookEndpointKind = (typeof WEBHOOK_ENDPOINT_KINDS)[number]

/**
 * The one schema of an endpoint, used by the dashboard's forms (add and edit) and by its action. `allowHttp` is the
 * operator's WEBHOOK_ALLOW_HTTP: without it only https:// receivers are accepted. A HubSpot endpoint (docs/decisions/0070)
 * names its form instead of an address; its access token is optional (blank on an edit keeps the stored one).
 */
export function webhookEndpointSchema(options: { allowHttp: boolean }) {
	const protocols = options.allowHttp ? ['https:', 'http:'] : ['https:']
	const common = {
		description: singleLineText().trim().max(200, 'Keep the description under 200 characters').default(''),
		eventTypes: z
			.array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'Unknown event type' }))
			.min(1, 'Choose at least one event')
			.transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type))),
	}
	const addressMessage = options.allowHttp
		? 'Enter an https:// or http:// address without a user name or password'
		: 'Enter an https:// address (without a user name or password)'
	return z.discriminatedUnion(
		'kind',
		[
			z.object({
				kind: z.literal('standard'),
				// Stored and shown as the address requests go to (URL's own form): a tab, a line break, an invisible or a
				// right-to-left character in what was typed never hides where deliveries go.
				url: z
					.string()
					.trim()
					.min(1, 'Enter the address that receives the webhooks')
					.max(2000, 'The address is too long')
					.refine((value) => !hasUnsafeSingleLineText(value) && !hasInvisibleText(value), {
						message: 'The address holds invisible or control characters; please retype it',
					})
					.transform((value, context) => {
						try {
							const url = new URL(value)
							// Port 0 is no port: a request to it went to the protocol's own port instead.
							if (protocols.includes(url.protocol) && url.username === '' && url.password === '' && url.hostname !== '' && url.port !== '0')
								return url.href
						} catch {}
						context.addIssue({ code: 'custom', message: addressMessage })
						return z.NEVER
					}),
				...common,
			}),
			z.object({
				kind: z.literal('hubspot'),
				portalId: z
					.string()
					.trim()
					.regex(/^\d{1,12}$/, "Enter your HubSpot account ID (digits only, shown in your HubSpot account's menu)"),
				formGuid: z
					.string()
					.trim()
					.regex(UUID_PATTERN, "Enter the form's ID (like 78c2891f-ebdd-44c0-bd94-15c012bbbfbf, from the form's address in HubSpot)")
					.transform((value) => value.toLowerCase()),
				subscriptionTypeId: z
					.string()
					.trim()
					.regex(/^(\d{1,12})?$/, 'The subscription type ID is a number (leave it empty if you have none)')
					.transform((value) => (value === '' ? null : value))
					.prefault(''),
				accessToken: z
					.string()
					.trim()
					.max(500, 'The access token is too long')
					.regex(/^[\x21-\x7e]*$/, 'The access token has no spaces or special characters')
					.transform((value) => (value === '' ? null : value))
					.prefault(''),
				removeAccessToken: z
					.enum(['on', ''], { message: 'Tick the box to remove the kept token, or leave it empty' })
					.prefault('')
					.transform((value) => value === 'on'),
				...common,
			}),
		],
		{ message: 'Choose what kind of endpoint this is' },
	)
}

/** The schema's input from a submitted form (the add and the edit form name their fields alike). */
export function endpointFormValues(form: FormData) {
	const text = (name: string) => String(form.get(name) ?? '')
	return {
		kind: text('kind') || 'standard',
		url: text('url'),
		portalId: text('portalId'),
		formGuid: text('formGuid'),
		subscriptionTypeId: text('subscriptionTypeId'),
		accessToken: text('accessToken'),
		removeAccessToken: text('removeAccessToken'),
		description: text('description'),
		eventTypes: form.getAll('eventTypes').map(String),
	}
}

export type WebhookEndpointInput = z.infer<ReturnType<typeof webhookEndpointSchema>>

/** Replay every failed delivery since a time (the screen's datetime-local field, read in UTC when it has no zone). */
export const replaySinceSchema = z
	.object({
		since: singleLineText()
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
		/**
		 * The reader's offset from UTC at that time, in minutes as the browser gives it (`getTimezoneOffset`: 300 in
		 * New York in winter); empty without JavaScript, when the time is UTC.
		 */
		offsetMinutes: z
			.string()
			.trim()
			.regex(/^(-?\d{1,3})?$/, 'Enter a date and time')
			.transform((value) => (value === '' ? 0 : Number(value)))
			.refine((minutes) => Math.abs(minutes) <= 14 * 60, 'Enter a date and time'),
	})
	.transform(({ since, offsetMinutes }) => ({ since: new Date(since.getTime() + offsetMinutes * 60_000) }))

// The HubSpot preset's constants the dashboard shows (hubspot.ts builds the submissions, on the server).
/** The fields the HubSpot form must have (HubSpot refuses a field its form lacks): all standard contact properties. */
export const HUBSPOT_FORM_FIELDS = ['email', 'firstname', 'lastname', 'phone', 'message'] as const

/** What a new HubSpot endpoint receives unless the admin chooses more: the borrower's events and contact messages. */
export const HUBSPOT_DEFAULT_EVENTS = ['lead.created', 'lead.updated', 'quote.chosen', 'contact_message.created'] as const
