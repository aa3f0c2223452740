import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import {
	activityLog,
	leadActivity,
	leadRoutingOfficers,
	leadRoutingSettings,
	leads,
	outbox,
	users,
	webhookEndpoints,
	webhookEvents,
} from '#db/schema.ts'
import { action as leadsAction } from '#app/routes/dashboard/leads.tsx'
import { action as routingAction, loader as routingLoader } from '#app/routes/dashboard/routing.tsx'
import { forgetSubscriptions } from '#app/features/webhooks/webhooks.server.ts'
import { encryptSecret, newWebhookSecret } from '#app/features/webhooks/signing.server.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../../tests/test-services.ts'
import { type SignedInStaff, signedInStaff, staffRequest } from '../../../../tests/staff-session.ts'
import { insertTestLead } from '../../../../tests/lead-test-data.ts'
import { saveOfficerRouting, saveRoutingSettings } from '../routing/lead-routing.server.ts'

/** docs/decisions/0108: the sales manager's tools, through the screens' own actions. */
let handle: DatabaseHandle
let services: AppServices
let manager: SignedInStaff
let officer: SignedInStaff
let jane: { id: string }
let bob: { id: string }
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	manager = await signedInStaff(services, ['moderator'])
	officer = await signedInStaff(services, ['user'])
	jane = (await signedInStaff(services, ['user'])).user
	bob = (await signedInStaff(services, ['user'])).user
	await handle.db.update(users).set({ name: 'Jane Doe' }).where(eq(users.id, jane.id))
	await handle.db.update(users).set({ name: 'Bob Ray' }).where(eq(users.id, bob.id))
	await handle.db.update(users).set({ name: 'Olga Officer' }).where(eq(users.id, officer.user.id))
	// Every lead event is queued, so the test sees the same events a single change sends.
	await handle.db.insert(webhookEndpoints).values({
		url: 'https://hooks.example.com/crm',
		eventTypes: ['lead.assigned', 'lead.status_changed'],
		secretEncrypted: encryptSecret(services.webhookKey, newWebhookSecret()),
	})
	forgetSubscriptions(handle.db)
})
afterAll(() => handle.close())
beforeEach(async () => {
	for (const table of [leads, outbox, webhookEvents, leadRoutingOfficers, leadRoutingSettings]) await handle.db.delete(table)
	// Jane takes Texas DSCR loans only; Bob takes everything; the other officer receives nothing automatically.
	await saveOfficerRouting(handle.db, { userId: jane.id, receivesLeads: true, states: ['TX'], loanTypes: ['DSCR'] })
	await saveOfficerRouting(handle.db, { userId: officer.user.id, receivesLeads: false, states: [], loanTypes: [] })
})

const origin = 'http://localhost:3000'
const post = (module: { action: typeof leadsAction | typeof routingAction }, url: string, who: SignedInStaff, pairs: string[][]) =>
	module
		.action({
			request: staffRequest(`${origin}${url}`, who.cookie, { method: 'POST', body: new URLSearchParams(pairs) }),
			context: routeContext(services),
			params: {},
		} as never)
		.then(
			(result) => {
				const answer = result as unknown as { data: Record<string, unknown>; init: { status?: number } | null }
				return { status: answer.init?.status ?? 200, body: answer.data }
			},
			(thrown: unknown) => {
				if (thrown instanceof Response) return { status: thrown.status, body: {} as Record<string, unknown> }
				throw thrown
			},
		)
const leadsPost = (who: SignedInStaff, pairs: string[][]) => post({ action: leadsAction }, '/dashboard/leads', who, pairs)
const routingPost = (who: SignedInStaff, pairs: string[][]) => post({ action: routingAction }, '/dashboard/routing', who, pairs)
const lead = (firstName: string, state: string | null, loanType: string | null, extra: Parameters<typeof insertTestLead>[1] = {}) =>
	insertTestLead(handle.db, {
		firstName,
		lastName: 'Borrower',
		loanType,
		message: state ? JSON.stringify({ propertyState: state, loanProgram: loanType }) : null,
		...extra,
	})
const rowsOf = (ids: string[]) => handle.db.select().from(leads).where(inArray(leads.id, ids))

