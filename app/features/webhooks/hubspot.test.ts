import { describe, expect, test } from 'vitest'
import { BORROWER_EVENTS, HUBSPOT_FORMS_API_URL, hubspotSubmission, hubspotSubmitUrl } from './hubspot.ts'
import { leadData, webhookBody } from './webhook-payloads.ts'
import { payloadConsent, payloadLead } from '../../../tests/payload-fixtures.ts'

// The example lead, bought rather than refinanced, its value as the leads table stores a manual one.
const lead = { ...payloadLead, transactionType: 'purchase', propertyValue: '500000' }
const consent = payloadConsent
const settings = { portalId: '62515', formGuid: '78c2891f-ebdd-44c0-bd94-15c012bbbfbf', subscriptionTypeId: null }
const at = new Date('2026-11-26T10:00:05.123Z')
const fieldsOf = (submission: { fields: { name: string; value: string }[] }) =>
	Object.fromEntries(submission.fields.map((field) => [field.name, field.value]))

describe('HubSpot Forms API submissions (docs/decisions/0070)', () => {
	test('the submission address: public, or the authenticated one with a token; a trailing slash on the host is ignored', () => {
		expect(hubspotSubmitUrl(HUBSPOT_FORMS_API_URL, settings, false)).toBe(
			'https://api.hsforms.com/submissions/v3/integration/submit/62515/78c2891f-ebdd-44c0-bd94-15c012bbbfbf',
		)
		expect(hubspotSubmitUrl('https://proxy.example.com/', settings, true)).toBe(
			'https://proxy.example.com/submissions/v3/integration/secure/submit/62515/78c2891f-ebdd-44c0-bd94-15c012bbbfbf',
		)
	})

	test('without a subscription the consent is to process only; an address that is no IP is left out; the time is the event’s', () => {
		const body = webhookBody(
			'lead.created',
			{ lead: leadData(lead, { ...consent, ipAddress: 'unknown' }, null, 'https://www.example.com') },
			at,
		)
		const submission = hubspotSubmission(body, settings)
		expect(submission.submittedAt).toBe(String(at.getTime()))
		expect(submission.context).toEqual({ pageUri: consent.pageUrl, pageName: '/fast-quote' })
		expect(submission.legalConsentOptions).toEqual({ consent: { consentToProcess: true, text: consent.consentText, communications: [] } })
		expect(fieldsOf(submission).message.split('\n').slice(0, 4)).toEqual([
			`New lead (lead.created, ${at.toISOString()})`,
			'Loan: DSCR · Purchase · Single Family · value 500000',
			'Status: New',
			'Source page: /fast-quote',
		])
	})

	test('a lead entered by staff has no consent: no consent options and no context are claimed', () => {
		const submission = hubspotSubmission(
			webhookBody('lead.created', { lead: leadData({ ...lead, sourcePage: null }, null, null, 'https://www.example.com') }, at),
			settings,
		)
		expect(submission.legalConsentOptions).toBeUndefined()
		expect(submission.context).toBeUndefined()
	})

	test('each event says what changed: owner, notes, terms', () => {
		const owner = { id: 'u1', name: 'Olivia Officer', email: 'olivia@example.com' }
		const data = leadData({ ...lead, assignedAt: at }, consent, owner, 'https://www.example.com')
		const message = (type: Parameters<typeof webhookBody>[0], extra: Record<string, unknown>) =>
			fieldsOf(hubspotSubmission(webhookBody(type, { lead: data, ...extra }, at), settings)).message
		expect(message('lead.assigned', { change: { toId: 'u1' } })).toContain('Owner: Olivia Officer (olivia@example.com)')
		const status = message('lead.status_changed', { change: { from: 'new', to: 'contacted' } })
		expect(status).toContain('Status: New → Contacted')
		expect(status.match(/^Status: /gm)).toHaveLength(1)
		expect(message('lead.note_added', { note: { text: 'Wants 30-year fixed', by: 'Sam' } })).toContain('Notes by Sam: Wants 30-year fixed')
		expect(message('quote.chosen', { quote: { summary: '7.125 %, 30-year fixed', sheetVersion: 3 } })).toContain(
			'Terms: 7.125 %, 30-year fixed',
		)
		expect(message('quote.chosen', { quote: { summary: '7.125 %, 30-year fixed', sheetVersion: 3 } })).toMatch(
			/^The borrower chose indicative terms/,
		)
	})

	test('a contact message: the name split into first and last, the text in the message', () => {
		const body = webhookBody(
			'contact_message.created',
			{
				contactMessage: {
					id: 'm1',
					name: '  Mary  Ann Lender ',
					email: 'mary@example.com',
					phone: '(212) 555-0100',
					message: 'Do you lend in Ohio?',
					url: 'https://www.example.com/dashboard/messages',
				},
			},
			at,
		)
		expect(fieldsOf(hubspotSubmission(body, settings))).toEqual({
			email: 'mary@example.com',
			firstname: 'Mary',
			lastname: 'Ann Lender',
			phone: '(212) 555-0100',
			message: `Contact-page message (${at.toISOString()})\n\nDo you lend in Ohio?\n\nMessages: https://www.example.com/dashboard/messages`,
		})
	})

	test('a test event is a clearly labelled test contact, never a borrower', () => {
		const fields = fieldsOf(hubspotSubmission(webhookBody('webhook.test', { message: 'A test event from the dashboard' }, at), settings))
		expect(fields).toMatchObject({ email: 'webhook-test@example.com', firstname: 'Webhook', lastname: 'Test' })
		expect(fields.message).toMatch(/You may delete this contact\.$/)
	})
	test('a staff action records no consent, opt-in, page or IP address for the borrower; the borrower’s own events do', () => {
		const data = leadData(lead, consent, null, 'https://www.example.com')
		const withSubscription = { ...settings, subscriptionTypeId: '999' }
		for (const type of ['lead.status_changed', 'lead.assigned', 'lead.note_added', 'lead.first_contact'] as const) {
			const submission = hubspotSubmission(webhookBody(type, { lead: data }, at), withSubscription)
			expect(submission.legalConsentOptions, type).toBeUndefined()
			expect(submission.context, type).toBeUndefined()
		}
		for (const type of BORROWER_EVENTS) {
			const submission = hubspotSubmission(webhookBody(type, { lead: data }, at), withSubscription)
			expect(submission.legalConsentOptions?.consent.communications, type).toEqual([
				{ value: true, subscriptionTypeId: 999, text: consent.consentText },
			])
			expect(submission.context?.ipAddress, type).toBe(consent.ipAddress)
		}
	})
})
