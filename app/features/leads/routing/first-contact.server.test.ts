import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { leadActivity, leadRoutingOfficers, leadRoutingSettings, leads, outbox, rateLimits } from '#db/schema.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { callOutcomeCounts, speedToLead } from '#app/features/dashboard/overview.server.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { logLeadContact, recordContactAttempt } from '../work/assign-lead.server.ts'
import { escalateUntouchedLeads } from './lead-escalation.server.ts'
import { saveRoutingSettings } from './lead-routing.server.ts'
import { insertTestLead, testActor } from '../../../../tests/lead-test-data.ts'
import { updateLeadStatus } from '../work/update-lead-status.server.ts'
import type { ContactOutcome } from '../model/lead-assignment.ts'

/** Speed to lead and the calls that make (or do not make) the first contact: docs/decisions/0036 and 0104. */

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())
beforeEach(async () => {
	for (const table of [leads, outbox, rateLimits, leadRoutingOfficers, leadRoutingSettings]) await handle.db.delete(table)
})

describe('speed-to-lead', () => {
	test('the first contact is the first status change away from new or the first logged call, and is kept', async () => {
		const byStatus = await insertTestLead(handle.db)
		await updateLeadStatus(handle.db, testActor(), { leadId: byStatus.id, status: 'new' })
		expect((await handle.db.select().from(leads).where(eq(leads.id, byStatus.id)))[0]!.firstContactedAt).toBeNull()
		await updateLeadStatus(handle.db, testActor(), { leadId: byStatus.id, status: 'attempted' })
		const first = (await handle.db.select().from(leads).where(eq(leads.id, byStatus.id)))[0]!.firstContactedAt
		expect(first).not.toBeNull()
		await new Promise((resolve) => setTimeout(resolve, 20))
		await logLeadContact(handle.db, testActor(), { leadId: byStatus.id, channel: 'call', outcome: 'connected', summary: 'Talked' })
		expect((await handle.db.select().from(leads).where(eq(leads.id, byStatus.id)))[0]!.firstContactedAt).toEqual(first)
		const byCall = await insertTestLead(handle.db)
		await logLeadContact(handle.db, testActor(), { leadId: byCall.id, channel: 'email', outcome: 'replied', summary: null })
		expect((await handle.db.select().from(leads).where(eq(leads.id, byCall.id)))[0]!.firstContactedAt).not.toBeNull()
		const [entry] = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, byCall.id))
		expect(entry).toMatchObject({ action: 'contact_logged', detail: { channel: 'email', outcome: 'replied', summary: null } })
	})

	test('median and 90th percentile over the last 30 days of wizard leads', async () => {
		const wizard = { shortFormCompletedAt: new Date() }
		const contactedAfter = async (lead: { id: string }, minutes: number) =>
			handle.db.execute(sql`update leads set first_contacted_at = created_at + make_interval(mins => ${minutes}) where id = ${lead.id}`)
		for (const minutes of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) await contactedAfter(await insertTestLead(handle.db, wizard), minutes)
		// Older than 30 days, by an hour (a day more would hide a 31-day window): not counted.
		await contactedAfter(await insertTestLead(handle.db, { ...wizard, minutesAgo: 30 * 24 * 60 + 60 }), 5 * 24 * 60)
		await insertTestLead(handle.db, { ...wizard })
		// Never contacted but no longer New (closed out before the clock was kept, say): not waiting any more.
		for (const status of ['attempted', 'dnq', 'lost'] as const) await insertTestLead(handle.db, { ...wizard, status })
		// Entered by staff (no short form): not a wizard lead, contacted or waiting, so not counted.
		await contactedAfter(await insertTestLead(handle.db, { shortFormCompletedAt: null }), 3 * 24 * 60)
		await insertTestLead(handle.db, { shortFormCompletedAt: null })
		const speed = await speedToLead(handle.db)
		expect(speed).toEqual({ contacted: 10, waiting: 1, medianMs: 5.5 * 60_000, p90Ms: Math.round(9.1 * 60_000) })
	})
})