describe('bulk assign', () => {
	test("leads the officer does not take stay as they were, and the answer says which and why; the others go through assignLead's whole path", async () => {
		const fits = [await lead('Tex', 'TX', 'DSCR'), await lead('Tess', 'TX', 'DSCR'), await lead('Tim', 'TX', 'DSCR')]
		const ohio = await lead('Olive', 'OH', 'DSCR')
		const bridge = await lead('Brad', 'TX', 'Bridge')
		const all = [...fits, ohio, bridge]
		const answer = await leadsPost(manager, [['intent', 'bulk-assign'], ['assigneeId', jane.id], ...all.map((one) => ['leadId', one.id])])
		expect(answer.status).toBe(200)
		expect(answer.body).toMatchObject({
			ok: true,
			message: '3 of 5 leads assigned to Jane Doe',
			description:
				"2 of 5 not assigned: Ohio is not one of Jane Doe's states (Olive Borrower); Bridge is not one of Jane Doe's programs (Brad Borrower)",
		})
		const after = new Map((await rowsOf(all.map((one) => one.id))).map((row) => [row.id, row.assignedTo]))
		for (const one of fits) expect(after.get(one.id)).toBe(jane.id)
		expect([after.get(ohio.id), after.get(bridge.id)]).toEqual([null, null])
		// The single change's path for each assigned lead: its history, the activity log, lead.assigned and Jane's e-mail.
		const history = await handle.db
			.select()
			.from(leadActivity)
			.where(
				inArray(
					leadActivity.leadId,
					all.map((one) => one.id),
				),
			)
		expect(history.map((entry) => entry.leadId).sort()).toEqual(fits.map((one) => one.id).sort())
		expect(history.every((entry) => entry.action === 'assigned' && entry.actorId === manager.user.id)).toBe(true)
		const logged = await handle.db
			.select()
			.from(activityLog)
			.where(
				and(
					eq(activityLog.action, 'lead.assigned'),
					inArray(
						activityLog.subjectId,
						all.map((one) => one.id),
					),
				),
			)
		expect(logged).toHaveLength(3)
		const events = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'lead.assigned'))
		expect(events.map((event) => event.leadId).sort()).toEqual(fits.map((one) => one.id).sort())
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-assigned-lead'))
		expect(mails).toHaveLength(3)
	})

	test('an officer who takes every state and program gets them all; a lead without a known state goes only to such an officer', async () => {
		const unknown = await lead('Una', null, null)
		const texan = await lead('Tex', 'TX', 'DSCR')
		const toJane = await leadsPost(manager, [
			['intent', 'bulk-assign'],
			['assigneeId', jane.id],
			['leadId', unknown.id],
		])
		expect(toJane.body).toMatchObject({
			message: '0 of 1 lead assigned to Jane Doe',
			description: "1 of 1 not assigned: the property's state is not known and Jane Doe takes only some states (Una Borrower)",
		})
		const toBob = await leadsPost(manager, [
			['intent', 'bulk-assign'],
			['assigneeId', bob.id],
			['leadId', unknown.id],
			['leadId', texan.id],
		])
		expect(toBob.body).toMatchObject({ message: '2 leads assigned to Bob Ray' })
		expect((toBob.body as { description?: string }).description).toBeUndefined()
		expect((await rowsOf([unknown.id, texan.id])).map((row) => row.assignedTo)).toEqual([bob.id, bob.id])
	})

	test('someone who is not an active officer, or no lead chosen, is refused with its reason and nothing changes', async () => {
		const one = await lead('Tex', 'TX', 'DSCR')
		const notOfficer = await leadsPost(manager, [
			['intent', 'bulk-assign'],
			['assigneeId', manager.user.id],
			['leadId', one.id],
		])
		expect(notOfficer).toMatchObject({ status: 422, body: { ok: false, error: 'Choose an active loan officer' } })
		const none = await leadsPost(manager, [
			['intent', 'bulk-assign'],
			['assigneeId', bob.id],
		])
		expect(none).toMatchObject({ status: 422, body: { error: 'Select at least one lead' } })
		expect((await rowsOf([one.id]))[0]!.assignedTo).toBeNull()
	})

	test('a page at most: 500 selected leads are taken, 501 refused with its reason and nothing changes', async () => {
		// docs/decisions/0108's figure, written out.
		const one = await lead('Tex', 'TX', 'DSCR')
		const others = (count: number) => Array.from({ length: count }, () => ['leadId', crypto.randomUUID()])
		const tooMany = await leadsPost(manager, [['intent', 'bulk-assign'], ['assigneeId', bob.id], ['leadId', one.id], ...others(500)])
		expect(tooMany).toMatchObject({ status: 422, body: { ok: false, error: 'Change at most 500 leads at a time' } })
		expect((await rowsOf([one.id]))[0]!.assignedTo).toBeNull()
		const page = await leadsPost(manager, [['intent', 'bulk-assign'], ['assigneeId', bob.id], ['leadId', one.id], ...others(499)])
		expect(page).toMatchObject({ status: 200, body: { ok: true } })
		expect((await rowsOf([one.id]))[0]!.assignedTo).toBe(bob.id)
	})

	test('a loan officer is refused, even for their own leads', async () => {
		const own = await lead('Mine', 'TX', 'DSCR', { assignedTo: officer.user.id })
		for (const pairs of [
			[['assigneeId', bob.id]],
			[
				['intent', 'bulk-status'],
				['status', 'hot'],
			],
		]) {
			const intent = pairs[0]![0] === 'intent' ? [] : [['intent', 'bulk-assign']]
			const answer = await leadsPost(officer, [...intent, ...pairs, ['leadId', own.id]])
			expect(answer.status).toBe(403)
		}
		expect((await rowsOf([own.id]))[0]).toMatchObject({ assignedTo: officer.user.id, status: 'new' })
	})
})

