import { afterAll, beforeAll, expect, test } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { leadTasks } from '#db/schema.ts'
import { insertTestLead } from '../../../tests/lead-test-data.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { loader } from './tasks.tsx'

let handle: DatabaseHandle
let services: AppServices
let officer: Awaited<ReturnType<typeof signedInStaff>>
let colleague: Awaited<ReturnType<typeof signedInStaff>>
let manager: Awaited<ReturnType<typeof signedInStaff>>
beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	officer = await signedInStaff(services, ['user'])
	colleague = await signedInStaff(services, ['user'])
	manager = await signedInStaff(services, ['moderator'])
})
afterAll(() => handle.close())

const open = async (cookie: string, search = '') =>
	(await loader({
		request: staffRequest(`http://localhost:3000/dashboard/tasks${search}`, cookie),
		context: routeContext(services),
		params: {},
	} as never)) as Awaited<ReturnType<typeof loader>>

/** docs/decisions/0105: My tasks, overdue first, then today, then later; everyone's for a manager only. */
test('one’s own open tasks by group; ?who=all shows a manager everyone’s and an officer still their own', async () => {
	const lead = await insertTestLead(handle.db, { assignedTo: officer.user.id, firstName: 'Ada' })
	const other = await insertTestLead(handle.db, { assignedTo: colleague.user.id, firstName: 'Bo' })
	const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000)
	await handle.db.insert(leadTasks).values([
		{ leadId: lead.id, kind: 'other', assignedTo: officer.user.id, dueAt: inMinutes(3 * 24 * 60) },
		{ leadId: lead.id, kind: 'call_back', assignedTo: officer.user.id, dueAt: inMinutes(-90) },
		{ leadId: lead.id, kind: 'send_terms', assignedTo: officer.user.id, dueAt: inMinutes(-10), completedAt: new Date() },
		{ leadId: other.id, kind: 'request_documents', assignedTo: colleague.user.id, dueAt: inMinutes(-5) },
	])
	const mine = await open(officer.cookie)
	expect(mine).toMatchObject({ everyone: false, canSeeAll: false, total: 2 })
	expect(mine.groups.map(({ group, tasks }) => [group, tasks.map((task) => `${task.kind} ${task.firstName}`)])).toEqual([
		['overdue', ['call_back Ada']],
		['today', []],
		['later', ['other Ada']],
	])
	expect((await open(officer.cookie, '?who=all')).total).toBe(2)
	const all = await open(manager.cookie, '?who=all')
	expect(all).toMatchObject({ everyone: true, canSeeAll: true, total: 3 })
	expect(all.groups[0]!.tasks.map((task) => task.firstName)).toEqual(['Ada', 'Bo'])
	expect((await open(manager.cookie)).total).toBe(0)
})
