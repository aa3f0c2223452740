import net from 'node:net'
import { propertyTypeLabel, transactionTypeLabel } from '#app/features/leads/model/lead-answers.ts'
import { leadStatusLabel } from '#app/features/leads/model/lead-statuses.ts'
import { type LeadFundingView, fundingSummary } from '#app/features/leads/model/lead-funding.ts'
import type { LeadData, WebhookBody } from './webhook-payloads.ts'
import type { HUBSPOT_FORM_FIELDS } from './webhook-schema.ts'

/**
 * docs/decisions/0070: the HubSpot preset. Every event an endpoint of kind `hubspot` receives is sent as a submission
 * to one HubSpot form through the Forms API (v3), so a HubSpot customer needs no middleware: the contact is found or
 * made by its e-mail, its properties set, and each event becomes a form submission on its timeline.
 */
export type HubspotSettings = { portalId: string; formGuid: string; subscriptionTypeId: string | null }

/** HubSpot's host for form submissions (HUBSPOT_FORMS_API_URL changes it, for a proxy or a test receiver). */
export const HUBSPOT_FORMS_API_URL = 'https://api.hsforms.com'

/** The form's submission address: the authenticated one when a private app's token is kept (higher rate limits). */
export function hubspotSubmitUrl(apiUrl: string, settings: Pick<HubspotSettings, 'portalId' | 'formGuid'>, authenticated: boolean) {
	const base = apiUrl.replace(/\/+$/, '')
	const path = authenticated ? 'secure/submit' : 'submit'
	return `${base}/submissions/v3/integration/${path}/${encodeURIComponent(settings.portalId)}/${encodeURIComponent(settings.formGuid)}`
}

/** HubSpot's limit for a multi-line text property is 65,536 characters; the message stays well under it. */
const MESSAGE_MAX = 30_000

type Field = { objectTypeId: '0-1'; name: (typeof HUBSPOT_FORM_FIELDS)[number]; value: string }

export type HubspotSubmission = {
	submittedAt: string
	fields: Field[]
	context?: { pageUri?: string; pageName?: string; ipAddress?: string }
	legalConsentOptions?: {
		consent: {
			consentToProcess: true
			text: string
			communications: Array<{ value: true; subscriptionTypeId: number; text: string }>
		}
	}
}

/**
 * The events the borrower's own action causes (the form, the long form, terms shown and chosen): only these carry the
 * consent and the page context. A staff action (a status, an owner, notes) is no new consent from the borrower, and
 * must not record one, nor an opt-in to a subscription, in HubSpot.
 */
export const BORROWER_EVENTS: ReadonlySet<WebhookBody['type']> = new Set([
	'lead.created',
	'lead.updated',
	'lead.contact_requested',
	'quote.presented',
	'quote.chosen',
])

const EVENT_HEADLINES: Record<WebhookBody['type'], string> = {
	'lead.created': 'New lead',
	'lead.updated': 'The borrower completed the long form',
	'lead.contact_requested': 'The borrower asked to be contacted',
	'lead.status_changed': 'Status changed',
	'lead.assigned': 'Assignment changed',
	'lead.note_added': 'Notes saved',
	'lead.first_contact': 'First contact',
	'lead.funded': 'Funded loan',
	'contact_message.created': 'Contact-page message',
	'quote.presented': 'Indicative terms shown to the borrower',
	'quote.chosen': 'The borrower chose indicative terms',
	'webhook.test': 'A test submission from the dashboard',
}

const field = (name: Field['name'], value: string | null | undefined): Field[] =>
	value === null || value === undefined || value === '' ? [] : [{ objectTypeId: '0-1', name, value }]

const clip = (text: string) => (text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text)

/** What changed, in words, for the event's own lines of the message. */
function changeLines(type: WebhookBody['type'], data: Record<string, unknown>, lead: LeadData): string[] {
	const change = (data.change ?? {}) as { from?: string; to?: string }
	switch (type) {
		case 'lead.status_changed':
			return [`Status: ${leadStatusLabel(change.from ?? '')} → ${leadStatusLabel(change.to ?? lead.status)}`]
		case 'lead.assigned':
			return [lead.owner ? `Owner: ${lead.owner.name} (${lead.owner.email})` : 'Owner: nobody (unassigned)']
		case 'lead.note_added': {
			const note = (data.note ?? {}) as { text?: string | null; by?: string }
			return [`Notes${note.by ? ` by ${note.by}` : ''}: ${note.text ?? '(cleared)'}`]
		}
		case 'lead.first_contact':
			return [`First contacted: ${lead.firstContactedAt ?? ''}`]
		case 'lead.contact_requested':
			return [`Contact requested: ${lead.contactRequestedAt ?? ''}`]
		case 'lead.funded': {
			const funding = data.funding as LeadFundingView | null | undefined
			return [funding ? `Funded: ${fundingSummary(funding)}` : 'Funded loan removed']
		}
		case 'quote.presented':
		case 'quote.chosen': {
			const quote = (data.quote ?? {}) as { summary?: string; sheetVersion?: number }
			return [`Terms: ${quote.summary ?? `see the lead (rate sheet v${quote.sheetVersion ?? '?'})`}`]
		}
		default:
			return []
	}
}