describe('bulk status', () => {
	test('each lead changes through updateLeadStatus: history, activity log and lead.status_changed for every one', async () => {
		const picked = [await lead('Ann', 'TX', 'DSCR'), await lead('Ben', 'OH', 'Bridge'), await lead('Cal', null, null)]
		const answer = await leadsPost(manager, [
			['intent', 'bulk-status'],
			['status', 'contacted'],
			...picked.map((one) => ['leadId', one.id]),
		])
		expect(answer.body).toMatchObject({ ok: true, message: '3 leads set to Contacted' })
		const rows = await rowsOf(picked.map((one) => one.id))
		expect(rows.map((row) => row.status)).toEqual(['contacted', 'contacted', 'contacted'])
		// Moving away from new is the first contact, as for one lead.
		expect(rows.every((row) => row.firstContactedAt !== null)).toBe(true)
		const events = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'lead.status_changed'))
		expect(events).toHaveLength(3)
		const logged = await handle.db.select().from(activityLog).where(eq(activityLog.action, 'lead.status_changed'))
		expect(logged.filter((entry) => picked.some((one) => one.id === entry.subjectId))).toHaveLength(3)
	})

	test('a lead deleted meanwhile is named as left out; a status that does not exist is refused', async () => {
		const kept = await lead('Kept', 'TX', 'DSCR')
		const gone = await lead('Gone', 'TX', 'DSCR')
		await handle.db.delete(leads).where(eq(leads.id, gone.id))
		const answer = await leadsPost(manager, [
			['intent', 'bulk-status'],
			['status', 'hot'],
			['leadId', kept.id],
			['leadId', gone.id],
		])
		expect(answer.body).toMatchObject({
			message: '1 of 2 leads set to Hot',
			description: '1 of 2 not changed: no longer exists (A selected lead)',
		})
		const wrong = await leadsPost(manager, [
			['intent', 'bulk-status'],
			['status', 'sold'],
			['leadId', kept.id],
		])
		expect(wrong).toMatchObject({ status: 422, body: { error: 'Choose a status' } })
	})
})

const load = (who: SignedInStaff) =>
	routingLoader({
		request: staffRequest(`${origin}/dashboard/routing`, who.cookie),
		context: routeContext(services),
		params: {},
	} as never).then(
		(loaded) => ({ status: 200, body: loaded }),
		(thrown: Response) => ({ status: thrown.status, body: null }),
	)

describe('Lead Routing for sales managers', () => {
	test("a sales manager opens it and changes an officer's rule and the switch; a loan officer gets 403 and changes nothing", async () => {
		expect((await load(manager)).status).toBe(200)
		expect((await load(officer)).status).toBe(403)
		const rule = [
			['intent', 'officer'],
			['userId', bob.id],
			['states', 'FL, GA'],
			['loanTypes', 'Bridge'],
		]
		expect((await routingPost(officer, [...rule, ['receivesLeads', 'on']])).status).toBe(403)
		expect(await handle.db.select().from(leadRoutingOfficers).where(eq(leadRoutingOfficers.userId, bob.id))).toEqual([])
		expect((await routingPost(manager, [...rule, ['receivesLeads', 'on']])).body).toMatchObject({ ok: true })
		const [saved] = await handle.db.select().from(leadRoutingOfficers).where(eq(leadRoutingOfficers.userId, bob.id))
		expect(saved).toMatchObject({ states: ['FL', 'GA'], loanTypes: ['Bridge'] })
		const off = [
			['intent', 'settings'],
			['escalationMinutes', '30'],
		]
		expect((await routingPost(officer, off)).status).toBe(403)
		expect(await handle.db.select().from(leadRoutingSettings)).toEqual([])
		expect((await routingPost(manager, off)).body).toMatchObject({ ok: true })
		expect(await handle.db.select().from(leadRoutingSettings)).toMatchObject([{ autoAssign: false, escalationMinutes: 30 }])
	})
})

