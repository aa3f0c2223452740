import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { leads, webhookDeliveries, webhookEvents } from '#db/schema.ts'
import { updateLeadStatus } from '#app/features/leads/work/update-lead-status.server.ts'
import { janeContact } from '../../../tests/lead-fixtures.ts'
import { testActor } from '../../../tests/lead-test-data.ts'
import { claimDueDeliveries, deliverTestEventNow } from './webhook-delivery.server.ts'
import { WEBHOOK_EVENT_TYPES } from './webhook-schema.ts'
import { createEndpoint, listDeliveries } from './webhooks.server.ts'
import { context, drainNow, handle, postLead, receiver, services, setUpWebhookApp } from '../../../tests/webhook-harness.ts'

/** docs/decisions/0070 and 0079: the HubSpot preset, and a test event answering its real outcome at once. */

setUpWebhookApp()

describe('the HubSpot preset (docs/decisions/0070)', () => {
	const form = { portalId: '62515', formGuid: '78c2891f-ebdd-44c0-bd94-15c012bbbfbf', subscriptionTypeId: '999' }
	const addHubspot = (accessToken = '') =>
		createEndpoint(
			handle.db,
			services.webhookKey,
			{
				kind: 'hubspot',
				...form,
				accessToken: accessToken || null,
				removeAccessToken: false,
				description: 'HubSpot',
				eventTypes: [...WEBHOOK_EVENT_TYPES],
			},
			'admin@example.com',
			{ hubspotApiUrl: receiver.url },
		)

	test('a lead reaches the HubSpot form as a submission: fields, page, IP address and the consent with its text', async () => {
		await addHubspot('pat-na1-secret-token')
		const lead = await postLead()
		await updateLeadStatus(handle.db, testActor(), { leadId: lead.id, status: 'contacted' } as never, { baseUrl: 'http://localhost:3000' })
		await drainNow()
		// lead.created, lead.status_changed and lead.first_contact, each a submission to the form's authenticated address.
		expect(receiver.received.map((request) => request.path)).toEqual(
			Array(3).fill(`/submissions/v3/integration/secure/submit/${form.portalId}/${form.formGuid}`),
		)
		const [created, changed] = receiver.received
		expect(created!.headers.authorization).toBe('Bearer pat-na1-secret-token')
		const [event] = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'lead.created'))
		expect(created!.headers['webhook-id']).toBe(event!.id)
		const submission = JSON.parse(created!.body)
		expect(submission.submittedAt).toBe(String(Date.parse((event!.payload as { timestamp: string }).timestamp)))
		expect(Object.fromEntries(submission.fields.map((field: { name: string; value: string }) => [field.name, field.value]))).toMatchObject({
			email: janeContact.email,
			firstname: janeContact.firstName,
			lastname: janeContact.lastName,
			// docs/decisions/0077: the stored E.164 form, which HubSpot reads as it is.
			phone: '+19495550123',
			message: expect.stringContaining(`Lead: http://localhost:3000/dashboard/leads?lead=${lead.id}`),
		})
		expect(submission.fields.every((field: { objectTypeId: string }) => field.objectTypeId === '0-1')).toBe(true)
		expect(submission.context).toEqual({ pageUri: 'http://localhost:3000/fast-quote', pageName: '/fast-quote', ipAddress: '198.51.100.20' })
		const [consent] = await handle.db
			.execute<{ consent_text: string }>(sql`select consent_text from lead_consents where lead_id = ${lead.id}`)
			.then((result) => (result as unknown as { rows: { consent_text: string }[] }).rows)
		expect(submission.legalConsentOptions).toEqual({
			consent: {
				consentToProcess: true,
				text: consent!.consent_text,
				communications: [{ value: true, subscriptionTypeId: 999, text: consent!.consent_text }],
			},
		})
		const message = JSON.parse(changed!.body).fields.find((field: { name: string }) => field.name === 'message').value
		expect(message).toMatch(/^Status changed \(lead\.status_changed, /)
		expect(message).toContain('Status: New → Contacted')
		// A staff action claims no new consent from the borrower.
		expect(JSON.parse(changed!.body).legalConsentOptions).toBeUndefined()
		// The status event is built after the first contact is marked: it carries it, and lead.first_contact follows it.
		const [statusEvent] = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'lead.status_changed'))
		expect((statusEvent!.payload as { data: { lead: { firstContactedAt: string | null } } }).data.lead.firstContactedAt).not.toBeNull()
	})

	test('without a token the public address is used; HubSpot’s reason for a refusal shows in the delivery', async () => {
		await addHubspot()
		receiver.state.answer = () => ({ status: 400, headers: { 'content-type': 'application/json' } })
		receiver.state.errorBody = JSON.stringify({
			status: 'error',
			errors: [{ errorType: 'FIELD_NOT_IN_FORM_DEFINITION', message: 'phone' }],
		})
		await postLead()
		await drainNow()
		const [request] = receiver.received
		expect(request!.path).toBe(`/submissions/v3/integration/submit/${form.portalId}/${form.formGuid}`)
		expect(request!.headers.authorization).toBeUndefined()
		const [delivery] = await handle.db.select().from(webhookDeliveries)
		expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: 400 })
		expect(delivery!.lastError).toMatch(/^HTTP 400: .*FIELD_NOT_IN_FORM_DEFINITION/)
	})
})

