import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { leads } from '#db/schema.ts'
import { insertTestLead, phoneLeadFields } from '../../../tests/lead-test-data.ts'
import { activityEntries, lastActivity } from '../../../tests/activity-entries.ts'
import { routeContext } from '../../../tests/test-services.ts'
import { signedInStaff, staffRequest } from '../../../tests/staff-session.ts'
import { admin, base, handle, open, post, services, setUpLeadsScreen } from '../../../tests/leads-screen-harness.ts'
import { action, loader } from './leads.tsx'
import { loader as exportLoader } from './leads.export.ts'

setUpLeadsScreen()

/** docs/decisions/0087: what the leads screen writes to the activity log, with who, from where, and old → new. */
describe('the leads screen in the activity log', () => {
	test("opening a lead's details is logged with the actor as they were, the IP and the user agent", async () => {
		const lead = await insertTestLead(handle.db)
		expect((await open(`?lead=${lead.id}`)).openLead?.id).toBe(lead.id)
		expect(await lastActivity(handle.db, 'lead.viewed', lead.id)).toMatchObject({
			actorId: admin.user.id,
			actorEmail: admin.email,
			actorRoles: 'admin',
			ip: '203.0.113.10',
			userAgent: 'vitest',
			subjectKind: 'lead',
			details: {},
		})
	})

	test("an admin sees the lead's own entries beside its history; an officer does not", async () => {
		const lead = await insertTestLead(handle.db)
		const opened = await open(`?lead=${lead.id}`)
		expect(opened.openLead?.accessLog?.map((entry) => [entry.action, entry.actorEmail])).toEqual([['lead.viewed', admin.email]])
		const officer = await signedInStaff(services, ['user'])
		const mine = await insertTestLead(handle.db, { assignedTo: officer.user.id })
		const asOfficer = (await loader({
			request: staffRequest(`${base}?lead=${mine.id}`, officer.cookie),
			context: routeContext(services),
			params: {},
		} as never)) as Awaited<ReturnType<typeof loader>>
		expect(asOfficer.openLead?.id).toBe(mine.id)
		expect(asOfficer.openLead?.accessLog).toBeNull()
	})

	test('a lead out of reach or missing is not logged as opened', async () => {
		const missing = crypto.randomUUID()
		expect((await open(`?lead=${missing}`)).missingLead).toBe(true)
		expect(await lastActivity(handle.db, 'lead.viewed', missing)).toBeUndefined()
	})

	test('a search or filter is logged with what was asked and how many matched; the plain list is not', async () => {
		await insertTestLead(handle.db, { firstName: 'Searchable', status: 'hot' })
		const before = (await activityEntries(handle.db, 'lead.list_searched')).length
		await open('')
		expect((await activityEntries(handle.db, 'lead.list_searched')).length).toBe(before)
		const page = await open('?search=Searchable&status=hot')
		expect(await lastActivity(handle.db, 'lead.list_searched')).toMatchObject({
			actorEmail: admin.email,
			details: { search: 'Searchable', statuses: ['hot'], assigned: null, total: page.page.total },
		})
		expect(page.page.total).toBeGreaterThan(0)
		// Each filter alone is a search too: the search box, a status, the Assigned filter.
		const alone = [
			['?search=Searchable', { search: 'Searchable', statuses: [], assigned: null }],
			['?status=hot', { search: '', statuses: ['hot'], assigned: null }],
			['?assigned=unassigned', { search: '', statuses: [], assigned: 'unassigned' }],
		] as const
		for (const [query, details] of alone) {
			const count = (await activityEntries(handle.db, 'lead.list_searched')).length
			const listed = await open(query)
			expect({ query, logged: (await activityEntries(handle.db, 'lead.list_searched')).length }).toEqual({ query, logged: count + 1 })
			expect(await lastActivity(handle.db, 'lead.list_searched')).toMatchObject({ details: { ...details, total: listed.page.total } })
		}
	})

	test('adding a lead, its status, notes, contact and assignment are each logged with old → new', async () => {
		const created = await post([
			['intent', 'create'],
			...Object.entries(phoneLeadFields({ firstName: 'Logged', lastName: 'Lead', email: 'logged@example.com', phone: '(949) 555-0111' })),
		])
		const leadId = (created.body as { leadId: string }).leadId
		expect(await lastActivity(handle.db, 'lead.created', leadId)).toMatchObject({
			details: { status: 'new', sourcePage: 'Manual Entry' },
			ip: '203.0.113.10',
		})
		await post([
			['intent', 'status'],
			['leadId', leadId],
			['status', 'hot'],
		])
		expect(await lastActivity(handle.db, 'lead.status_changed', leadId)).toMatchObject({ details: { from: 'new', to: 'hot' } })
		await post([
			['intent', 'note-add'],
			['leadId', leadId],
			['body', 'Call back on Tuesday'],
		])
		// docs/decisions/0107: the note's text stays in the note; the log names the note and its length.
		const added = await lastActivity(handle.db, 'lead.note_added', leadId)
		expect(added).toMatchObject({ details: { note: expect.any(String), length: 20 } })
		expect(JSON.stringify(added)).not.toContain('Tuesday')
		// docs/decisions/0104: the server checks the outcome with the form's schema and says what is missing.
		const asked = { channel: 'call', outcome: 'voicemail' }
		for (const [channel, outcome, error] of [
			['call', '', 'Choose how the call went'],
			['call', 'replied', 'Choose how the call went'],
			['email', 'voicemail', 'Choose how the e-mail went'],
			['fax', 'sent', 'Choose call or e-mail'],
		] as const) {
			const refused = await post([
				['intent', 'contact'],
				['leadId', leadId],
				['channel', channel],
				['outcome', outcome],
			])
			expect(refused, `${channel} ${outcome}`).toMatchObject({ status: 422, body: { ok: false, error } })
		}
		expect(await lastActivity(handle.db, 'lead.contact_logged', leadId)).toBeUndefined()
		await post([
			['intent', 'contact'],
			['leadId', leadId],
			['channel', asked.channel],
			['outcome', asked.outcome],
			['summary', 'Left a voicemail'],
		])
		// docs/decisions/0104: the outcome is a fact about the work; the summary (staff's words) stays in the lead's history.
		expect(await lastActivity(handle.db, 'lead.contact_logged', leadId)).toEqual(
			expect.objectContaining({ details: { channel: 'call', outcome: 'voicemail' } }),
		)
		await post([
			['intent', 'attempt'],
			['leadId', leadId],
			['channel', 'text'],
		])
		expect(await lastActivity(handle.db, 'lead.contact_started', leadId)).toMatchObject({ details: { channel: 'text' } })
		const officer = await signedInStaff(services, ['user'])
		// The routing rules may have given the new lead to an officer already.
		const [before] = await handle.db.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, leadId))
		await post([
			['intent', 'assign'],
			['leadId', leadId],
			['assigneeId', officer.user.id],
		])
		expect(await lastActivity(handle.db, 'lead.assigned', leadId)).toMatchObject({
			actorEmail: admin.email,
			details: { from: before!.assignedTo, to: officer.user.id, by: 'manager' },
		})
	})

	test('an officer claiming a lead is logged as theirs', async () => {
		const officer = await signedInStaff(services, ['user'])
		const lead = await insertTestLead(handle.db)
		const request = staffRequest(base, officer.cookie, {
			method: 'POST',
			body: new URLSearchParams({ intent: 'claim', leadId: lead.id }),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		})
		await action({ request, context: routeContext(services), params: {} } as never)
		expect(await lastActivity(handle.db, 'lead.assigned', lead.id)).toMatchObject({
			actorEmail: officer.email,
			actorRoles: 'user',
			details: { from: null, to: officer.user.id, by: 'claim' },
		})
	})

	test('a bulk delete logs each lead deleted, without its contact data', async () => {
		const first = await insertTestLead(handle.db)
		const second = await insertTestLead(handle.db)
		await post([
			['intent', 'delete'],
			['leadId', first.id],
			['leadId', second.id],
		])
		for (const lead of [first, second])
			expect(await lastActivity(handle.db, 'lead.deleted', lead.id)).toMatchObject({ actorEmail: admin.email, details: {} })
	})

	test('a CSV export is logged once, with its filters and row count', async () => {
		await insertTestLead(handle.db, { firstName: 'Exported', status: 'closed' })
		const before = (await activityEntries(handle.db, 'leads.exported')).length
		const response = (await exportLoader({
			request: staffRequest(`${base}/export?search=Exported&status=closed`, admin.cookie),
			context: routeContext(services),
			params: {},
		} as never)) as Response
		const csv = await response.text()
		const rows = csv.trim().split('\n').length - 1
		const entries = await activityEntries(handle.db, 'leads.exported')
		expect(entries.length).toBe(before + 1)
		expect(entries[0]).toMatchObject({
			actorEmail: admin.email,
			ip: '203.0.113.10',
			details: { search: 'Exported', statuses: ['closed'], assigned: null, rows },
		})
		expect(rows).toBeGreaterThan(0)
	})
})
