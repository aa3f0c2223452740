import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { leadActivity, leads } from '#db/schema.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { insertTestLead, testActor } from '../../../../tests/lead-test-data.ts'
import { claimLead } from './assign-lead.server.ts'

let handle: DatabaseHandle
const officerA = testActor({ id: 'officer-a', name: 'Officer A', email: 'a@example.com', roles: ['user'] })
const officerB = testActor({ id: 'officer-b', name: 'Officer B', email: 'b@example.com', roles: ['user'] })

beforeAll(async () => {
	handle = await createTestDatabase()
	for (const officer of [officerA, officerB])
		await handle.db.execute(
			sql`insert into users (id, name, email, role) values (${officer.id}, ${officer.name}, ${officer.email}, 'user')`,
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
