import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { leads, outbox, webhookDeliveries, webhookEndpoints, webhookEvents } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { updateLeadStatus } from '#app/features/leads/work/update-lead-status.server.ts'
import { saveLeadNotes } from '#app/features/leads/work/save-lead-notes.server.ts'
import { storeContactMessage } from '#app/features/contact/contact.server.ts'
import { createManualLead } from '#app/features/leads/work/create-manual-lead.server.ts'
import { assignLead } from '#app/features/leads/work/assign-lead.server.ts'
import { createLeadSchema } from '#app/features/leads/work/lead-admin-schema.ts'
import { PURPOSE_STATEMENT_VERSION } from '#app/features/pricing/borrower-terms.ts'
import { action as purposeAction } from '#app/routes/api/leads.purpose.ts'
import { action as quotesAction } from '#app/routes/api/leads.quotes.ts'
import { signedInStaff } from '../../../tests/staff-session.ts'
import { action as createLeadAction } from '#app/routes/api/leads.ts'
import { action as longFormAction } from '#app/routes/api/leads.long-form.ts'
import { janeContact, longFormAnswers, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { testActor } from '../../../tests/lead-test-data.ts'
import { type SeededApp, openSeededApp, routeContext } from '../../../tests/test-services.ts'
import { createAddressPolicy } from './address-guard.server.ts'
import {
	type DeliveryContext,
	claimDueDeliveries,
	deliver,
	deliverAll,
	deliverTestEventNow,
	releaseWebhookClaims,
} from './webhook-delivery.server.ts'
import { CLAIM_BATCH, YIELD_MAX_MS, startWebhookWorker } from './webhook-worker.server.ts'
import { WEBHOOK_EVENT_TYPES } from './webhook-schema.ts'
import {
	createEndpoint,
	forgetSubscriptions,
	listDeliveries,
	replayDeliveries,
	rotateSecret,
	setEndpointEnabled,
} from './webhooks.server.ts'
import { encryptSecret, newWebhookSecret } from './signing.server.ts'

type Received = {
	id: string
	type: string
	leadId: string | null
	status: number
	verified: boolean
	path: string
	body: string
	headers: Record<string, string>
}

/** A receiver on 127.0.0.1: `answer` decides each reply (status 0: the connection is cut, no answer); every request is kept, its signature checked. */
function startReceiver() {
	const received: Received[] = []
	const state = {
		secrets: [] as string[],
		errorBody: null as string | null,
		answer: (_request: Received, _count: number) => ({ status: 200, headers: {} as Record<string, string> }),
	}
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk) => chunks.push(chunk))
		request.on('end', () => {
			const body = Buffer.concat(chunks).toString('utf8')
			const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]))
			const verified =
				state.secrets.length > 0 &&
				state.secrets.every((secret) => {
					try {
						new Webhook(secret).verify(body, headers)
						return true
					} catch {
						return false
					}
				})
			const payload = JSON.parse(body) as { type: string; data?: { lead?: { id: string } } }
			const entry = {
				id: headers['webhook-id']!,
				type: payload.type,
				leadId: payload.data?.lead?.id ?? null,
				status: 0,
				verified,
				path: request.url ?? '',
				body,
				headers,
			}
			const { status, headers: extra } = state.answer(entry, received.length)
			entry.status = status
			received.push(entry)
			if (status === 0) return void request.socket.destroy()
			response.writeHead(status, extra)
			response.end(status === 200 ? 'ok' : (state.errorBody ?? 'no'))
		})
	})
	return new Promise<{ url: string; received: Received[]; state: typeof state; close: () => Promise<void> }>((resolve) => {
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo
			resolve({
				url: `http://127.0.0.1:${port}`,
				received,
				state,
				close: () => new Promise((done) => server.close(() => done())),
			})
		})
	})
}

let { handle, services } = {} as SeededApp
let receiver: Awaited<ReturnType<typeof startReceiver>>
let context: DeliveryContext
const adminEmail = 'boss-webhooks@example.com'
beforeAll(async () => {
	;({ handle, services } = await openSeededApp({ env: { LEAD_RATE_LIMIT_PER_HOUR: '0' } }))
	receiver = await startReceiver()
	context = {
		db: handle.db,
		key: services.webhookKey,
		policy: createAddressPolicy(['127.0.0.1']),
		baseUrl: 'http://localhost:3000',
		// The HubSpot preset's submissions come to this receiver (HUBSPOT_FORMS_API_URL).
		hubspotApiUrl: receiver.url,
	}
	await handle.db.execute(sql`insert into users (id, name, email, role) values ('admin-1', 'Boss', ${adminEmail}, 'admin')`)
})
afterAll(async () => {
	await receiver.close()
	await handle.close()
})
beforeEach(async () => {
	for (const table of [webhookDeliveries, webhookEvents, webhookEndpoints, leads, outbox]) await handle.db.delete(table)
	receiver.received.length = 0
	receiver.state.answer = () => ({ status: 200, headers: {} })
	receiver.state.errorBody = null
})

