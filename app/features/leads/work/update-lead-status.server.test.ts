import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { webhookEvents } from '#db/schema.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { insertTestLead, testActor } from '../../../../tests/lead-test-data.ts'
import { updateLeadStatus } from './update-lead-status.server.ts'

let handle: DatabaseHandle
const manager = testActor({ id: 'manager-1', name: 'Manager', email: 'manager@example.com', roles: ['admin'] })

beforeAll(async () => {
	handle = await createTestDatabase()
	await handle.db.execute(sql`insert into users (id, name, email, role) values (${manager.id}, ${manager.name}, ${manager.email}, 'admin')`)
	// A receiver of status changes, so the event is built when there is one to build.
	await handle.db.execute(sql`insert into webhook_endpoints (id, url, event_types, secret_encrypted)
		values ('00000000-0000-4000-8000-0000000000aa', 'https://crm.example/hook', '{lead.status_changed}', 'v1.x')`)
})
afterAll(() => handle.close())

const statusEvents = async (leadId: string) =>
	(await handle.db.select({ type: webhookEvents.type }).from(webhookEvents).where(eq(webhookEvents.leadId, leadId))).filter(
		(event) => event.type === 'lead.status_changed',
	)

describe('a lead status update (spec 2 §7, docs/decisions/0068)', () => {
	test('a change raises one lead.status_changed event; the same status again raises none', async () => {
		const lead = await insertTestLead(handle.db, { status: 'contacted' })
		await updateLeadStatus(handle.db, manager, { leadId: lead.id, status: 'qualified' })
		expect(await statusEvents(lead.id)).toHaveLength(1)
		await updateLeadStatus(handle.db, manager, { leadId: lead.id, status: 'qualified' })
		expect(await statusEvents(lead.id)).toHaveLength(1)
	})
})