describe('call outcomes and attempts (docs/decisions/0104)', () => {
	const contactedAt = async (leadId: string) => (await handle.db.select().from(leads).where(eq(leads.id, leadId)))[0]!.firstContactedAt
	const log = (leadId: string, channel: 'call' | 'email', outcome: ContactOutcome) =>
		logLeadContact(handle.db, testActor(), { leadId, channel, outcome, summary: null })

	test('a voicemail does not stop the clock and a connected call does; each attempt is in the history with its outcome', async () => {
		const lead = await insertTestLead(handle.db)
		expect(await recordContactAttempt(handle.db, testActor(), { leadId: lead.id, channel: 'call' })).toEqual({ taken: false })
		expect(await log(lead.id, 'call', 'voicemail')).toEqual({ taken: false, reached: false, firstContact: false })
		expect(await contactedAt(lead.id)).toBeNull()
		expect(await log(lead.id, 'call', 'connected')).toEqual({ taken: false, reached: true, firstContact: true })
		const first = await contactedAt(lead.id)
		expect(first).not.toBeNull()
		// A later contact that reached the borrower does not move it.
		expect(await log(lead.id, 'call', 'connected')).toEqual({ taken: false, reached: true, firstContact: false })
		expect(await contactedAt(lead.id)).toEqual(first)
		const entries = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id)).orderBy(leadActivity.id)
		expect(entries.map((entry) => [entry.action, entry.detail])).toEqual([
			['contact_started', { channel: 'call' }],
			['contact_logged', { channel: 'call', outcome: 'voicemail', summary: null }],
			['contact_logged', { channel: 'call', outcome: 'connected', summary: null }],
			['contact_logged', { channel: 'call', outcome: 'connected', summary: null }],
		])
	})

	test.each([
		['call', 'no_answer', false],
		['call', 'wrong_number', false],
		['call', 'not_interested', true],
		['email', 'sent', false],
		['email', 'replied', true],
	] as const)('a %s logged as %s is the first contact: %s', async (channel, outcome, reached) => {
		const lead = await insertTestLead(handle.db)
		await log(lead.id, channel, outcome)
		expect((await contactedAt(lead.id)) !== null).toBe(reached)
	})

	test('taps on Call, Text and E-mail record attempts and never the first contact', async () => {
		const lead = await insertTestLead(handle.db)
		for (const channel of ['call', 'text', 'email'] as const)
			await recordContactAttempt(handle.db, testActor(), { leadId: lead.id, channel })
		expect(await contactedAt(lead.id)).toBeNull()
		const entries = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id)).orderBy(leadActivity.id)
		expect(entries.map((entry) => entry.detail)).toEqual([{ channel: 'call' }, { channel: 'text' }, { channel: 'email' }])
	})

	test('a tap is activity for retention, as a call logged is (migration 0026, docs/decisions/0090)', async () => {
		const lead = await insertTestLead(handle.db)
		await handle.db.execute(sql`update leads set last_activity_at = now() - interval '100 days' where id = ${lead.id}`)
		// A manager's tap changes nothing in the lead's row: the history entry alone moves its last activity.
		await recordContactAttempt(handle.db, testActor({ roles: ['moderator'] }), { leadId: lead.id, channel: 'call' })
		const [row] = await handle.db.select({ at: leads.lastActivityAt }).from(leads).where(eq(leads.id, lead.id))
		expect(Date.now() - row!.at!.getTime()).toBeLessThan(24 * 60 * 60_000)
	})

	test('a lead with only a voicemail and a tap on Call is still escalated; one with a connected call is not', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: true, escalationMinutes: 15 })
		const voicemail = await insertTestLead(handle.db, { minutesAgo: 16, firstName: 'Voicemail' })
		await recordContactAttempt(handle.db, testActor(), { leadId: voicemail.id, channel: 'call' })
		await log(voicemail.id, 'call', 'voicemail')
		const connected = await insertTestLead(handle.db, { minutesAgo: 16, firstName: 'Connected', phone: '(555) 010-0016' })
		await log(connected.id, 'call', 'connected')
		expect(
			await escalateUntouchedLeads(handle.db, { baseUrl: 'http://localhost:3000', fallbackEmail: async () => 'fallback@example.com' }),
		).toBe(1)
		const escalated = await handle.db.select({ id: leads.id, escalatedAt: leads.escalatedAt }).from(leads)
		expect(escalated.find((lead) => lead.id === voicemail.id)!.escalatedAt).not.toBeNull()
		expect(escalated.find((lead) => lead.id === connected.id)!.escalatedAt).toBeNull()
	})

	test('the overview counts the calls of the last 30 days by outcome; e-mails, taps and older calls are not counted', async () => {
		await handle.db.delete(leadActivity)
		const lead = await insertTestLead(handle.db)
		for (const outcome of ['voicemail', 'voicemail', 'no_answer', 'connected'] as const) await log(lead.id, 'call', outcome)
		await log(lead.id, 'email', 'sent')
		await recordContactAttempt(handle.db, testActor(), { leadId: lead.id, channel: 'call' })
		const [old] = await handle.db
			.insert(leadActivity)
			.values({ leadId: lead.id, action: 'contact_logged', detail: { channel: 'call', outcome: 'wrong_number' } })
			.returning()
		await handle.db.execute(sql`update lead_activity set created_at = now() - interval '30 days 1 hour' where id = ${old!.id}`)
		expect(await callOutcomeCounts(handle.db)).toEqual({ connected: 1, voicemail: 2, no_answer: 1, wrong_number: 0, not_interested: 0 })
	})
})
