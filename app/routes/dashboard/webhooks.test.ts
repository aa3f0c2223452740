import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { idempotencyKeys, webhookDeliveries, webhookEndpoints, webhookEvents } from '#db/schema.ts'
import { decryptSecret } from '#app/features/webhooks/signing.server.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { type SeededApp, createTestServices, openSeededApp, routeContext } from '../../../tests/test-services.ts'
import { action, loader } from './webhooks.tsx'

let { handle, services, admin } = {} as SeededApp
beforeAll(async () => {
	;({ handle, services, admin } = await openSeededApp({ admin: true }))
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(webhookEndpoints)
	await handle.db.delete(webhookEvents)
})

const origin = 'http://localhost:3000'

async function outcome(run: () => Promise<unknown>) {
	try {
		const result = (await run()) as { data?: unknown; init?: { status?: number } | null } | Record<string, unknown>
		if (result && typeof result === 'object' && 'data' in result && 'init' in result)
			return { status: (result.init as { status?: number } | null)?.status ?? 200, body: result.data as Record<string, any> }
		return { status: 200, body: result as Record<string, any> }
	} catch (thrown) {
		if (thrown instanceof Response) return { status: thrown.status, body: {} as Record<string, any> }
		throw thrown
	}
}

const load = (cookie: string, query = '', on = services) =>
	outcome(() =>
		loader({ request: staffRequest(`${origin}/dashboard/webhooks${query}`, cookie), context: routeContext(on), params: {} } as never),
	)
const post = (cookie: string, fields: Record<string, string | string[]>, on = services) => {
	const body = new URLSearchParams()
	for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
	return outcome(() =>
		action({
			request: staffRequest(`${origin}/dashboard/webhooks`, cookie, { method: 'POST', body }),
			context: routeContext(on),
			params: {},
		} as never),
	)
}
const create = (cookie: string, url = 'https://crm.example.com/hook', eventTypes = ['lead.created', 'quote.chosen']) =>
	post(cookie, { intent: 'create', url, description: 'CRM', eventTypes })

