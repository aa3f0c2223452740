import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { activityLog, leadActivity, leadFundings, leads, webhookEvents } from '#db/schema.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'
import { createEndpoint } from '#app/features/webhooks/webhooks.server.ts'
import { anonymizeLeadRows } from '#app/features/retention/anonymize.server.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { seededServices } from '../../../../tests/test-services.ts'
import { insertTestLead } from '../../../../tests/lead-test-data.ts'
import { staffActor } from '../../../../tests/staff-session.ts'
import { FUNDING_MESSAGES, fundedDayText } from '../model/lead-funding.ts'
import { ASSIGNMENT_MESSAGES } from '../model/lead-assignment.ts'
import { LEAD_MESSAGES } from './lead-messages.ts'
import { runLeadIntent } from './lead-intents.server.ts'
import { getLeadDetails } from './lead-details.server.ts'

// docs/decisions/0123: the loan a closed lead funded, through the leads screen's action as the dialog posts it.

let handle: DatabaseHandle
let services: AppServices
let officer: StaffUser
let otherOfficer: StaffUser
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
const ZONE = 'America/Los_Angeles'
const DAY_MINUTES = 24 * 60

beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	officer = await staffActor(services, ['user'], 'Fran Funding')
	otherOfficer = await staffActor(services, ['user'], 'Otis Other')
	await createEndpoint(
		handle.db,
		services.webhookKey,
		{ kind: 'standard', url: 'https://crm.example.com/hook', description: 'CRM', eventTypes: ['lead.funded'] },
		'admin@example.com',
	)
})
afterAll(() => handle.close())
beforeEach(async () => {
	await handle.db.delete(leadFundings)
})

const post = (actor: StaffUser, fields: Record<string, string>) => {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	return runLeadIntent(handle.db, actor, form, log, { baseUrl: 'http://localhost:3000', timeZone: ZONE })
}
const today = () => dayInTimeZone(new Date(), ZONE)
const daysAgo = (days: number) => dayInTimeZone(new Date(Date.now() - days * DAY_MINUTES * 60_000), ZONE)
const record = (actor: StaffUser, leadId: string, fields: Record<string, string> = {}) =>
	post(actor, { intent: 'funding-save', leadId, amount: '$450,000', rate: '7.125', points: '1', fundedOn: today(), ...fields })
/** A Closed lead of the officer's that came in through the wizard (its short form), ten days ago. */
const closedLead = (values: Partial<typeof leads.$inferInsert> & { minutesAgo?: number } = {}) =>
	insertTestLead(handle.db, {
		status: 'closed',
		assignedTo: officer.id,
		formCompletionStatus: 'short_form',
		minutesAgo: 10 * DAY_MINUTES,
		...values,
	})
const loggedOf = async (leadId: string) =>
	handle.db
		.select({ action: activityLog.action, details: activityLog.details })
		.from(activityLog)
		.where(eq(activityLog.subjectId, leadId))
		.orderBy(desc(activityLog.id))
const stored = async (leadId: string) => (await handle.db.select().from(leadFundings).where(eq(leadFundings.leadId, leadId)))[0]
const history = (leadId: string) =>
	handle.db
		.select({ action: leadActivity.action, detail: leadActivity.detail })
		.from(leadActivity)
		.where(eq(leadActivity.leadId, leadId))
		.orderBy(desc(leadActivity.id))
const events = async (leadId: string) =>
	(
		await handle.db
			.select({ payload: webhookEvents.payload })
			.from(webhookEvents)
			.where(and(eq(webhookEvents.leadId, leadId), eq(webhookEvents.type, 'lead.funded')))
			.orderBy(webhookEvents.createdAt)
	).map((event) => (event.payload as { data: { funding: unknown } }).data.funding)

