import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { leadActivity, leads, outbox, webhookEndpoints, webhookEvents } from '#db/schema.ts'
import { forgetSubscriptions } from '#app/features/webhooks/webhooks.server.ts'
import { encryptSecret, newWebhookSecret } from '#app/features/webhooks/signing.server.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { insertTestLead, testActor } from '../../../../tests/lead-test-data.ts'
import { assignLead, claimLead } from './assign-lead.server.ts'

let handle: DatabaseHandle
const officerA = testActor({ id: 'officer-a', name: 'Officer A', email: 'a@example.com', roles: ['user'] })
const officerB = testActor({ id: 'officer-b', name: 'Officer B', email: 'b@example.com', roles: ['user'] })

/** A sales manager who also works leads as a loan officer. */
const managerOfficer = testActor({ id: 'manager-officer', name: 'Mo Manager', email: 'mo@example.com', roles: ['moderator', 'user'] })

beforeAll(async () => {
	handle = await createTestDatabase()
	for (const officer of [officerA, officerB])
		await handle.db.execute(
			sql`insert into users (id, name, email, role) values (${officer.id}, ${officer.name}, ${officer.email}, 'user')`,
		)
	await handle.db.execute(
		sql`insert into users (id, name, email, role) values (${managerOfficer.id}, ${managerOfficer.name}, ${managerOfficer.email}, 'moderator,user')`,
	)
	// Active officers have a password (lead-routing.server.ts activeOfficerCondition).
	for (const officer of [officerA, officerB, managerOfficer])
		await handle.db.execute(
			sql`insert into accounts (id, account_id, provider_id, user_id, password) values (${`acc-${officer.id}`}, ${officer.id}, 'credential', ${officer.id}, 'hash')`,
		)
})
afterAll(() => handle.close())

describe('claiming a lead (docs/decisions/0035)', () => {
	test('an unassigned lead is claimed by the officer who asks', async () => {
		const lead = await insertTestLead(handle.db)
		expect(await claimLead(handle.db, officerA, lead.id)).toBe('claimed')
		const [row] = await handle.db.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, lead.id))
		expect(row!.assignedTo).toBe(officerA.id)
	})

	test('a claim on a lead assigned to someone else is refused: the lead stays theirs, nothing is logged', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officerB.id, assignedAt: new Date() })
		expect(await claimLead(handle.db, officerA, lead.id)).toBe('taken')
		const [row] = await handle.db.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, lead.id))
		expect(row!.assignedTo).toBe(officerB.id)
		expect(await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id))).toEqual([])
	})

	test('of two officers claiming one lead at once, one gets it', async () => {
		const lead = await insertTestLead(handle.db)
		const outcomes = await Promise.all([claimLead(handle.db, officerA, lead.id), claimLead(handle.db, officerB, lead.id)])
		expect(outcomes.sort()).toEqual(['claimed', 'taken'])
	})

	test('a lead that does not exist is missing', async () => {
		expect(await claimLead(handle.db, officerA, crypto.randomUUID())).toBe('missing')
	})
})

describe('a manager assigning a lead (docs/decisions/0053)', () => {
	const assign = (leadId: string, assigneeId: string) =>
		assignLead(handle.db, managerOfficer, { leadId, assigneeId }, { baseUrl: 'https://lender.example', timeZone: 'America/New_York' })
	const mailsOf = (leadId: string) =>
		handle.db
			.select()
			.from(outbox)
			.where(and(eq(outbox.leadId, leadId), eq(outbox.kind, 'notify-assigned-lead')))

	test('the officer given the lead is e-mailed once: giving it to them again sends nothing more', async () => {
		const lead = await insertTestLead(handle.db)
		expect(await assign(lead.id, officerA.id)).toBe('assigned')
		expect(await mailsOf(lead.id)).toHaveLength(1)
		expect(await assign(lead.id, officerA.id)).toBe('assigned')
		expect(await mailsOf(lead.id)).toHaveLength(1)
		expect(await assign(lead.id, officerB.id)).toBe('assigned')
		expect(await mailsOf(lead.id)).toHaveLength(2)
	})

	test('the CRM hears of a change of officer only: giving the lead to the officer who has it sends no event', async () => {
		const [endpoint] = await handle.db
			.insert(webhookEndpoints)
			.values({
				url: 'https://hooks.example.com/assign',
				eventTypes: ['lead.assigned'],
				secretEncrypted: encryptSecret(Buffer.alloc(32, 7), newWebhookSecret()),
			})
			.returning()
		forgetSubscriptions(handle.db)
		try {
			const lead = await insertTestLead(handle.db)
			await assign(lead.id, officerA.id)
			await assign(lead.id, officerA.id)
			const events = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.leadId, lead.id))
			expect(events.map((event) => event.payload)).toMatchObject([{ data: { change: { fromId: null, toId: officerA.id, by: 'manager' } } }])
		} finally {
			await handle.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id))
			forgetSubscriptions(handle.db)
		}
	})

	test('a manager who takes a lead themself is not e-mailed about it', async () => {
		const lead = await insertTestLead(handle.db)
		expect(await assign(lead.id, managerOfficer.id)).toBe('assigned')
		expect((await handle.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!.assignedTo).toBe(managerOfficer.id)
		expect(await mailsOf(lead.id)).toEqual([])
	})
})
