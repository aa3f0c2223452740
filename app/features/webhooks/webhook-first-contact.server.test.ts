import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { webhookEvents } from '#db/schema.ts'
import { logLeadContact, recordContactAttempt } from '#app/features/leads/work/assign-lead.server.ts'
import { testActor } from '../../../tests/lead-test-data.ts'
import { addEndpoint, handle, postLead, setUpWebhookApp } from '../../../tests/webhook-harness.ts'

/** docs/decisions/0104: lead.first_contact is the first contact that reached the borrower, once. */

setUpWebhookApp()

describe('lead.first_contact and call outcomes', () => {
	test('a tap on Call and a voicemail send nothing; the connected call sends it once; later contacts never again', async () => {
		await addEndpoint()
		const lead = await postLead()
		const options = { baseUrl: 'http://localhost:3000' }
		const firstContacts = async () =>
			(
				await handle.db
					.select()
					.from(webhookEvents)
					.where(and(eq(webhookEvents.leadId, lead.id), eq(webhookEvents.type, 'lead.first_contact')))
			).length
		const log = (outcome: 'voicemail' | 'connected' | 'not_interested') =>
			logLeadContact(handle.db, testActor(), { leadId: lead.id, channel: 'call', outcome, summary: null }, options)

		await recordContactAttempt(handle.db, testActor(), { leadId: lead.id, channel: 'call' }, options)
		await log('voicemail')
		expect(await firstContacts()).toBe(0)
		await log('connected')
		expect(await firstContacts()).toBe(1)
		await log('not_interested')
		await log('connected')
		expect(await firstContacts()).toBe(1)
	})
})