describe('recording the funded loan of a closed lead', () => {
	test('stores the figures, writes the history and the activity log, tells the CRM, and the details show it', async () => {
		const lead = await closedLead()
		const answer = await record(officer, lead.id)
		expect(answer).toEqual({
			status: 200,
			body: {
				ok: true,
				intent: 'funding-save',
				message: FUNDING_MESSAGES.recorded,
				description: `$450,000 at 7.125 %, 1 % in points, funded ${fundedDayText(today())}`,
				leadId: lead.id,
			},
		})
		expect(await stored(lead.id)).toMatchObject({ amount: 450_000, rate: 7.125, points: 1, fundedOn: today(), recordedBy: officer.id })
		const [entry] = await history(lead.id)
		expect(entry).toEqual({ action: 'funding_recorded', detail: { amount: 450_000, rate: 7.125, points: 1, fundedOn: today() } })
		const [logged] = await loggedOf(lead.id)
		expect(logged).toEqual({
			action: 'lead.funding_recorded',
			details: { amount: 450_000, rate: 7.125, points: 1, fundedOn: today(), previous: null },
		})
		expect(await events(lead.id)).toEqual([{ amount: 450_000, rate: 7.125, points: 1, fundedOn: today(), corrected: false }])
		const details = await getLeadDetails(handle.db, officer, lead.id)
		expect(details?.funding).toEqual({ amount: 450_000, rate: 7.125, points: 1, fundedOn: today() })
	})

	test('a correction replaces the figures and keeps the earlier ones in the history; the same figures again change nothing', async () => {
		const lead = await closedLead()
		await record(officer, lead.id)
		const corrected = await record(officer, lead.id, { amount: '455000', rate: '7.25 %', points: '0.5', fundedOn: daysAgo(1) })
		expect(corrected.body).toMatchObject({ ok: true, message: FUNDING_MESSAGES.corrected })
		const correctedRow = await stored(lead.id)
		expect(correctedRow).toMatchObject({ amount: 455_000, rate: 7.25, points: 0.5, fundedOn: daysAgo(1) })
		const previous = { amount: 450_000, rate: 7.125, points: 1, fundedOn: today() }
		const [entry] = await history(lead.id)
		expect(entry?.detail).toEqual({ amount: 455_000, rate: 7.25, points: 0.5, fundedOn: daysAgo(1), previous })
		// The activity log keeps what the correction replaced too.
		const [logged] = await loggedOf(lead.id)
		expect(logged).toEqual({
			action: 'lead.funding_recorded',
			details: { amount: 455_000, rate: 7.25, points: 0.5, fundedOn: daysAgo(1), previous },
		})
		const loggedBefore = (await loggedOf(lead.id)).length
		const again = await record(officer, lead.id, { amount: '455,000', rate: '7.250', points: '.5', fundedOn: daysAgo(1) })
		expect(again.body).toMatchObject({ ok: true, message: FUNDING_MESSAGES.unchanged })
		expect((await history(lead.id)).filter((item) => item.action === 'funding_recorded')).toHaveLength(2)
		expect(await loggedOf(lead.id)).toHaveLength(loggedBefore)
		expect((await stored(lead.id))?.recordedAt).toEqual(correctedRow?.recordedAt)
		expect((await events(lead.id)).map((funding) => (funding as { corrected: boolean }).corrected)).toEqual([false, true])
	})

	test('only a Closed lead takes one: any other status is refused and nothing is stored', async () => {
		for (const status of ['qualified', 'hot', 'lost'] as const) {
			const lead = await closedLead({ status })
			expect(await record(officer, lead.id)).toEqual({
				status: 409,
				body: { ok: false, intent: 'funding-save', error: FUNDING_MESSAGES.notClosed },
			})
			expect(await stored(lead.id)).toBeUndefined()
		}
	})

	test('the day it funded is neither after today nor before the day the lead came in (the office’s calendar)', async () => {
		const lead = await closedLead({ minutesAgo: 3 * DAY_MINUTES })
		const tomorrow = dayInTimeZone(new Date(Date.now() + DAY_MINUTES * 60_000), ZONE)
		expect((await record(officer, lead.id, { fundedOn: tomorrow })).body).toMatchObject({ ok: false, error: FUNDING_MESSAGES.future })
		expect((await record(officer, lead.id, { fundedOn: daysAgo(5) })).body).toMatchObject({ ok: false, error: FUNDING_MESSAGES.beforeLead })
		expect((await record(officer, lead.id, { fundedOn: daysAgo(3) })).body).toMatchObject({ ok: true })
		// A lead entered by staff may be a deal back-filled after it funded: an earlier day is taken.
		const backFilled = await closedLead({ minutesAgo: 3 * DAY_MINUTES, formCompletionStatus: null })
		expect((await record(officer, backFilled.id, { fundedOn: daysAgo(40) })).body).toMatchObject({ ok: true })
	})

	test('each figure out of its range is refused with its own message', async () => {
		const lead = await closedLead()
		const refused = async (fields: Record<string, string>) => ((await record(officer, lead.id, fields)).body as { error?: string }).error
		expect(await refused({ amount: '9,999' })).toBe(FUNDING_MESSAGES.amountRange)
		expect(await refused({ amount: '450,000.50' })).toBe(FUNDING_MESSAGES.amount)
		expect(await refused({ rate: '0' })).toBe(FUNDING_MESSAGES.rateRange)
		expect(await refused({ rate: '7.1255' })).toBe(FUNDING_MESSAGES.rate)
		expect(await refused({ points: '11' })).toBe(FUNDING_MESSAGES.pointsRange)
		expect(await refused({ fundedOn: '2026-02-30' })).toBe(FUNDING_MESSAGES.fundedOn)
		expect(await stored(lead.id)).toBeUndefined()
	})

	test('another officer’s lead answers as missing; an unassigned lead is taken by the officer who records it', async () => {
		const theirs = await closedLead({ assignedTo: otherOfficer.id })
		expect(await record(officer, theirs.id)).toEqual({
			status: 404,
			body: { ok: false, intent: 'funding-save', error: LEAD_MESSAGES.noSuchLead },
		})
		const pooled = await closedLead({ assignedTo: null })
		const answer = await record(officer, pooled.id)
		expect((answer.body as { description?: string }).description).toMatch(new RegExp(`${ASSIGNMENT_MESSAGES.takenByWork}$`))
		expect((await handle.db.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, pooled.id)))[0]).toEqual({
			assignedTo: officer.id,
		})
	})
})

