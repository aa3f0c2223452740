import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { idempotencyKeys, leadActivity, leadConsents, leads, outbox, rateLimits, users, webhookEvents } from '#db/schema.ts'
import { CONSENT_VERSION, consentText } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { createEndpoint } from '#app/features/webhooks/webhooks.server.ts'
import { action as createLeadApi } from '#app/routes/api/leads.ts'
import { refinanceAnswers } from '../../../../tests/lead-fixtures.ts'
import { phoneLeadFields, testActor } from '../../../../tests/lead-test-data.ts'
import { signedInStaff } from '../../../../tests/staff-session.ts'
import { type SeededApp, openSeededApp, routeContext } from '../../../../tests/test-services.ts'
import { createLeadSchema } from '../work/lead-admin-schema.ts'
import { createManualLead } from '../work/create-manual-lead.server.ts'

/**
 * docs/decisions/0081: every path that writes a lead stores the same consent evidence, each field from its own source.
 * Each path is given a page, a client address, a socket address and a browser of its own, all different from each
 * other, so a field taken from the wrong source (or dropped) on any one path fails that path's test.
 */

let { handle, services } = {} as SeededApp
let officerId: string
beforeAll(async () => {
	;({ handle, services } = await openSeededApp())
	officerId = (await signedInStaff(services, ['user'])).user.id
	await createEndpoint(
		handle.db,
		services.webhookKey,
		{ kind: 'standard', url: 'https://crm.example.com/hook', description: 'CRM', eventTypes: ['lead.created'] },
		'admin@example.com',
	)
})
afterAll(() => handle.close())
beforeEach(async () => {
	for (const table of [leads, outbox, rateLimits, idempotencyKeys]) await handle.db.delete(table)
	// No officer takes leads unless a test says so: the unrouted paths stay unrouted.
	await handle.db.update(users).set({ banned: true }).where(eq(users.id, officerId))
})

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

type Visit = { sourcePage: string; clientIp: string; socketIp: string; userAgent: string }
let visits = 0
/** A visit nobody else makes: its own page, addresses and browser. */
function visit(): Visit {
	visits++
	return {
		sourcePage: ['/fast-quote', '/dscr-loans', '/fix-and-flip-loans', '/get-started'][visits % 4]!,
		clientIp: `198.51.100.${10 + visits}`,
		socketIp: `10.0.${visits}.2`,
		userAgent: `Mozilla/5.0 (path ${visits})`,
	}
}

const person = (n: number): LoanFormData => ({
	...refinanceAnswers,
	firstName: 'Jane',
	lastName: 'Investor',
	email: `evidence${n}@example.com`,
	phone: `(949) 555-${String(2000 + n)}`,
})

async function submit(formData: LoanFormData, at: Visit, headers: Record<string, string> = {}, consentVersion = CONSENT_VERSION) {
	const request = new Request('http://localhost:3000/api/leads', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
		body: JSON.stringify({ formData, sourcePage: at.sourcePage, consentVersion }),
	})
	const response = (await createLeadApi({
		request,
		context: routeContext(services, { clientIp: at.clientIp, socketIp: at.socketIp, userAgent: at.userAgent }),
		params: {},
	} as never)) as Response
	expect(response.status).toBe(201)
	return ((await response.json()) as { id: string }).id
}

/** The consent record stored for the lead, and the one lead.created carried (when an event was queued). */
async function storedEvidence(leadId: string) {
	const records = await handle.db.select().from(leadConsents).where(eq(leadConsents.leadId, leadId))
	const [event] = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.leadId, leadId))
	const payload = event?.payload as { data: { lead: { consent: Record<string, unknown> } } } | undefined
	return { records, sent: payload?.data.lead.consent ?? null }
}

/** Every field of the evidence, against what this visit gave. */
async function expectEvidence(leadId: string, at: Visit, { announced }: { announced: boolean }) {
	const { records, sent } = await storedEvidence(leadId)
	expect(records).toHaveLength(1)
	const [record] = records
	const { company } = await services.content.getMany(['company'])
	const shown = consentText(company)
	expect(record).toMatchObject({
		kind: 'contact',
		pageUrl: `http://localhost:3000${at.sourcePage}`,
		ipAddress: at.clientIp,
		socketIpAddress: at.socketIp,
		userAgent: at.userAgent,
		consentVersion: CONSENT_VERSION,
		consentText: shown,
		consentHash: sha256(shown),
	})
	const [lead] = await handle.db.select({ createdAt: leads.createdAt }).from(leads).where(eq(leads.id, leadId))
	expect(record!.consentedAt.toISOString()).toBe(lead!.createdAt.toISOString())
	if (!announced) {
		expect(sent).toBeNull()
		return
	}
	// lead.created says what the record says (docs/decisions/0068): the same evidence, built once.
	expect(sent).toEqual({
		text: shown,
		version: CONSENT_VERSION,
		hash: sha256(shown),
		at: record!.consentedAt.toISOString(),
		ipAddress: at.clientIp,
		userAgent: at.userAgent,
		pageUrl: `http://localhost:3000${at.sourcePage}`,
	})
}