/** The lead's message: the event, what changed, the loan, its status and owner, every answer, and the link. */
function leadMessage(body: WebhookBody, lead: LeadData) {
	const loan = [
		lead.loan.loanType,
		transactionTypeLabel(lead.loan.transactionType),
		propertyTypeLabel(lead.loan.propertyType),
		lead.loan.propertyValue && `value ${lead.loan.propertyValue}`,
	]
		.filter(Boolean)
		.join(' · ')
	const lines = [
		`${EVENT_HEADLINES[body.type]} (${body.type}, ${body.timestamp})`,
		...changeLines(body.type, body.data, lead),
		...(loan ? [`Loan: ${loan}`] : []),
		// A status change has said the status already.
		...(body.type === 'lead.status_changed' ? [] : [`Status: ${leadStatusLabel(lead.status)}`]),
		...(lead.owner ? [`Owner: ${lead.owner.name}`] : []),
		...(lead.sourcePage ? [`Source page: ${lead.sourcePage}`] : []),
		`Lead: ${lead.url}`,
	]
	if (lead.answers.length > 0) lines.push('', ...lead.answers.map((answer) => `${answer.section} · ${answer.label}: ${answer.value}`))
	if (lead.notes) lines.push('', `Notes: ${lead.notes}`)
	return clip(lines.join('\n'))
}

/** The consent evidence as HubSpot's legal consent options (with the communications consent when a subscription is set). */
function legalConsent(consent: NonNullable<LeadData['consent']>, settings: HubspotSettings): HubspotSubmission['legalConsentOptions'] {
	return {
		consent: {
			consentToProcess: true,
			text: consent.text,
			communications:
				settings.subscriptionTypeId === null
					? []
					: [{ value: true, subscriptionTypeId: Number(settings.subscriptionTypeId), text: consent.text }],
		},
	}
}

function splitName(name: string) {
	const trimmed = name.trim().replace(/\s+/g, ' ')
	const space = trimmed.indexOf(' ')
	return space === -1 ? { first: trimmed, last: '' } : { first: trimmed.slice(0, space), last: trimmed.slice(space + 1) }
}

/**
 * The HubSpot Forms API submission for one stored event body (built when it is sent; the stored body stays the
 * generic one). Lead events carry the contact and a message telling the event and the lead; the borrower's own events
 * (BORROWER_EVENTS) also the page, the borrower's IP address and the consent with its text. A contact message carries
 * its sender and text; a test event a clearly labelled test contact.
 */
export function hubspotSubmission(body: WebhookBody, settings: HubspotSettings): HubspotSubmission {
	const submittedAt = String(Date.parse(body.timestamp))
	const lead = body.data.lead as LeadData | undefined
	if (lead) {
		const borrowers = BORROWER_EVENTS.has(body.type)
		const consent = borrowers ? lead.consent : null
		const context: NonNullable<HubspotSubmission['context']> = {}
		if (consent?.pageUrl) context.pageUri = consent.pageUrl
		if (borrowers && lead.sourcePage) context.pageName = lead.sourcePage
		if (consent && net.isIP(consent.ipAddress) !== 0) context.ipAddress = consent.ipAddress
		return {
			submittedAt,
			fields: [
				...field('email', lead.contact.email),
				...field('firstname', lead.contact.firstName),
				...field('lastname', lead.contact.lastName),
				...field('phone', lead.contact.phone),
				...field('message', leadMessage(body, lead)),
			],
			...(Object.keys(context).length > 0 ? { context } : {}),
			...(consent ? { legalConsentOptions: legalConsent(consent, settings) } : {}),
		}
	}
	if (body.type === 'contact_message.created') {
		const message = body.data.contactMessage as { name: string; email: string; phone: string; message: string; url: string }
		const name = splitName(message.name)
		return {
			submittedAt,
			fields: [
				...field('email', message.email),
				...field('firstname', name.first),
				...field('lastname', name.last),
				...field('phone', message.phone),
				...field('message', clip(`${EVENT_HEADLINES[body.type]} (${body.timestamp})\n\n${message.message}\n\nMessages: ${message.url}`)),
			],
		}
	}
	return {
		submittedAt,
		fields: [
			...field('email', 'webhook-test@example.com'),
			...field('firstname', 'Webhook'),
			...field('lastname', 'Test'),
			...field('message', `${EVENT_HEADLINES[body.type]} (${body.type}, ${body.timestamp}). You may delete this contact.`),
		],
	}
}
