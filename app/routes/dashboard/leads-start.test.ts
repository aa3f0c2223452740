import { describe, expect, test } from 'vitest'
import { insertTestLead } from '../../../tests/lead-test-data.ts'
import { activityEntries } from '../../../tests/activity-entries.ts'
import { routeContext } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { base, handle, open, services, setUpLeadsScreen } from '../../../tests/leads-screen-harness.ts'
import { loader } from './leads.tsx'

setUpLeadsScreen()

/** docs/decisions/0106: the leads list starts where its reader works. */
describe('where the leads list opens', () => {
	test("a loan officer's opens on their own leads, newest first, and counts the pool it points to; a filter in the address wins", async () => {
		const officer = await signedInStaff(services, ['user'])
		const colleague = await signedInStaff(services, ['user'])
		const older = await insertTestLead(handle.db, { assignedTo: officer.user.id, minutesAgo: 30 })
		const newer = await insertTestLead(handle.db, { assignedTo: officer.user.id, minutesAgo: 5 })
		const pool = await insertTestLead(handle.db)
		const theirs = await insertTestLead(handle.db, { assignedTo: colleague.user.id })
		const asOfficer = async (search = '') =>
			(await loader({
				request: staffRequest(`${base}${search}`, officer.cookie),
				context: routeContext(services),
				params: {},
			} as never)) as Awaited<ReturnType<typeof loader>>
		const searchesBefore = (await activityEntries(handle.db, 'lead.list_searched')).length

		const opened = await asOfficer()
		expect(opened.query).toMatchObject({ assigned: 'me', sort: 'newest' })
		expect(opened.page.leads.map((lead) => lead.id)).toEqual([newer.id, older.id])
		expect(opened.counts?.unassigned).toBeGreaterThanOrEqual(1)
		// The line counts exactly the pool: another unassigned lead adds one; two more of theirs and a colleague's add none.
		await insertTestLead(handle.db)
		await insertTestLead(handle.db, { assignedTo: officer.user.id, minutesAgo: 60 })
		await insertTestLead(handle.db, { assignedTo: officer.user.id, minutesAgo: 90 })
		await insertTestLead(handle.db, { assignedTo: colleague.user.id })
		expect((await asOfficer()).counts?.unassigned).toBe(opened.counts!.unassigned + 1)
		// Opening the list is not a search in the activity log, though it is filtered to their leads.
		expect((await activityEntries(handle.db, 'lead.list_searched')).length).toBe(searchesBefore)

		const everyone = (await asOfficer('?assigned=all')).page.leads.map((lead) => lead.id)
		expect(everyone).toEqual(expect.arrayContaining([newer.id, older.id, pool.id]))
		expect(everyone).not.toContain(theirs.id)
		expect((await asOfficer('?assigned=unassigned')).page.leads.map((lead) => lead.id)).toContain(pool.id)
		expect((await activityEntries(handle.db, 'lead.list_searched')).length).toBe(searchesBefore + 2)
	})

	test("a manager's opens on every lead, as the spec's list does", async () => {
		const officer = await signedInStaff(services, ['user'])
		const assigned = await insertTestLead(handle.db, { assignedTo: officer.user.id })
		const pool = await insertTestLead(handle.db)
		const opened = await open('')
		expect(opened.query.assigned).toBeNull()
		expect(opened.page.leads.map((lead) => lead.id)).toEqual(expect.arrayContaining([assigned.id, pool.id]))
		expect((await open('?assigned=all')).page.total).toBe(opened.page.total)
	})
})