describe('docs/decisions/0079: a test event answers its real outcome at once; deliveries name their lead', () => {
	const endpointAt = async (url: string) =>
		(
			await createEndpoint(
				handle.db,
				services.webhookKey,
				{ kind: 'standard', url, description: 'test', eventTypes: ['lead.created'] },
				'admin@example.com',
			)
		).id
	/** A port on 127.0.0.1 that nothing listens on. */
	const closedPort = () =>
		new Promise<number>((resolve) => {
			const server = http.createServer()
			server.listen(0, '127.0.0.1', () => {
				const { port } = server.address() as AddressInfo
				server.close(() => resolve(port))
			})
		})

	test('connection refused: failed at once, said in words, never retried', async () => {
		const id = await endpointAt(`http://127.0.0.1:${await closedPort()}/hook`)
		const outcome = await deliverTestEventNow(context, id)
		expect(outcome).toMatchObject({ status: null, error: 'Connection refused by 127.0.0.1' })
		const [delivery] = await handle.db.select().from(webhookDeliveries)
		expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Connection refused by 127.0.0.1', claimedAt: null })
		expect(await claimDueDeliveries(handle.db, 10)).toEqual([])
	})

	test('a host DNS does not know: failed at once as "Host not found"', async () => {
		const id = await endpointAt('http://no-such-receiver.invalid/hook')
		const outcome = await deliverTestEventNow(context, id)
		expect(outcome!.error).toMatch(/^Host not found: .*no-such-receiver\.invalid/)
		const [delivery] = await handle.db.select().from(webhookDeliveries)
		expect(delivery).toMatchObject({ status: 'failed', attempts: 1 })
		expect(delivery!.lastError).toMatch(/^Host not found/)
	})

	test('a receiver that answers: delivered at once, signed', async () => {
		const created = await createEndpoint(
			handle.db,
			services.webhookKey,
			{ kind: 'standard', url: `${receiver.url}/hook`, description: 'test', eventTypes: ['lead.created'] },
			'admin@example.com',
		)
		receiver.state.secrets = [created.secret]
		expect(await deliverTestEventNow(context, created.id)).toMatchObject({ status: 200, error: null })
		expect(receiver.received).toMatchObject([{ type: 'webhook.test', verified: true }])
		expect((await handle.db.select().from(webhookDeliveries))[0]).toMatchObject({ status: 'delivered', attempts: 1 })
		// Only a 2xx is delivered: a redirect (never followed) is a failure, the lowest 3xx as much as any.
		receiver.state.answer = () => ({ status: 300, headers: { Location: `${receiver.url}/elsewhere` } })
		expect(await deliverTestEventNow(context, created.id)).toMatchObject({ status: 300 })
		const statuses = (await handle.db.select().from(webhookDeliveries)).sort((a, b) => Number(a.id) - Number(b.id)).map((row) => row.status)
		expect(statuses).toEqual(['delivered', 'failed'])
		expect(await deliverTestEventNow(context, crypto.randomUUID())).toBeNull()
	})

	test('a lead event names its lead in the deliveries list; a deleted lead is said to be deleted', async () => {
		const id = await endpointAt(`${receiver.url}/hook`)
		const lead = await postLead()
		const [row] = await listDeliveries(handle.db, id)
		expect(row).toMatchObject({ type: 'lead.created', leadId: lead.id, leadName: 'Jane Investor' })
		await handle.db.delete(leads)
		expect((await listDeliveries(handle.db, id))[0]).toMatchObject({ leadId: lead.id, leadName: null })
	})
})