describe('the Webhooks screen (docs/decisions/0068)', () => {
	test('only an admin reads or changes it: a sales manager and a loan officer get 403 and change nothing', async () => {
		for (const roles of [['moderator'], ['user']] as const) {
			const staff = await signedInStaff(services, [...roles])
			expect((await load(staff.cookie)).status).toBe(403)
			expect((await create(staff.cookie)).status).toBe(403)
		}
		expect(await handle.db.select().from(webhookEndpoints)).toEqual([])
		expect((await load(admin.cookie)).status).toBe(200)
	})

	test('adding: the secret (whsec_ + 32 bytes) is answered once, stored only encrypted, never in the loader', async () => {
		const { status, body } = await create(admin.cookie)
		expect(status).toBe(200)
		expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
		const [row] = await handle.db.select().from(webhookEndpoints)
		expect(row).toMatchObject({ url: 'https://crm.example.com/hook', eventTypes: ['lead.created', 'quote.chosen'], enabled: true })
		expect(row!.secretEncrypted).not.toContain(body.secret.slice(6))
		expect(decryptSecret(services.webhookKey, row!.secretEncrypted)).toBe(body.secret)
		const page = await load(admin.cookie)
		expect(JSON.stringify(page.body)).not.toContain(body.secret.slice(6))
		expect(page.body.endpoints).toHaveLength(1)
		expect(services.webhooksChanged).toHaveBeenCalled()
	})

	test('https only, unless the operator allows http; every field checked by the one schema', async () => {
		const http = await create(admin.cookie, 'http://crm.example.com/hook')
		expect(http).toMatchObject({ status: 422, body: { ok: false, errors: { url: expect.stringMatching(/https:\/\//) } } })
		expect((await create(admin.cookie, 'https://crm.example.com/hook', [])).body.errors.eventTypes).toBe('Choose at least one event')
		const relaxed = createTestServices(handle, { WEBHOOK_ALLOW_HTTP: 'true' })
		const allowed = await post(
			admin.cookie,
			{ intent: 'create', url: 'http://crm.example.com/hook', eventTypes: ['lead.created'] },
			relaxed,
		)
		expect(allowed.status).toBe(200)
		// An address certainly refused is named when saved, not in a failed delivery; the allow-list lets it through.
		for (const url of [
			'http://10.0.0.5/hook',
			'http://169.254.169.254/latest',
			'http://[::1]/x',
			'http://0x7f000001/x',
			'http://localhost:9/x',
			// The same host with a trailing dot, and 127.0.0.1 written inside IPv6 (IPv4-compatible, 6to4).
			'http://localhost.:9/x',
			'http://[::127.0.0.1]/x',
			'http://[2002:7f00:1::]/x',
		]) {
			const refused = await post(admin.cookie, { intent: 'create', url, eventTypes: ['lead.created'] }, relaxed)
			expect(refused, url).toMatchObject({
				status: 422,
				body: { errors: { url: expect.stringMatching(/private, loopback or link-local/) } },
			})
		}
		const listed = createTestServices(handle, { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_HOSTS: '10.0.0.0/8' })
		expect((await post(admin.cookie, { intent: 'create', url: 'http://10.0.0.5/hook', eventTypes: ['lead.created'] }, listed)).status).toBe(
			200,
		)
		// Stored as requests go: no tab, line break or right-to-left trick hides where it points; NUL is refused, never a 500.
		await post(admin.cookie, { intent: 'create', url: 'https://crm.example.com/a\tb', eventTypes: ['lead.created'] })
		expect((await handle.db.select().from(webhookEndpoints)).map((row) => row.url)).toContain('https://crm.example.com/ab')
		for (const url of ['https://crm.example.com/\u202Egnp.exe', 'https://crm.example.com/a\u0000b']) {
			const refused = await post(admin.cookie, { intent: 'create', url, eventTypes: ['lead.created'] })
			expect(refused, url).toMatchObject({
				status: 422,
				body: { errors: { url: expect.stringMatching(/invisible or control characters/) } },
			})
		}
		const nul = await post(admin.cookie, {
			intent: 'create',
			url: 'https://crm.example.com/x',
			description: 'a\u0000b',
			eventTypes: ['lead.created'],
		})
		expect(nul).toMatchObject({ status: 422, body: { errors: { description: expect.stringMatching(/not allowed/) } } })
	})

	test('the same add form sent twice (a reload re-posting it without JavaScript) adds one endpoint, and never shows a secret again', async () => {
		const page = await load(admin.cookie)
		const submission = page.body.submission as string
		expect(submission).toMatch(/^[0-9a-f-]{36}$/)
		const fields = { intent: 'create', url: 'https://crm.example.com/hook', eventTypes: ['lead.created'], submission }
		const first = await post(admin.cookie, fields)
		expect(first.body.secret).toMatch(/^whsec_/)
		const again = await post(admin.cookie, fields)
		expect(again).toMatchObject({ status: 200, body: { ok: true, endpointId: first.body.endpointId } })
		expect(again.body.message).toMatch(/already sent/)
		expect(again.body.secret).toBeUndefined()
		expect(JSON.stringify(await handle.db.select().from(idempotencyKeys))).not.toContain(first.body.secret.slice(6))
		expect(await handle.db.select().from(webhookEndpoints)).toHaveLength(1)
		// The next drawing of the page is a new form; a request without a form id is not guarded.
		expect((await load(admin.cookie)).body.submission).not.toBe(submission)
		await post(admin.cookie, { ...fields, submission: crypto.randomUUID() })
		await post(admin.cookie, { ...fields, submission: 'not-an-id' })
		expect(await handle.db.select().from(webhookEndpoints)).toHaveLength(3)
	})

	test('"Replay failed since" reads the time in the reader\'s zone when the browser sends its offset, in UTC without it', async () => {
		const { body } = await create(admin.cookie)
		const id = body.endpointId as string
		const failedAt = (iso: string, index: number) => ({
			endpointId: id,
			eventId: `msg_since${index}`,
			status: 'failed' as const,
			attempts: 8,
			createdAt: new Date(iso),
		})
		const seed = async () => {
			await handle.db.delete(webhookDeliveries)
			await handle.db.delete(webhookEvents)
			await handle.db.insert(webhookEvents).values([0, 1].map((index) => ({ id: `msg_since${index}`, type: 'lead.created', payload: {} })))
			await handle.db.insert(webhookDeliveries).values([failedAt('2026-01-15T12:00:00Z', 0), failedAt('2026-01-15T14:00:00Z', 1)])
		}
		await seed()
		// 08:30 in New York in January (getTimezoneOffset 300) is 13:30 UTC: only the 14:00 failure is after it.
		const local = await post(admin.cookie, { intent: 'replay-since', id, since: '2026-01-15T08:30', offsetMinutes: '300' })
		expect(local.body.message).toBe('1 failed delivery queued again')
		await seed()
		const utc = await post(admin.cookie, { intent: 'replay-since', id, since: '2026-01-15T08:30', offsetMinutes: '' })
		expect(utc.body.message).toBe('2 failed deliveries queued again')
		for (const odd of ['abc', '900', '1.5'])
			expect((await post(admin.cookie, { intent: 'replay-since', id, since: '2026-01-15T08:30', offsetMinutes: odd })).status, odd).toBe(
				422,
			)
	})

	test('rotate, switch off and on, test event, replay and delete', async () => {
		const { body } = await create(admin.cookie)
		const id = body.endpointId as string
		const rotated = await post(admin.cookie, { intent: 'rotate', id })
		expect(rotated.body.secret).toMatch(/^whsec_/)
		expect(rotated.body.secret).not.toBe(body.secret)
		const [row] = await handle.db.select().from(webhookEndpoints)
		expect(decryptSecret(services.webhookKey, row!.previousSecretEncrypted!)).toBe(body.secret)
		expect(row!.previousSecretExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000)

		expect((await post(admin.cookie, { intent: 'toggle', id, enabled: 'false' })).status).toBe(200)
		expect((await handle.db.select().from(webhookEndpoints))[0]!.enabled).toBe(false)
		expect((await post(admin.cookie, { intent: 'toggle', id, enabled: 'true' })).status).toBe(200)

		// docs/decisions/0079: the test event is posted at once and its outcome answered: this receiver cannot be reached
		// from a test, so it failed, in words, and is not retried.
		const tested = await post(admin.cookie, { intent: 'test', id })
		expect(tested).toMatchObject({
			status: 502,
			body: { errors: { id: expect.stringMatching(/^Test event failed: .+\. Nothing is retried/) } },
		})
		// An address naming an endpoint that is gone shows no other endpoint's deliveries as its own.
		const gone = await load(admin.cookie, `?endpoint=${crypto.randomUUID()}`)
		expect(gone.body).toMatchObject({ selectedId: null, missingEndpoint: true, deliveries: [] })
		const page = await load(admin.cookie, `?endpoint=${id}`)
		expect(page.body.deliveries).toEqual([
			expect.objectContaining({ type: 'webhook.test', status: 'failed', attempts: 1, eventId: expect.stringMatching(/^msg_/) }),
		])
		await handle.db.update(webhookDeliveries).set({ status: 'pending' })

		// Nothing finished yet: a replay of a pending delivery is refused; a failed one is queued again.
		const deliveryId = String(page.body.deliveries[0].id)
		expect((await post(admin.cookie, { intent: 'replay', id, deliveryId })).status).toBe(409)
		// A delivery id is digits, at most 15 (beyond, a number is no longer exact): an empty one, 1.0, 0x10 or 16 digits is no delivery.
		for (const odd of ['', '1.0', '0x10', '-1', '1234567890123456', '9'.repeat(400)])
			expect((await post(admin.cookie, { intent: 'replay', id, deliveryId: odd })).status, JSON.stringify(odd)).toBe(422)
		await handle.db.update(webhookDeliveries).set({ status: 'failed', attempts: 8 })
		expect((await post(admin.cookie, { intent: 'replay-since', id, since: '2000-01-01T00:00' })).body.message).toBe(
			'1 failed delivery queued again',
		)
		const [again] = await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))
		expect(again).toMatchObject({ status: 'pending', attempts: 0 })
		expect((await post(admin.cookie, { intent: 'replay-since', id, since: 'yesterday' })).status).toBe(422)

		// A switched-off endpoint is sent nothing, so its test and replays are refused with the reason (a replay said
		// "queued" and sent nothing); a toggle says on or off.
		await post(admin.cookie, { intent: 'toggle', id, enabled: 'false' })
		await handle.db.update(webhookDeliveries).set({ status: 'failed', attempts: 8 })
		for (const refusedWhileOff of [
			{ intent: 'test', id } as Record<string, string>,
			{ intent: 'replay', id, deliveryId },
			{ intent: 'replay-since', id, since: '2000-01-01T00:00' },
		])
			expect(await post(admin.cookie, refusedWhileOff), refusedWhileOff.intent).toMatchObject({
				status: 409,
				body: { errors: { id: expect.stringMatching(/Switch the endpoint on first/) } },
			})
		expect((await handle.db.select().from(webhookDeliveries))[0]).toMatchObject({ status: 'failed' })
		expect((await post(admin.cookie, { intent: 'toggle', id, enabled: 'maybe' })).status).toBe(422)

		// Switched on again once its receiver works: what waits for a retry because the receiver was away (no answer,
		// 429, 5xx) is due at once, as after a receiver's return (docs/decisions/0069); a refused payload (4xx) keeps its
		// schedule, and a failed delivery waits for a replay.
		const queued = new Date(Date.now() - 60_000)
		const lastAnswers = [503, null, 429, 400]
		await handle.db
			.insert(webhookEvents)
			.values(lastAnswers.map((_code, index) => ({ id: `msg_waiting${index}`, type: 'lead.created', payload: {} })))
		await handle.db.insert(webhookDeliveries).values(
			lastAnswers.map((code, index) => ({
				endpointId: id,
				eventId: `msg_waiting${index}`,
				attempts: 3,
				lastStatusCode: code,
				nextAttemptAt: new Date(Date.now() + 2 * 3600_000),
				createdAt: queued,
			})),
		)
		expect((await post(admin.cookie, { intent: 'toggle', id, enabled: 'true' })).status).toBe(200)
		const after = await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))
		const dueNow = after.filter((delivery) => delivery.status === 'pending' && delivery.nextAttemptAt <= new Date())
		expect(dueNow.map((delivery) => delivery.lastStatusCode).sort()).toEqual([429, 503, null].sort())
		expect(after.find((delivery) => delivery.lastStatusCode === 400)!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3600_000)
		expect(after.filter((delivery) => delivery.status === 'failed')).toHaveLength(1)
		expect((await post(admin.cookie, { intent: 'replay-since', id: crypto.randomUUID(), since: '2000-01-01T00:00' })).status).toBe(404)
		expect(await post(admin.cookie, { intent: 'frobnicate' })).toMatchObject({
			status: 400,
			body: { errors: { intent: 'Unknown action' } },
		})

		expect((await post(admin.cookie, { intent: 'delete', id })).status).toBe(200)
		expect(await handle.db.select().from(webhookEndpoints)).toEqual([])
		expect(await handle.db.select().from(webhookEvents)).toEqual([])
		expect((await post(admin.cookie, { intent: 'rotate', id })).status).toBe(404)
	})
	test('editing: address, description and events change; the secret, the deliveries and on/off stay; bad input changes nothing', async () => {
		const { body } = await create(admin.cookie)
		const id = body.endpointId as string
		const [before] = await handle.db.select().from(webhookEndpoints)
		const bad = await post(admin.cookie, { intent: 'update', id, url: 'ftp://crm.example.com', description: 'x', eventTypes: [] })
		expect(bad).toMatchObject({
			status: 422,
			body: { ok: false, endpointId: id, errors: { url: expect.any(String), eventTypes: 'Choose at least one event' } },
		})
		expect(await handle.db.select().from(webhookEndpoints)).toEqual([before])
		const saved = await post(admin.cookie, {
			intent: 'update',
			id,
			url: 'https://crm.example.com/v2/hook',
			description: 'CRM v2',
			eventTypes: ['lead.status_changed'],
		})
		expect(saved).toMatchObject({ status: 200, body: { ok: true, message: 'Endpoint saved' } })
		const [after] = await handle.db.select().from(webhookEndpoints)
		expect(after).toMatchObject({
			url: 'https://crm.example.com/v2/hook',
			description: 'CRM v2',
			eventTypes: ['lead.status_changed'],
			enabled: true,
			secretEncrypted: before!.secretEncrypted,
		})
		// A kind stays: a standard endpoint cannot become a HubSpot one (its secret would sign nothing).
		const switched = await post(admin.cookie, {
			intent: 'update',
			id,
			kind: 'hubspot',
			portalId: '62515',
			formGuid: '78c2891f-ebdd-44c0-bd94-15c012bbbfbf',
			eventTypes: ['lead.created'],
		})
		expect(switched).toMatchObject({ status: 422, body: { errors: { kind: expect.stringMatching(/keeps its kind/) } } })
		expect(
			(await post(admin.cookie, { intent: 'update', id: crypto.randomUUID(), url: 'https://a.example', eventTypes: ['lead.created'] }))
				.status,
		).toBe(404)
		const officer = await signedInStaff(services, ['moderator'])
		expect((await post(officer.cookie, { intent: 'update', id, url: 'https://evil.example', eventTypes: ['lead.created'] })).status).toBe(
			403,
		)
		expect((await handle.db.select().from(webhookEndpoints))[0]!.url).toBe('https://crm.example.com/v2/hook')
	})

	test('a HubSpot endpoint: its form’s address, the token kept sealed and never shown, no secret to copy or rotate', async () => {
		const hubspot = { kind: 'hubspot', portalId: '62515', formGuid: '78c2891f-ebdd-44c0-bd94-15c012bbbfbf', description: 'HubSpot' }
		const refused = await post(admin.cookie, { intent: 'create', ...hubspot, portalId: 'acme', eventTypes: ['lead.created'] })
		expect(refused).toMatchObject({ status: 422, body: { errors: { portalId: expect.stringMatching(/HubSpot account ID/) } } })
		const created = await post(admin.cookie, {
			intent: 'create',
			...hubspot,
			accessToken: 'pat-na1-0123-secret',
			eventTypes: ['lead.created'],
		})
		expect(created.status).toBe(200)
		expect(created.body.secret).toBeUndefined()
		const id = created.body.endpointId as string
		const [row] = await handle.db.select().from(webhookEndpoints)
		expect(row).toMatchObject({
			kind: 'hubspot',
			url: 'https://api.hsforms.com/submissions/v3/integration/secure/submit/62515/78c2891f-ebdd-44c0-bd94-15c012bbbfbf',
			hubspot: { portalId: '62515', formGuid: '78c2891f-ebdd-44c0-bd94-15c012bbbfbf', subscriptionTypeId: null },
		})
		expect(row!.accessTokenEncrypted).not.toContain('pat-na1')
		expect(decryptSecret(services.webhookKey, row!.accessTokenEncrypted!)).toBe('pat-na1-0123-secret')
		const page = await load(admin.cookie)
		expect(JSON.stringify(page.body)).not.toContain('pat-na1')
		expect(page.body.endpoints[0]).toMatchObject({ kind: 'hubspot', hasAccessToken: true })
		expect((await post(admin.cookie, { intent: 'rotate', id })).status).toBe(404)

		// An edit with the token left empty keeps it; "remove" goes back to the public address.
		await post(admin.cookie, { intent: 'update', id, ...hubspot, subscriptionTypeId: '999', eventTypes: ['lead.created'] })
		const [kept] = await handle.db.select().from(webhookEndpoints)
		expect(kept!.accessTokenEncrypted).toBe(row!.accessTokenEncrypted)
		expect(kept!.hubspot).toMatchObject({ subscriptionTypeId: '999' })
		await post(admin.cookie, { intent: 'update', id, ...hubspot, removeAccessToken: 'on', eventTypes: ['lead.created'] })
		const [removed] = await handle.db.select().from(webhookEndpoints)
		expect(removed).toMatchObject({
			accessTokenEncrypted: null,
			url: 'https://api.hsforms.com/submissions/v3/integration/submit/62515/78c2891f-ebdd-44c0-bd94-15c012bbbfbf',
		})
	})
})