describe('removing a funded loan recorded by mistake', () => {
	test('deletes it, keeps what it was in the history and the activity log, and tells the CRM with funding null; twice is refused', async () => {
		const lead = await closedLead()
		await record(officer, lead.id)
		const removed = await post(officer, { intent: 'funding-remove', leadId: lead.id })
		expect(removed.body).toEqual({ ok: true, intent: 'funding-remove', message: FUNDING_MESSAGES.removed, leadId: lead.id })
		expect(await stored(lead.id)).toBeUndefined()
		const previous = { amount: 450_000, rate: 7.125, points: 1, fundedOn: today() }
		const [entry] = await history(lead.id)
		expect(entry).toEqual({ action: 'funding_removed', detail: { previous } })
		const [logged] = await loggedOf(lead.id)
		expect(logged).toEqual({ action: 'lead.funding_removed', details: { previous } })
		expect((await events(lead.id)).at(-1)).toBeNull()
		expect(await post(officer, { intent: 'funding-remove', leadId: lead.id })).toEqual({
			status: 409,
			body: { ok: false, intent: 'funding-remove', error: FUNDING_MESSAGES.noFunding },
		})
	})

	test('a closing that fell through keeps its figures until they are removed; another officer’s lead answers as missing', async () => {
		const lead = await closedLead()
		await record(officer, lead.id)
		await handle.db.update(leads).set({ status: 'lost' }).where(eq(leads.id, lead.id))
		expect(await stored(lead.id)).toMatchObject({ amount: 450_000 })
		expect((await post(otherOfficer, { intent: 'funding-remove', leadId: lead.id })).body).toEqual({
			ok: false,
			intent: 'funding-remove',
			error: LEAD_MESSAGES.noSuchLead,
		})
		expect(await stored(lead.id)).toMatchObject({ amount: 450_000 })
		expect((await post(officer, { intent: 'funding-remove', leadId: lead.id })).body).toMatchObject({ ok: true })
		expect(await stored(lead.id)).toBeUndefined()
	})

	test('an officer who removes it from an unassigned lead takes the lead, as with any work on it', async () => {
		const lead = await closedLead({ assignedTo: null })
		await handle.db.insert(leadFundings).values({ leadId: lead.id, amount: 300_000, rate: 8, points: 0, fundedOn: today() })
		const removed = await post(officer, { intent: 'funding-remove', leadId: lead.id })
		expect((removed.body as { description?: string }).description).toBe(ASSIGNMENT_MESSAGES.takenByWork)
		expect((await handle.db.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, lead.id)))[0]).toEqual({
			assignedTo: officer.id,
		})
	})
})

test('anonymising the lead keeps its funded loan (no personal data); deleting the lead deletes it', async () => {
	const lead = await closedLead()
	await record(officer, lead.id)
	const [row] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
	await anonymizeLeadRows(
		handle.db,
		[{ id: lead.id, message: row!.message, attribution: row!.attribution, property_details: null, loan_customization: null }],
		new Date(),
	)
	expect(await stored(lead.id)).toMatchObject({ amount: 450_000 })
	await handle.db.delete(leads).where(eq(leads.id, lead.id))
	expect(await stored(lead.id)).toBeUndefined()
})