describe('assigning the waiting leads', () => {
	test('every unassigned lead goes through the routing rules; the answer counts those assigned and those no officer takes', async () => {
		await saveOfficerRouting(handle.db, { userId: bob.id, receivesLeads: true, states: ['FL'], loanTypes: [] })
		const texan = await lead('Tex', 'TX', 'DSCR', { minutesAgo: 30 })
		const floridian = await lead('Flo', 'FL', 'Bridge', { minutesAgo: 20 })
		const ohio = await lead('Olive', 'OH', 'DSCR', { minutesAgo: 10 })
		const unknown = await lead('Una', null, null, { minutesAgo: 5 })
		const owned = await lead('Owned', 'OH', 'DSCR', { assignedTo: officer.user.id })
		const loaded = (await load(manager)).body as { waiting: number }
		expect(loaded.waiting).toBe(4)
		expect((await routingPost(officer, [['intent', 'backlog']])).status).toBe(403)
		expect((await rowsOf([texan.id]))[0]!.assignedTo).toBeNull()
		const answer = await routingPost(manager, [['intent', 'backlog']])
		expect(answer.body).toMatchObject({
			ok: true,
			message: '2 leads assigned by the routing rules; 2 matched no officer and stay unassigned.',
		})
		const after = new Map((await rowsOf([texan.id, floridian.id, ohio.id, unknown.id, owned.id])).map((row) => [row.id, row.assignedTo]))
		expect([after.get(texan.id), after.get(floridian.id), after.get(ohio.id), after.get(unknown.id), after.get(owned.id)]).toEqual([
			jane.id,
			bob.id,
			null,
			null,
			officer.user.id,
		])
		// The same path as a new lead's routing, with the manager named: history, activity log, lead.assigned, the e-mail.
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, texan.id))
		expect(history).toMatchObject([{ action: 'assigned', actorId: manager.user.id, detail: { by: 'routing', toId: jane.id } }])
		const logged = await handle.db
			.select()
			.from(activityLog)
			.where(and(eq(activityLog.action, 'lead.assigned'), eq(activityLog.subjectId, floridian.id)))
		expect(logged).toMatchObject([{ actorId: manager.user.id, details: { by: 'routing', to: bob.id } }])
		const assignedEvents = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'lead.assigned'))
		expect(assignedEvents).toHaveLength(2)
		// The CRM reads who made the change: the routing rules, from the pool.
		const texanEvent = assignedEvents.find((event) => event.leadId === texan.id)
		expect(texanEvent!.payload).toMatchObject({ data: { change: { fromId: null, toId: jane.id, by: 'routing' } } })
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'notify-assigned-lead'))
		expect(mails).toHaveLength(2)
	})

	test('the longest waiting lead is routed first, whatever the order of the ids', async () => {
		await saveOfficerRouting(handle.db, { userId: bob.id, receivesLeads: true, states: [], loanTypes: [] })
		// The ids run against the order of arrival, so an order by id alone routes the newest first.
		const oldest = await lead('Old', 'OH', 'DSCR', { id: 'ffffffff-ffff-4fff-bfff-ffffffffffff', minutesAgo: 30 })
		const middle = await lead('Mid', 'OH', 'DSCR', { id: '88888888-8888-4888-8888-888888888888', minutesAgo: 20 })
		const newest = await lead('New', 'OH', 'DSCR', { id: '00000000-0000-4000-8000-000000000001', minutesAgo: 10 })
		expect((await routingPost(manager, [['intent', 'backlog']])).body).toMatchObject({ ok: true })
		// Each lead is routed in its own transaction, and assignedAt is that transaction's now().
		const routed = (await rowsOf([oldest.id, middle.id, newest.id]))
			.sort((a, b) => a.assignedAt!.getTime() - b.assignedAt!.getTime())
			.map((row) => row.firstName)
		expect(routed).toEqual(['Old', 'Mid', 'New'])
	})

	test('with automatic assignment off, nothing is assigned', async () => {
		await saveRoutingSettings(handle.db, manager.user as never, { autoAssign: false, escalationMinutes: 15 })
		const waiting = await lead('Tex', 'TX', 'DSCR')
		const answer = await routingPost(manager, [['intent', 'backlog']])
		expect(answer.status).toBe(409)
		expect((await rowsOf([waiting.id]))[0]!.assignedTo).toBeNull()
	})
})
