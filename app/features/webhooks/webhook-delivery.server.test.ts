import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { leads, outbox, webhookDeliveries, webhookEndpoints, webhookEvents } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { updateLeadStatus } from '#app/features/leads/work/update-lead-status.server.ts'
import { addLeadNote } from '#app/features/leads/work/lead-notes.server.ts'
import { storeContactMessage } from '#app/features/contact/contact.server.ts'
import { action as longFormAction } from '#app/routes/api/leads.long-form.ts'
import { janeContact, longFormAnswers, refinanceAnswers } from '../../../tests/lead-fixtures.ts'
import { testActor } from '../../../tests/lead-test-data.ts'
import { routeContext } from '../../../tests/test-services.ts'
import { claimDueDeliveries, deliver, deliverAll, nextDelaySeconds, releaseWebhookClaims } from './webhook-delivery.server.ts'
import { setEndpointEnabled } from './webhooks.server.ts'
import {
	adminEmail,
	addEndpoint,
	context,
	deliveriesByAnswer,
	drainNow,
	handle,
	json,
	postLead,
	receiver,
	services,
	timePasses,
	setUpWebhookApp,
} from '../../../tests/webhook-harness.ts'

/** docs/decisions/0068, 0069: deliveries, retries, leases and failures, against a receiver on 127.0.0.1. */

setUpWebhookApp()

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
		await addLeadNote(handle.db, actor, { leadId: first.id, body: 'Called, wants 30-year fixed' }, { baseUrl: 'http://localhost:3000' })
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

	test('503 with Retry-After waits as asked too; a 500’s Retry-After is not read (the schedule’s 5 seconds)', async () => {
		await addEndpoint()
		const answers = [503, 500]
		const leadsByStatus = new Map<string, number>()
		for (const [index, status] of answers.entries()) {
			const lead = await postLead({ ...janeContact, email: `retry-after-${index}@example.com`, phone: `(949) 555-01${60 + index}` })
			leadsByStatus.set(lead.id, status)
		}
		receiver.state.answer = (request) => ({ status: leadsByStatus.get(request.leadId ?? '') ?? 200, headers: { 'Retry-After': '120' } })
		await drainNow()
		const waits = await handle.db
			.select({
				leadId: webhookEvents.leadId,
				seconds: sql<number>`extract(epoch from ${webhookDeliveries.nextAttemptAt} - now())::int`,
			})
			.from(webhookDeliveries)
			.innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
		const waitOf = (status: number) => waits.find((row) => leadsByStatus.get(row.leadId ?? '') === status)!.seconds
		expect(waitOf(503)).toBeGreaterThan(110)
		expect(waitOf(500)).toBeLessThanOrEqual(5)
	})

	test('only a 2xx answer delivers: a redirect (302) is a failure, retried, never followed', async () => {
		await addEndpoint()
		const lead = await postLead({ ...janeContact, email: 'redirected@example.com', phone: '(949) 555-0169' })
		receiver.state.answer = () => ({ status: 302, headers: { Location: 'https://elsewhere.example/hook' } })
		await drainNow()
		const [delivery] = await handle.db
			.select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
			.from(webhookDeliveries)
			.innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
			.where(eq(webhookEvents.leadId, lead.id))
		expect(delivery).toMatchObject({ status: 'pending', attempts: 1 })
		expect(receiver.received.filter((entry) => entry.status === 302)).toHaveLength(1)
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
		// An hour short of 5 days: still on.
		await postLead()
		await handle.db.update(webhookEndpoints).set({ failingSince: sql`now() - interval '4 days 23 hours'` })
		await drainNow()
		const [early] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
		expect(early).toMatchObject({ enabled: true, disabledReason: null })
		await postLead({ ...janeContact, email: 'failing-5-days@example.com', phone: '(949) 555-0188' })
		await handle.db.update(webhookEndpoints).set({ failingSince: sql`now() - interval '5 days 1 minute'` })
		await drainNow()
		const [row] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
		expect(row).toMatchObject({ enabled: false, disabledReason: 'Every delivery failed for 5 days' })
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'webhook-endpoint-disabled'))
		expect(mails).toHaveLength(1)
		expect(mails[0]!.payload).toMatchObject({ to: [adminEmail], subject: 'A webhook endpoint was switched off' })
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

	test('a contact message reaches an endpoint subscribed to contact messages alone', async () => {
		await addEndpoint('/messages', ['contact_message.created'])
		const settings = await services.content.get('settings')
		const company = await services.content.get('company')
		await storeContactMessage(
			handle.db,
			{ name: 'Sam', email: 'sam@example.com', phone: '(949) 555-0100', message: 'Hello there, a quote please' },
			{ settings, company, userAgent: null, baseUrl: 'http://localhost:3000' },
		)
		await drainNow()
		expect(receiver.received.map((entry) => [entry.path, entry.type])).toEqual([['/messages', 'contact_message.created']])
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
})

test("a receiver's Retry-After is obeyed up to 24 hours, never longer", () => {
	expect(nextDelaySeconds(1, 86_400)).toBe(86_400)
	expect(nextDelaySeconds(1, 86_401)).toBe(86_400)
})
