import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { leadActivity, leads, outbox, rateLimits, webhookEvents } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { createEndpoint } from '#app/features/webhooks/webhooks.server.ts'
import { saveRoutingSettings } from '#app/features/leads/routing/lead-routing.server.ts'
import { CONTACT_REQUEST_RATE_LIMIT } from '#app/features/leads/intake/lead-api.server.ts'
import { refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff } from '../../../tests/staff-session.ts'
import { testActor } from '../../../tests/lead-test-data.ts'
import { setStaffMailDetail } from '../../../tests/staff-mail.ts'
import { action as createLead } from './leads.ts'
import { action as contactRequest } from './leads.contact-request.ts'

// docs/decisions/0079: "Contact Me" on the thank-you screen reaches the lead's officer, once.
let handle: DatabaseHandle
let services: AppServices
let manager: Awaited<ReturnType<typeof signedInStaff>>
let officer: Awaited<ReturnType<typeof signedInStaff>>
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	manager = await signedInStaff(services, ['moderator'])
	officer = await signedInStaff(services, ['user'])
	await createEndpoint(
		handle.db,
		services.webhookKey,
		{ kind: 'standard', url: 'https://crm.example.com/hook', description: 'CRM', eventTypes: ['lead.contact_requested'] },
		'admin@example.com',
	)
})
afterAll(() => handle.close())
beforeEach(async () => {
	for (const table of [leads, outbox, rateLimits, webhookEvents, leadActivity]) await handle.db.delete(table)
	await saveRoutingSettings(handle.db, testActor(), { autoAssign: false, escalationMinutes: 0 })
})

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) =>
	new Request(`http://localhost:3000${url}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
		body: JSON.stringify(body),
	})

async function newLead(email = 'rita@example.com') {
	const response = (await createLead({
		request: await post('/api/leads', {
			formData: { ...refinanceAnswers, firstName: 'Rita', lastName: 'Rental', email, phone: '(949) 555-0177' },
			sourcePage: '/fast-quote',
			consentVersion: CONSENT_VERSION,
		}),
		context: routeContext(services),
		params: {},
	} as never)) as Response
	return (await response.json()) as { id: string; token: string }
}

async function pressContactMe(id: string, token: string | null, clientIp = '198.51.100.20') {
	const response = (await contactRequest({
		request: await post(`/api/leads/${id}/contact-request`, {}, token ? { Authorization: `Bearer ${token}` } : {}),
		context: routeContext(services, { clientIp }),
		params: { id },
	} as never)) as Response
	return { status: response.status, body: (await response.json()) as Record<string, any> }
}

type Mail = { to: string[]; subject: string; text: string; replyTo?: string }
const contactMails = async () =>
	(await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-contact-request'))).map((row) => row.payload as Mail)

describe('POST /api/leads/:id/contact-request', () => {
	test('flags the lead, writes its history, e-mails the managers of an unassigned lead and sends lead.contact_requested, once however often it is pressed', async () => {
		const lead = await newLead()
		const first = await pressContactMe(lead.id, lead.token)
		expect(first.status).toBe(200)
		expect(first.body).toEqual({ id: lead.id, contactRequestedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) })
		const again = await pressContactMe(lead.id, lead.token)
		expect(again).toEqual(first)

		const [stored] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
		expect(stored!.contactRequestedAt?.toISOString()).toBe(first.body.contactRequestedAt)
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id))
		expect(history.map((entry) => entry.action)).toEqual(['contact_requested'])

		const sent = await contactMails()
		expect(sent).toHaveLength(1)
		expect(sent[0]!.to).toEqual([manager.email])
		// docs/decisions/0089: minimal by default: the first name, program and state, and the link to the lead (the phone is there).
		expect(sent[0]!.replyTo).toBeUndefined()
		expect(sent[0]!.subject).toBe('Call requested: Rita (DSCR)')
		expect(sent[0]!.text).toContain('State: Texas')
		expect(sent[0]!.text).not.toContain('555-0177')
		expect(sent[0]!.text).toContain(`/dashboard/leads?lead=${lead.id}`)
		// The office's zone, named (docs/decisions/0053's formatter).
		expect(sent[0]!.text).toMatch(/Contact requested: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M E[SD]T/)

		const events = await handle.db.select().from(webhookEvents)
		expect(events.map((event) => event.type)).toEqual(['lead.contact_requested'])
		const payload = events[0]!.payload as { data: { lead: { id: string; contactRequestedAt: string } } }
		expect(payload.data.lead).toMatchObject({ id: lead.id, contactRequestedAt: first.body.contactRequestedAt })
	})

	test('with full staff e-mail (docs/decisions/0089) it names the borrower whole, with the phone, and replies to them', async () => {
		await setStaffMailDetail(services, 'full')
		try {
			const lead = await newLead()
			expect((await pressContactMe(lead.id, lead.token)).status).toBe(200)
			const [sent] = await contactMails()
			expect(sent!.replyTo).toBe('rita@example.com')
			expect(sent!.subject).toBe('Call requested: Rita Rental (DSCR)')
			expect(sent!.text).toContain('Phone: (949) 555-0177')
		} finally {
			await setStaffMailDetail(services, 'minimal')
		}
	})

	test('an assigned lead e-mails its officer, not the managers', async () => {
		const lead = await newLead()
		await handle.db.update(leads).set({ assignedTo: officer.user.id, assignedAt: new Date() }).where(eq(leads.id, lead.id))
		expect((await pressContactMe(lead.id, lead.token)).status).toBe(200)
		const sent = await contactMails()
		expect(sent.map((mail) => mail.to)).toEqual([[officer.email]])
		expect(sent[0]!.text).toContain('The lead is yours.')
	})

	test("without its token, or with another lead's, nothing is flagged or sent", async () => {
		const lead = await newLead()
		const other = await newLead('other@example.com')
		expect((await pressContactMe(lead.id, null)).status).toBe(401)
		expect((await pressContactMe(lead.id, other.token)).status).toBe(403)
		expect((await pressContactMe('not-a-lead', lead.token)).status).toBe(403)
		const [stored] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
		expect(stored!.contactRequestedAt).toBeNull()
		expect(await contactMails()).toEqual([])
	})

	test('per application: 10 presses within the hour are answered, the 11th gets 429', async () => {
		// The figure is written out (a borrower presses once, perhaps a few times more): a changed limit fails here.
		const lead = await newLead()
		for (let attempt = 0; attempt < 10; attempt++) {
			// From several addresses, so only the application's own limit applies.
			expect((await pressContactMe(lead.id, lead.token, `198.51.100.${attempt + 1}`)).status).toBe(200)
		}
		expect((await pressContactMe(lead.id, lead.token, '198.51.100.99')).status).toBe(429)
	})

	test('per address: 60 presses from one address within the hour, even with wrong tokens; the 61st gets 429', async () => {
		// README (Contact Me, docs/decisions/0079): 10 calls with the lead's token or 60 from one address in an hour.
		expect(CONTACT_REQUEST_RATE_LIMIT).toEqual({ perIp: 60, perLead: 10, windowSeconds: 3600 })
		const lead = await newLead()
		for (let attempt = 0; attempt < 60; attempt++) expect((await pressContactMe(lead.id, 'guessed-token', '203.0.113.61')).status).toBe(403)
		expect((await pressContactMe(lead.id, lead.token, '203.0.113.61')).status).toBe(429)
		// The limit was the address's: the borrower from another address gets through.
		expect((await pressContactMe(lead.id, lead.token, '203.0.113.62')).status).toBe(200)
	})

	test("wrong tokens never use up the lead's own limit", async () => {
		const lead = await newLead()
		for (let attempt = 0; attempt <= CONTACT_REQUEST_RATE_LIMIT.perLead; attempt++) {
			expect((await pressContactMe(lead.id, 'guessed-token', `192.0.2.${attempt + 1}`)).status).toBe(403)
		}
		expect((await pressContactMe(lead.id, lead.token)).status).toBe(200)
	})
})
