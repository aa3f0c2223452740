import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { leads, outbox, webhookDeliveries, webhookEndpoints, webhookEvents } from '#db/schema.ts'
import { CONSENT_VERSION } from '#app/features/quote-wizard/consent.ts'
import { action as createLeadAction } from '#app/routes/api/leads.ts'
import { janeContact, refinanceAnswers } from './lead-fixtures.ts'
import { type SeededApp, openSeededApp, routeContext } from './test-services.ts'
import { createAddressPolicy } from '#app/features/webhooks/address-guard.server.ts'
import { type DeliveryContext, claimDueDeliveries, deliver } from '#app/features/webhooks/webhook-delivery.server.ts'
import { WEBHOOK_EVENT_TYPES } from '#app/features/webhooks/webhook-schema.ts'
import { createEndpoint } from '#app/features/webhooks/webhooks.server.ts'

/** The webhook delivery tests' shared set-up (docs/decisions/0068): a seeded app and a receiver that checks signatures. */

export type Received = {
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
export function startReceiver() {
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

export let { handle, services } = {} as SeededApp
export let receiver: Awaited<ReturnType<typeof startReceiver>>
export let context: DeliveryContext
export const adminEmail = 'boss-webhooks@example.com'
/**
 * The seeded app, a receiver on 127.0.0.1 and a delivery context for the calling test file; each test starts with no
 * endpoint, event, delivery, lead or mail, and a receiver answering 200.
 */
export function setUpWebhookApp() {
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
}

export async function addEndpoint(path = '/hook', eventTypes: string[] = [...WEBHOOK_EVENT_TYPES]) {
	const created = await createEndpoint(
		handle.db,
		services.webhookKey,
		{ kind: 'standard', url: `${receiver.url}${path}`, description: 'CRM', eventTypes: eventTypes as never },
		'admin@example.com',
	)
	receiver.state.secrets = [created.secret]
	return created
}

export const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
	new Request(`http://localhost:3000${url}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
		body: JSON.stringify(body),
	})

export async function postLead(contact = janeContact, headers: Record<string, string> = {}) {
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
export async function deliveriesByAnswer(answers: ReadonlyMap<string, number>) {
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
export async function drainNow() {
	for (;;) {
		const [delivery] = await claimDueDeliveries(handle.db, 1)
		if (!delivery) return
		await deliver(context, delivery)
	}
}
/** The clock moves past every wait (retries and leases). */
export const timePasses = () =>
	handle.db
		.update(webhookDeliveries)
		.set({ nextAttemptAt: sql`now() - interval '1 second'` })
		.where(eq(webhookDeliveries.status, 'pending'))