async function addEndpoint(path = '/hook', eventTypes: string[] = [...WEBHOOK_EVENT_TYPES]) {
	const created = await createEndpoint(
		handle.db,
		services.webhookKey,
		{ kind: 'standard', url: `${receiver.url}${path}`, description: 'CRM', eventTypes: eventTypes as never },
		'admin@example.com',
	)
	receiver.state.secrets = [created.secret]
	return created
}

const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
	new Request(`http://localhost:3000${url}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
		body: JSON.stringify(body),
	})

async function postLead(contact = janeContact, headers: Record<string, string> = {}) {
	const response = (await createLeadAction({
		request: json(
			'/api/leads',
			{ formData: { ...refinanceAnswers, ...contact }, sourcePage: '/fast-quote', consentVersion: CONSENT_VERSION },
			headers,
		),
		context: routeContext(services, { clientIp: '198.51.100.20', userAgent: 'Mozilla/5.0 test' }),
		params: {},
	} as never)) as Response
	const body = (await response.json()) as { id: string; token: string }
	expect(response.status, JSON.stringify(body)).toBe(201)
	return body
}

/**
 * Each delivery's state (seconds to its next attempt included), keyed by the answer the receiver gave its lead
 * (`answers`: a lead's id → that status); a lead without one is keyed by its id.
 */
async function deliveriesByAnswer(answers: ReadonlyMap<string, number>) {
	const rows = await handle.db
		.select({
			leadId: webhookDeliveries.orderingKey,
			status: webhookDeliveries.status,
			attempts: webhookDeliveries.attempts,
			lastStatusCode: webhookDeliveries.lastStatusCode,
			lastError: webhookDeliveries.lastError,
			claimedAt: webhookDeliveries.claimedAt,
			waitSeconds: sql<number>`extract(epoch from ${webhookDeliveries.nextAttemptAt} - now())::int`,
		})
		.from(webhookDeliveries)
	return new Map(rows.map((row) => [answers.get(row.leadId!) ?? row.leadId, row]))
}

/** Everything due now, one delivery at a time (one slot), until nothing is due. */
async function drainNow() {
	for (;;) {
		const [delivery] = await claimDueDeliveries(handle.db, 1)
		if (!delivery) return
		await deliver(context, delivery)
	}
}
/** The clock moves past every wait (retries and leases). */
const timePasses = () =>
	handle.db
		.update(webhookDeliveries)
		.set({ nextAttemptAt: sql`now() - interval '1 second'` })
		.where(eq(webhookDeliveries.status, 'pending'))

describe('webhook deliveries to a local receiver', () => {
	test('a receiver answering 500 for a while then 200 gets every event once, signed, in order per lead', async () => {
		await addEndpoint()
		receiver.state.answer = (_request, count) => ({ status: count < 7 ? 500 : 200, headers: {} })
		const first = await postLead()
		const keyed = await postLead(
			{ ...janeContact, email: 'other@example.com', phone: '(949) 555-0199' },
			{ 'Idempotency-Key': 'webhook-key-1' },
		)
		const repeat = await postLead()
		const longForm = (await longFormAction({
			request: json(
				`/api/leads/${first.id}/long-form`,
				{ formData: { ...refinanceAnswers, ...janeContact, ...longFormAnswers } },
				{
					Authorization: `Bearer ${first.token}`,
				},
			),
			context: routeContext(services),
			params: { id: first.id },
		} as never)) as Response
		expect(longForm.status).toBe(200)
		const actor = testActor()
		await updateLeadStatus(handle.db, actor, { leadId: first.id, status: 'contacted' } as never, { baseUrl: 'http://localhost:3000' })
		await saveLeadNotes(handle.db, actor, { leadId: first.id, notes: 'Called, wants 30-year fixed' }, { baseUrl: 'http://localhost:3000' })
		await updateLeadStatus(handle.db, actor, { leadId: keyed.id, status: 'qualified' } as never, { baseUrl: 'http://localhost:3000' })
		const settings = await services.content.get('settings')
		const company = await services.content.get('company')
		await storeContactMessage(
			handle.db,
			{ name: 'Sam', email: 'sam@example.com', phone: '(949) 555-0100', message: 'Hello' },
			{
				settings,
				company,
				userAgent: null,
				baseUrl: 'http://localhost:3000',
			},
		)

		for (let round = 0; round < 20; round++) {
			await drainNow()
			await timePasses()
		}
		const events = await handle.db.select().from(webhookEvents)
		const deliveries = await handle.db.select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id))
		expect(deliveries.every((delivery) => delivery.status === 'delivered')).toBe(true)
		expect(receiver.received.filter((entry) => entry.status === 500).length).toBe(7)
		const accepted = receiver.received.filter((entry) => entry.status === 200)
		// Exactly once each by webhook-id, every attempt signed, retries with the same id.
		expect(accepted.map((entry) => entry.id).sort()).toEqual(events.map((event) => event.id).sort())
		expect(receiver.received.every((entry) => entry.verified)).toBe(true)
		expect(new Set(receiver.received.map((entry) => entry.id)).size).toBe(events.length)
		// In order per lead: the order the receiver accepted them is the order they were queued.
		for (const leadId of [first.id, keyed.id, repeat.id]) {
			const queued = deliveries.filter((delivery) => delivery.orderingKey === leadId).map((delivery) => delivery.eventId)
			expect(accepted.filter((entry) => entry.leadId === leadId).map((entry) => entry.id)).toEqual(queued)
		}
		const typesOf = (leadId: string) => accepted.filter((entry) => entry.leadId === leadId).map((entry) => entry.type)
		expect(typesOf(first.id)).toEqual(['lead.created', 'lead.updated', 'lead.status_changed', 'lead.first_contact', 'lead.note_added'])
		expect(typesOf(keyed.id)).toEqual(['lead.created', 'lead.status_changed', 'lead.first_contact'])
		expect(accepted.map((entry) => entry.type)).toContain('contact_message.created')
		// The repeat names the earlier lead, found inside the lead's one statement.
		const repeatEvent = events.find((event) => event.leadId === repeat.id && event.type === 'lead.created')!
		expect(repeatEvent.payload).toMatchObject({ data: { lead: { id: repeat.id, repeatOfLeadId: first.id, status: 'new' } } })
		const created = events.find((event) => event.leadId === first.id && event.type === 'lead.created')!
		expect(created.payload).toMatchObject({
			type: 'lead.created',
			data: {
				lead: {
					repeatOfLeadId: null,
					url: `http://localhost:3000/dashboard/leads?lead=${first.id}`,
					consent: { version: CONSENT_VERSION, ipAddress: '198.51.100.20', userAgent: 'Mozilla/5.0 test' },
				},
			},
		})
		expect(Buffer.byteLength(JSON.stringify(created.payload))).toBeLessThan(20 * 1024)
	})

	test('a lead has one creation time: its row, lead.created and its later events agree, on both paths', async () => {
		await addEndpoint()
		const unkeyed = await postLead()
		const keyed = await postLead(
			{ ...janeContact, email: 'times@example.com', phone: '(949) 555-0190' },
			{ 'Idempotency-Key': 'webhook-times-1' },
		)
		for (const { id } of [unkeyed, keyed]) {
			await updateLeadStatus(handle.db, testActor(), { leadId: id, status: 'contacted' } as never, {})
			const [row] = await handle.db.select().from(leads).where(eq(leads.id, id))
			const events = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.leadId, id))
			const times = events.map((event) => (event.payload as { data: { lead: { createdAt: string } } }).data.lead.createdAt)
			expect(times).toHaveLength(3)
			expect(new Set(times)).toEqual(new Set([row!.createdAt.toISOString()]))
		}
	})

	test('a site without endpoints writes no webhook rows with its leads', async () => {
		await postLead()
		await postLead({ ...janeContact, email: 'k@example.com' }, { 'Idempotency-Key': 'webhook-key-none' })
		expect(await handle.db.select().from(webhookEvents)).toEqual([])
	})

	test('a worker killed mid-delivery loses nothing: the lease hands the delivery to another, and the lead waits', async () => {
		await addEndpoint()
		const lead = await postLead()
		const actor = testActor()
		await updateLeadStatus(handle.db, actor, { leadId: lead.id, status: 'contacted' } as never, {})
		const [claimed] = await claimDueDeliveries(handle.db, 5, 1)
		// The worker that claimed it dies here. The lead's later events wait behind it.
		expect(claimed).toBeDefined()
		expect(await claimDueDeliveries(handle.db, 5)).toEqual([])
		await new Promise((resolve) => setTimeout(resolve, 1_100))
		const [again] = await claimDueDeliveries(handle.db, 1)
		expect(again).toMatchObject({ id: claimed!.id, eventId: claimed!.eventId, attempts: 2 })
		await deliver(context, again!)
		await drainNow()
		expect(receiver.received.map((entry) => entry.type)).toEqual(['lead.created', 'lead.status_changed', 'lead.first_contact'])
	})

	test('two processes claiming at once never take the same delivery, nor two of one lead', async () => {
		await addEndpoint()
		for (let index = 0; index < 6; index++)
			await postLead({ ...janeContact, email: `claim-${index}@example.com`, phone: `(949) 555-01${10 + index}` })
		const lead = (await handle.db.select({ id: leads.id }).from(leads).limit(1))[0]!
		await updateLeadStatus(handle.db, testActor(), { leadId: lead.id, status: 'contacted' } as never, {})
		const [a, b] = await Promise.all([claimDueDeliveries(handle.db, 10), claimDueDeliveries(handle.db, 10)])
		const ids = [...a!, ...b!].map((delivery) => delivery.id)
		expect(new Set(ids).size).toBe(ids.length)
		// Six leads: one claimable delivery each (the status change and first contact wait behind lead.created).
		expect(ids).toHaveLength(6)
	})

	test('410 Gone switches the endpoint off; 429 with Retry-After waits as asked', async () => {
		const endpoint = await addEndpoint()
		receiver.state.answer = () => ({ status: 429, headers: { 'Retry-After': '120' } })
		await postLead()
		await drainNow()
		const [waiting] = await handle.db
			.select({
				seconds: sql<number>`extract(epoch from ${webhookDeliveries.nextAttemptAt} - now())::int`,
				status: webhookDeliveries.status,
			})
			.from(webhookDeliveries)
		expect(waiting!.status).toBe('pending')
		expect(waiting!.seconds).toBeGreaterThan(110)
		receiver.state.answer = () => ({ status: 410, headers: {} })
		await timePasses()
		await drainNow()
		const [row] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
		expect(row).toMatchObject({ enabled: false, disabledReason: 'The receiver answered 410 Gone' })
		await postLead({ ...janeContact, email: 'after@example.com' })
		expect(await handle.db.select().from(webhookEvents)).toHaveLength(1)
	})

	test('a batch records each failure with its own answer and retry in one go, and the endpoint’s streak once', async () => {
		const endpoint = await addEndpoint()
		const answers = [500, 429, 200, 0]
		const leadsByStatus = new Map<string, number>()
		for (const [index, status] of answers.entries()) {
			const lead = await postLead({ ...janeContact, email: `batch-${index}@example.com`, phone: `(949) 555-01${40 + index}` })
			leadsByStatus.set(lead.id, status)
		}
		receiver.state.answer = (request) => {
			const status = leadsByStatus.get(request.leadId ?? '') ?? 200
			return { status, headers: (status === 429 ? { 'Retry-After': '120' } : {}) as Record<string, string> }
		}
		receiver.state.errorBody = 'busy, try later'
		const batch = await claimDueDeliveries(handle.db, 10)
		expect(batch).toHaveLength(4)
		await deliverAll(context, batch)
		const byStatus = await deliveriesByAnswer(leadsByStatus)
		expect(byStatus.get(500)).toMatchObject({
			status: 'pending',
			attempts: 1,
			lastStatusCode: 500,
			lastError: 'HTTP 500: busy, try later',
			claimedAt: null,
		})
		expect(byStatus.get(500)!.waitSeconds).toBeGreaterThanOrEqual(3)
		expect(byStatus.get(500)!.waitSeconds).toBeLessThanOrEqual(5)
		expect(byStatus.get(429)).toMatchObject({ status: 'pending', lastStatusCode: 429 })
		expect(byStatus.get(429)!.waitSeconds).toBeGreaterThan(110)
		expect(byStatus.get(200)).toMatchObject({ status: 'delivered', lastStatusCode: 200, lastError: null })
		// 0: the connection cut without an answer (no status code, the socket's error kept).
		expect(byStatus.get(0)).toMatchObject({ status: 'pending', lastStatusCode: null, lastError: expect.any(String) })
		const [row] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
		expect(row!.failingSince).not.toBeNull()
	})

	test('the first success after an outage makes the waiting retries due at once, except a 4xx; a second success pulls nothing', async () => {
		const endpoint = await addEndpoint()
		// The receiver is away: each lead fails its own way (0: the connection is cut without an answer).
		const outage = [503, 500, 0, 429, 400]
		const waiting = []
		for (const [index, status] of outage.entries())
			waiting.push({
				status,
				lead: await postLead({ ...janeContact, email: `outage-${index}@example.com`, phone: `(949) 555-01${20 + index}` }),
			})
		const failWith = new Map(waiting.map(({ status, lead }) => [lead.id, status]))
		receiver.state.answer = (request) => ({ status: failWith.get(request.leadId ?? '') ?? 200, headers: {} })
		await drainNow()
		await timePasses()
		await drainNow()
		const rowsOf = () => deliveriesByAnswer(failWith)
		// Twice failed: the third attempt is 5 minutes away.
		for (const status of outage) expect((await rowsOf()).get(status)).toMatchObject({ status: 'pending', attempts: 2 })
		expect((await rowsOf()).get(503)!.waitSeconds).toBeGreaterThan(250)
		const [failing] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
		expect(failing!.failingSince).not.toBeNull()

		// The receiver is back. Two new leads are claimed while the endpoint still reads as failing (two workers).
		const first = await postLead({ ...janeContact, email: 'back-1@example.com', phone: '(949) 555-0131' })
		const second = await postLead({ ...janeContact, email: 'back-2@example.com', phone: '(949) 555-0132' })
		const [claimedFirst] = await claimDueDeliveries(handle.db, 1)
		const [claimedSecond] = await claimDueDeliveries(handle.db, 1)
		expect([claimedFirst!.endpoint.failingSince, claimedSecond!.endpoint.failingSince]).not.toContain(null)
		expect(JSON.parse(claimedFirst!.body)).toMatchObject({ data: { lead: { id: first.id } } })
		await deliverAll(context, [claimedFirst!])
		const after = await rowsOf()
		for (const status of [503, 500, 0, 429]) {
			expect(after.get(status), `last answer ${status}`).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: status || null })
			expect(after.get(status)!.waitSeconds, `last answer ${status}`).toBeLessThanOrEqual(0)
		}
		// A payload the receiver refused keeps its schedule.
		expect(after.get(400)!.waitSeconds).toBeGreaterThan(250)
		const [healthy] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
		expect(healthy!.failingSince).toBeNull()

		// The other worker's success comes after the outage ended: it pulls nothing (the 503 made to wait again here stays).
		const retry503 = waiting.find(({ status }) => status === 503)!.lead.id
		await handle.db
			.update(webhookDeliveries)
			.set({ nextAttemptAt: sql`now() + interval '5 minutes'` })
			.where(eq(webhookDeliveries.orderingKey, retry503))
		expect(JSON.parse(claimedSecond!.body)).toMatchObject({ data: { lead: { id: second.id } } })
		await deliver(context, claimedSecond!)
		const later = await rowsOf()
		expect(later.get(503)!.waitSeconds).toBeGreaterThan(250)
		expect(later.get(400)!.waitSeconds).toBeGreaterThan(250)

		// The others go out now, their attempts counted on; the 400 waits its turn.
		receiver.received.length = 0
		receiver.state.answer = () => ({ status: 200, headers: {} })
		await drainNow()
		expect(receiver.received.map((entry) => failWith.get(entry.leadId!)).sort()).toEqual([0, 429, 500])
		const drained = await rowsOf()
		for (const status of [500, 0, 429]) expect(drained.get(status)).toMatchObject({ status: 'delivered', attempts: 3 })
		expect(drained.get(400)).toMatchObject({ status: 'pending', attempts: 2 })
	})

	test('an endpoint failing for 5 days is switched off and the admins are e-mailed', async () => {
		const endpoint = await addEndpoint()
		receiver.state.answer = () => ({ status: 500, headers: {} })
		await postLead()
		await handle.db.update(webhookEndpoints).set({ failingSince: sql`now() - interval '5 days 1 minute'` })
		await drainNow()
		const [row] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
		expect(row).toMatchObject({ enabled: false, disabledReason: 'Every delivery failed for 5 days' })
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'webhook-endpoint-disabled'))
		expect(mails).toHaveLength(1)
		expect(mails[0]!.payload).toMatchObject({ to: [adminEmail], subject: 'A webhook endpoint was switched off' })
	})

	test('private addresses are refused without the allow-list, also when a name resolves to one; redirects are not followed', async () => {
		await addEndpoint()
		await postLead()
		const strict = { ...context, policy: createAddressPolicy([]) }
		const [delivery] = await claimDueDeliveries(handle.db, 1)
		const outcome = await deliver(strict, delivery!)
		expect(outcome).toMatchObject({ status: null, error: expect.stringMatching(/private, loopback or link-local/) })
		await handle.db.update(webhookEndpoints).set({ url: `${receiver.url.replace('127.0.0.1', 'localhost')}/hook` })
		await timePasses()
		const [byName] = await claimDueDeliveries(handle.db, 1)
		expect((await deliver(strict, byName!)).error).toMatch(/private, loopback or link-local/)
		expect(receiver.received).toEqual([])
		// A redirect is a failure, and its target is never asked.
		receiver.state.answer = (request) => ({
			status: request.path === '/hook' ? 302 : 200,
			headers: { Location: `${receiver.url}/elsewhere` },
		})
		await timePasses()
		await drainNow()
		expect(receiver.received.map((entry) => [entry.path, entry.status])).toEqual([['/hook', 302]])
	})

	test('an event reaches only the endpoints subscribed to its type', async () => {
		await addEndpoint('/leads', ['lead.created'])
		await addEndpoint('/messages', ['contact_message.created'])
		// Both paths of lead creation (with and without an Idempotency-Key) and a lead event queued after it.
		const lead = await postLead()
		const keyed = await postLead(
			{ ...janeContact, email: 'keyed-sub@example.com', phone: '(949) 555-0171' },
			{ 'Idempotency-Key': 'webhook-subscribed-1' },
		)
		await updateLeadStatus(handle.db, testActor(), { leadId: lead.id, status: 'contacted' } as never, { baseUrl: 'http://localhost:3000' })
		await drainNow()
		expect(receiver.received.map((entry) => [entry.path, entry.type, entry.leadId])).toEqual([
			['/leads', 'lead.created', lead.id],
			['/leads', 'lead.created', keyed.id],
		])
		const targets = await handle.db
			.select({ url: webhookEndpoints.url })
			.from(webhookDeliveries)
			.innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
		expect(targets.map((row) => new URL(row.url).pathname)).toEqual(['/leads', '/leads'])
	})

	test('a switched-off endpoint does not receive its pending deliveries; switched on again, it does', async () => {
		const endpoint = await addEndpoint()
		const lead = await postLead()
		expect(await handle.db.select().from(webhookDeliveries)).toHaveLength(1)
		await setEndpointEnabled(handle.db, endpoint.id, false)
		await timePasses()
		expect(await claimDueDeliveries(handle.db, 10)).toEqual([])
		await drainNow()
		expect(receiver.received).toEqual([])
		await setEndpointEnabled(handle.db, endpoint.id, true)
		await drainNow()
		expect(receiver.received.map((entry) => [entry.type, entry.leadId])).toEqual([['lead.created', lead.id]])
	})

	test('at a start only claimed deliveries are released: one waiting for its retry keeps its wait', async () => {
		await addEndpoint()
		receiver.state.answer = () => ({ status: 500, headers: {} })
		await postLead()
		await drainNow()
		await postLead({ ...janeContact, email: 'orphan@example.com', phone: '(949) 555-0172' })
		// A run killed mid-post left this one claimed, its lease a minute ahead.
		expect(await claimDueDeliveries(handle.db, 10)).toHaveLength(1)
		const before = await deliveriesByAnswer(new Map())
		expect(await releaseWebhookClaims(handle.db)).toBe(1)
		const after = await deliveriesByAnswer(new Map())
		const waiting = [...before.keys()].find((key) => before.get(key)!.lastStatusCode === 500)
		const orphan = [...before.keys()].find((key) => key !== waiting)
		expect(before.get(waiting!)).toMatchObject({ claimedAt: null, attempts: 1 })
		expect(before.get(orphan!)!.claimedAt).not.toBeNull()
		expect(after.get(waiting!)).toEqual(before.get(waiting!))
		expect(after.get(orphan!)).toMatchObject({ claimedAt: null, waitSeconds: expect.any(Number) })
		expect(after.get(orphan!)!.waitSeconds).toBeLessThanOrEqual(0)
	})

	test('replay: a failed delivery goes out again with the same webhook-id; one, or all failed since a time', async () => {
		const endpoint = await addEndpoint()
		receiver.state.answer = () => ({ status: 500, headers: {} })
		await postLead()
		await postLead({ ...janeContact, email: 'second@example.com', phone: '(949) 555-0111' })
		await handle.db.update(webhookDeliveries).set({ attempts: 7 })
		await drainNow()
		const failed = await handle.db.select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id))
		expect(failed.map((delivery) => delivery.status)).toEqual(['failed', 'failed'])
		receiver.state.answer = () => ({ status: 200, headers: {} })
		expect(await replayDeliveries(handle.db, endpoint.id, { deliveryId: failed[0]!.id })).toBe(1)
		await drainNow()
		expect(await replayDeliveries(handle.db, endpoint.id, { since: new Date(Date.now() - 3_600_000) })).toBe(1)
		await drainNow()
		const accepted = receiver.received.filter((entry) => entry.status === 200).map((entry) => entry.id)
		expect(accepted).toEqual(failed.map((delivery) => delivery.eventId))
	})

	test('after a rotation both the old and the new secret verify every delivery', async () => {
		const endpoint = await addEndpoint()
		const newSecret = await rotateSecret(handle.db, services.webhookKey, endpoint.id)
		receiver.state.secrets = [endpoint.secret, newSecret!]
		await postLead()
		await drainNow()
		expect(receiver.received).toHaveLength(1)
		expect(receiver.received[0]!.verified).toBe(true)
	})

	test('a receiver that hangs holds one slot of the worker; the others deliver meanwhile', async () => {
		const slow = await addEndpoint('/slow', ['lead.created'])
		const fast = await addEndpoint('/fast', ['lead.created'])
		receiver.state.secrets = []
		const hanging = http.createServer(() => {})
		await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', () => resolve()))
		await handle.db
			.update(webhookEndpoints)
			.set({ url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hang` })
			.where(eq(webhookEndpoints.id, slow.id))
		await postLead()
		const worker = startWebhookWorker({
			...context,
			log: { error: () => {}, warn: () => {} },
			concurrency: 2,
			timeoutMs: 1_500,
			intervalMs: 60_000,
		})
		await new Promise((resolve) => setTimeout(resolve, 700))
		// The fast receiver has its event while the slow one still holds its slot.
		expect(receiver.received.map((entry) => entry.path)).toEqual(['/fast'])
		await worker.idle()
		await worker.stop()
		hanging.close()
		const rows = await handle.db.select().from(webhookDeliveries)
		expect(rows.find((row) => row.endpointId === fast.id)?.status).toBe('delivered')
		expect(rows.find((row) => row.endpointId === slow.id)).toMatchObject({
			status: 'pending',
			lastError: expect.stringMatching(/No answer within 1.5 s/),
		})
	})

	test('the worker posts the later events of a lead right after the earlier one, without waiting for its next poll', async () => {
		await addEndpoint()
		const lead = await postLead()
		// Three events of one lead, all pending before the worker starts: each waits behind the one before it.
		await updateLeadStatus(handle.db, testActor(), { leadId: lead.id, status: 'contacted' } as never, {})
		const worker = startWebhookWorker({ ...context, log: { error: () => {}, warn: () => {} }, intervalMs: 60_000 })
		const deadline = Date.now() + 5_000
		while (receiver.received.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
		await worker.idle()
		await worker.stop()
		expect(receiver.received.map((entry) => entry.type)).toEqual(['lead.created', 'lead.status_changed', 'lead.first_contact'])
	})

	test('while visitors keep the server busy, a delivery waits a moment (at most YIELD_MAX_MS) and then goes anyway, in a bigger batch', async () => {
		await addEndpoint()
		for (let n = 0; n < CLAIM_BATCH + 2; n++)
			await postLead({ ...janeContact, email: `busy-${n}@example.com`, phone: `(949) 555-01${10 + n}` })
		let busy = true
		const started = performance.now()
		const worker = startWebhookWorker({
			...context,
			log: { error: () => {}, warn: () => {} },
			intervalMs: 60_000,
			concurrency: 1,
			busy: () => busy,
		})
		await new Promise((resolve) => setTimeout(resolve, 120))
		expect(receiver.received).toHaveLength(0)
		const deadline = Date.now() + 10_000
		while (receiver.received.length < CLAIM_BATCH + 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
		// One slot, one wait: every delivery came in the one batch it claimed after the wait (BUSY_CLAIM_BATCH, not 10).
		expect(receiver.received).toHaveLength(CLAIM_BATCH + 2)
		expect(performance.now() - started).toBeGreaterThanOrEqual(YIELD_MAX_MS - 10)
		expect(performance.now() - started).toBeLessThan(2 * YIELD_MAX_MS)
		// The server is free again: the next lead's delivery does not wait.
		busy = false
		await postLead({ ...janeContact, email: 'not-busy@example.com', phone: '(949) 555-0177' })
		worker.wake()
		const second = performance.now()
		while (receiver.received.length < CLAIM_BATCH + 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5))
		expect(performance.now() - second).toBeLessThan(240)
		await worker.idle()
		await worker.stop()
	})

	test('quotes, a lead entered by staff and its assignment queue their events, with the terms', async () => {
		await addEndpoint()
		const lead = await postLead()
		const api = async (run: (args: never) => unknown, path: string, body: unknown) => {
			const response = (await run({
				request: json(path, body, { Authorization: `Bearer ${lead.token}` }),
				context: routeContext(services),
				params: { id: lead.id },
			} as never)) as Response
			expect(response.status).toBe(200)
		}
		await api(purposeAction, `/api/leads/${lead.id}/purpose`, {
			statement: 'business-purpose',
			statementVersion: PURPOSE_STATEMENT_VERSION,
		})
		await api(quotesAction, `/api/leads/${lead.id}/quotes`, { event: 'presented' })
		const refinements = { ficoBand: '740-759', monthlyRent: 4200 }
		await api(quotesAction, `/api/leads/${lead.id}/quotes`, { event: 'chosen', refinements, choice: { prepayment: '3-2-1', points: 1 } })
		const officer = await signedInStaff(services, ['user'])
		const manual = await createManualLead(
			handle.db,
			testActor(),
			createLeadSchema.parse({ firstName: 'Pat', lastName: 'Phone', email: 'pat@example.com', phone: '(949) 555-0150' }),
			{ baseUrl: 'http://localhost:3000' },
		)
		// Routing gave the new lead to the only officer (lead.created names them); a manager gives it to another.
		const other = await signedInStaff(services, ['user'])
		await assignLead(
			handle.db,
			testActor(),
			{ leadId: manual.id, assigneeId: other.user.id },
			{
				baseUrl: 'http://localhost:3000',
				timeZone: 'America/New_York',
			},
		)
		await drainNow()
		const byType = new Map(receiver.received.map((entry) => [entry.type, entry]))
		expect([...byType.keys()].sort()).toEqual(['lead.assigned', 'lead.created', 'quote.chosen', 'quote.presented'])
		// In the order they were queued (a table read without an order has none).
		const events = await handle.db.select().from(webhookEvents).orderBy(asc(webhookEvents.createdAt))
		const chosen = events.find((event) => event.type === 'quote.chosen')!
		expect(chosen.payload).toMatchObject({
			data: {
				lead: { id: lead.id },
				quote: { request: { prepayment: '3-2-1', points: 1, ficoBand: '740-759' }, terms: [expect.any(Object)] },
			},
		})
		for (const event of events) expect(Buffer.byteLength(JSON.stringify(event.payload)), event.type).toBeLessThan(20 * 1024)
		const assigned = events.find((event) => event.type === 'lead.assigned' && event.leadId === manual.id)!
		expect(assigned.payload).toMatchObject({
			data: {
				lead: { id: manual.id, owner: { id: other.user.id } },
				change: { fromId: officer.user.id, toId: other.user.id, by: 'manager' },
			},
		})
		expect(events.filter((event) => event.leadId === manual.id).map((event) => event.type)).toEqual(['lead.created', 'lead.assigned'])
		// The officer would now receive every new lead: later tests in this file route their leads (the last test relies on it).
	})

	test('an endpoint added by another process moments ago still gets the next lead, on both paths', async () => {
		// This process reads that no endpoint exists; another one adds one (the cache here is not told).
		await postLead()
		const addedElsewhere = async () => {
			const secret = newWebhookSecret()
			await handle.db.insert(webhookEndpoints).values({
				url: `${receiver.url}/hook`,
				eventTypes: ['lead.created'],
				secretEncrypted: encryptSecret(services.webhookKey, secret),
			})
			receiver.state.secrets = [secret]
		}
		await addedElsewhere()
		const unkeyed = await postLead({ ...janeContact, email: 'stale-1@example.com', phone: '(949) 555-0161' })
		await handle.db.delete(webhookEndpoints)
		forgetSubscriptions(handle.db)
		await postLead({ ...janeContact, email: 'stale-2@example.com', phone: '(949) 555-0162' })
		await addedElsewhere()
		const keyed = await postLead(
			{ ...janeContact, email: 'stale-3@example.com', phone: '(949) 555-0163' },
			{ 'Idempotency-Key': 'webhook-stale-3' },
		)
		const events = await handle.db.select().from(webhookEvents)
		expect(events.map((event) => event.leadId).sort()).toEqual([keyed.id, unkeyed.id].sort())
		await drainNow()
		expect(receiver.received.filter((entry) => entry.verified).map((entry) => entry.leadId)).toEqual([keyed.id])
	})

	test('a routed lead (an officer fits) carries its owner, written with the routing in one statement', async () => {
		await addEndpoint()
		const lead = await postLead({ ...janeContact, email: 'routed@example.com', phone: '(949) 555-0170' })
		const [row] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
		expect(row!.assignedTo).not.toBeNull()
		const [event] = await handle.db.select().from(webhookEvents)
		expect(event!.payload).toMatchObject({
			type: 'lead.created',
			// The time the payload gives is the lead's own, to the millisecond.
			data: { lead: { id: lead.id, owner: { id: row!.assignedTo }, createdAt: row!.createdAt.toISOString() } },
		})
		await drainNow()
		expect(receiver.received).toHaveLength(1)
		expect(receiver.received[0]!.verified).toBe(true)
		// The body sent is the stored text itself, as compact as it was written (its size is what the 20 KB cut measured).
		const stored = (await handle.db.execute(sql`select payload::text as text from webhook_events`)) as unknown as {
			rows: Array<{ text: string }>
		}
		expect(receiver.received[0]!.body).toBe(stored.rows[0]!.text)
		expect(receiver.received[0]!.body).toBe(JSON.stringify(JSON.parse(receiver.received[0]!.body)))
	})
})

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