/**
 * docs/decisions/0062: the one-statement path writes only when routing would give the lead to nobody; when an officer
 * fits it writes nothing and the transaction path writes the lead. Either way one submission is one lead and one staff
 * e-mail (its one consent record and lead.created are read by expectEvidence).
 */
async function expectOnlyLead(leadId: string) {
	expect((await handle.db.select({ id: leads.id }).from(leads)).map((row) => row.id)).toEqual([leadId])
	const mails = await handle.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.kind, 'notify-new-lead'))
	expect(mails).toHaveLength(1)
}

describe('every path that writes a lead keeps the same consent evidence (docs/decisions/0081)', () => {
	test('unkeyed, nobody to route to: the one prepared statement (docs/decisions/0062)', async () => {
		const at = visit()
		const id = await submit(person(1), at)
		await expectOnlyLead(id)
		const [lead] = await handle.db.select().from(leads).where(eq(leads.id, id))
		expect(lead!.assignedTo).toBeNull()
		await expectEvidence(id, at, { announced: true })
	})

	test('keyed with an Idempotency-Key: the transaction path', async () => {
		const at = visit()
		const id = await submit(person(2), at, { 'Idempotency-Key': 'evidence-keyed-0001' })
		expect(await handle.db.select().from(idempotencyKeys)).toHaveLength(1)
		await expectEvidence(id, at, { announced: true })
	})

	test('routed to an officer: the transaction path with the officer’s turn', async () => {
		await handle.db.update(users).set({ banned: false }).where(eq(users.id, officerId))
		const at = visit()
		const id = await submit(person(3), at)
		await expectOnlyLead(id)
		const [lead] = await handle.db.select().from(leads).where(eq(leads.id, id))
		expect(lead!.assignedTo).toBe(officerId)
		await expectEvidence(id, at, { announced: true })
	})

	test('routed to an officer with an Idempotency-Key', async () => {
		await handle.db.update(users).set({ banned: false }).where(eq(users.id, officerId))
		const at = visit()
		const id = await submit(person(4), at, { 'Idempotency-Key': 'evidence-routed-0001' })
		await expectOnlyLead(id)
		const [lead] = await handle.db.select().from(leads).where(eq(leads.id, id))
		expect(lead!.assignedTo).toBe(officerId)
		await expectEvidence(id, at, { announced: true })
	})

	test('the quiet repeat over the per-contact limit (docs/decisions/0079): kept with its evidence, announced to nobody', async () => {
		const contact = person(5)
		for (let i = 0; i < 5; i++) await submit(contact, visit())
		const at = visit()
		const id = await submit(contact, at)
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, id))
		expect(history.map((entry) => entry.detail)).toContainEqual({ status: 'new', quiet: 'contact-limit' })
		await expectEvidence(id, at, { announced: false })
	})

	test('a browser that claims another consent version: the server’s version is stored, with the claim beside it', async () => {
		const at = visit()
		const id = await submit(person(6), at, {}, '1999-01-01')
		const [record] = (await storedEvidence(id)).records
		expect(record!.consentVersion).toBe(`1999-01-01 (rendered as ${CONSENT_VERSION})`)
	})

	test('a user agent longer than 500 characters is kept to its first 500, on either statement', async () => {
		for (const headers of [{}, { 'Idempotency-Key': 'evidence-long-ua-0001' }] as Record<string, string>[]) {
			const at = { ...visit(), userAgent: `Mozilla/5.0 ${'x'.repeat(600)}` }
			const id = await submit(person(visits), at, headers)
			const [record] = (await storedEvidence(id)).records
			expect(record!.userAgent).toBe(at.userAgent.slice(0, 500))
		}
	})

	test('manual entry by staff: the lead is written by the same writer, with no consent record (no visitor consented)', async () => {
		const lead = await createManualLead(handle.db, testActor(), createLeadSchema.parse(phoneLeadFields()), {
			baseUrl: 'http://localhost:3000',
		})
		const [stored] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
		expect(stored).toMatchObject({ firstName: 'Pat', emailNormalized: 'pat@example.com', phoneNormalized: '9495550150' })
		expect((await storedEvidence(lead.id)).records).toEqual([])
		const [event] = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.leadId, lead.id))
		expect((event!.payload as { data: { lead: { consent: unknown } } }).data.lead.consent).toBeNull()
	})
})
