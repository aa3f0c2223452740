import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { leadConsents, leads } from '#db/schema.ts'
import { leadActivityLog } from '#app/features/leads/work/lead-activity.server.ts'
import { notesOfLead } from '#app/features/leads/work/lead-notes.server.ts'
import { LEAD_MESSAGES, deletedMessage } from '#app/features/leads/work/lead-messages.ts'
import { ADD_LEAD_MESSAGES } from '#app/features/leads/work/add-lead-schema.ts'
import { insertTestLead } from '../../../tests/lead-test-data.ts'
import { requestContact } from '#app/features/leads/intake/contact-request.server.ts'
import { UNSAFE_TEXT_MESSAGE } from '#app/features/validation/safe-text.ts'
import { admin, contact, handle, open, post, services, setUpLeadsScreen } from '../../../tests/leads-screen-harness.ts'

setUpLeadsScreen()

describe('Add Lead (spec 2 §5, §8)', () => {
	test('creates the lead: trimmed, optional empties as null, Manual Entry and new by default, recorded in the log', async () => {
		const { status, body } = await post([
			...contact({
				firstName: '  Phone ',
				email: ' caller@example.com ',
				// docs/decisions/0109: fix & flip asks no transaction; the amounts are optional.
				loanProgram: 'fix-flip',
				propertyType: 'condo',
				transactionType: 'refinance',
				purchasePrice: ' ',
				sourcePage: '',
				message: '  ',
			}),
		])
		expect(status).toBe(200)
		expect(body).toMatchObject({ ok: true, message: LEAD_MESSAGES.created })
		const leadId = (body as { leadId: string }).leadId
		const [lead] = await handle.db.select().from(leads).where(eq(leads.id, leadId))
		expect(lead).toMatchObject({
			firstName: 'Phone',
			email: 'caller@example.com',
			loanType: 'Fix & Flip',
			propertyType: 'condo',
			transactionType: null,
			propertyValue: null,
			sourcePage: 'Manual Entry',
			status: 'new',
			phoneNormalized: '9495550100',
		})
		// The answers are kept as the wizard keeps its own; the empty notes and amount are left out.
		const answers = JSON.parse(lead!.message!)
		expect(answers).toMatchObject({ loanProgram: 'fix-flip', propertyType: 'condo', propertyState: 'TX', channel: 'phone' })
		expect(answers).not.toHaveProperty('notes')
		expect(answers).not.toHaveProperty('purchasePrice')
		expect(answers).not.toHaveProperty('transactionType')
		const [entry] = await leadActivityLog(handle.db, leadId)
		expect(entry).toMatchObject({ action: 'created', actorEmail: admin.email })
	})

	test('may start in any status and keeps a named source', async () => {
		const { body } = await post([...contact({ status: 'hot', sourcePage: 'Trade show' })])
		const [lead] = await handle.db
			.select()
			.from(leads)
			.where(eq(leads.id, (body as { leadId: string }).leadId))
		expect(lead).toMatchObject({ status: 'hot', sourcePage: 'Trade show' })
	})

	test('first name, last name, email and phone are required, blanks included', async () => {
		for (const missing of ['firstName', 'lastName', 'email', 'phone']) {
			const { status, body } = await post(contact({ [missing]: '   ' }))
			expect(status).toBe(400)
			expect(body).toEqual({ ok: false, intent: 'create', error: 'First name, last name, email, and phone are required' })
		}
		const withoutField = await post(contact().filter(([name]) => name !== 'phone'))
		expect(withoutField.body).toMatchObject({ ok: false, error: 'First name, last name, email, and phone are required' })
		expect((await post(contact({ email: 'not-an-email' }))).body).toMatchObject({ ok: false, error: 'Please enter a valid email address' })
		// docs/decisions/0109: spec 2 §2's property types and the wizard's others; anything else is refused.
		for (const propertyType of ['castle', 'condo-townhome', ''])
			expect((await post(contact({ propertyType }))).body, propertyType).toMatchObject({ ok: false, error: ADD_LEAD_MESSAGES.propertyType })
	})

	test('a database failure shows Failed to create lead', async () => {
		vi.spyOn(handle.db, 'transaction').mockRejectedValueOnce(new Error('database is down'))
		expect(await post(contact())).toEqual({ status: 500, body: { ok: false, intent: 'create', error: 'Failed to create lead' } })
	})
})

describe('status, notes and delete (spec 2 §4, §8)', () => {
	test('any status can be set to any other; the change is logged with who and the old and new values', async () => {
		const lead = await insertTestLead(handle.db, { status: 'closed' })
		expect(
			await post([
				['intent', 'status'],
				['leadId', lead.id],
				['status', 'attempted'],
			]),
		).toEqual({
			status: 200,
			body: { ok: true, intent: 'status', message: 'Lead status updated successfully', leadId: lead.id },
		})
		const [row] = await handle.db.select({ status: leads.status }).from(leads).where(eq(leads.id, lead.id))
		expect(row!.status).toBe('attempted')
		const [entry] = await leadActivityLog(handle.db, lead.id)
		expect(entry).toMatchObject({ action: 'status_changed', detail: { from: 'closed', to: 'attempted' }, actorEmail: admin.email })
	})

	test('an unknown status shows Failed to update lead status; an unknown lead No such lead', async () => {
		const lead = await insertTestLead(handle.db)
		expect(
			await post([
				['intent', 'status'],
				['leadId', lead.id],
				['status', 'won'],
			]),
		).toMatchObject({ status: 400, body: { ok: false, error: 'Failed to update lead status' } })
		expect(
			await post([
				['intent', 'status'],
				['leadId', '00000000-0000-4000-8000-000000000000'],
				['status', 'hot'],
			]),
		).toEqual({ status: 404, body: { ok: false, intent: 'status', error: 'No such lead' } })
	})

	test('a note is added with its author and time, and logged; the earlier notes stay (docs/decisions/0107)', async () => {
		const lead = await insertTestLead(handle.db)
		const before = Date.now()
		const { status, body } = await post([
			['intent', 'note-add'],
			['leadId', lead.id],
			['body', 'Call back Tuesday about the duplex'],
		])
		expect(status).toBe(200)
		expect(body).toMatchObject({ ok: true, message: 'Notes saved successfully', noteId: expect.any(String) })
		await post([
			['intent', 'note-add'],
			['leadId', lead.id],
			['body', 'Left a voicemail'],
		])
		const notes = await notesOfLead(handle.db, lead.id)
		expect(notes.map((note) => [note.body, note.authorName])).toEqual([
			['Left a voicemail', admin.user.name],
			['Call back Tuesday about the duplex', admin.user.name],
		])
		expect(notes[1]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
		expect((await leadActivityLog(handle.db, lead.id)).map((entry) => [entry.action, entry.actorEmail])).toEqual([
			['note_added', admin.email],
			['note_added', admin.email],
		])
	})

	test('NUL in Add Lead or in a note is refused with the field message; nothing stored changes (docs/decisions/0023)', async () => {
		const leadsBefore = (await handle.db.select().from(leads)).length
		expect(await post(contact({ firstName: 'Ph\u0000one' }))).toMatchObject({
			status: 400,
			body: { ok: false, error: UNSAFE_TEXT_MESSAGE },
		})
		expect(await handle.db.select().from(leads)).toHaveLength(leadsBefore)
		const lead = await insertTestLead(handle.db)
		await post([
			['intent', 'note-add'],
			['leadId', lead.id],
			['body', 'Kept'],
		])
		expect(
			await post([
				['intent', 'note-add'],
				['leadId', lead.id],
				['body', 'Replaced\u0000'],
			]),
		).toMatchObject({ status: 422, body: { ok: false, error: UNSAFE_TEXT_MESSAGE } })
		expect((await notesOfLead(handle.db, lead.id)).map((note) => note.body)).toEqual(['Kept'])
	})

	test('a note on a lead that is gone answers No such lead', async () => {
		expect(
			await post([
				['intent', 'note-add'],
				['leadId', '00000000-0000-4000-8000-000000000001'],
				['body', 'x'],
			]),
		).toMatchObject({
			status: 404,
			body: { ok: false, error: 'No such lead' },
		})
	})

	test('deleting leads says how many and keeps their history and consent records', async () => {
		const first = await insertTestLead(handle.db)
		const second = await insertTestLead(handle.db)
		await handle.db.insert(leadConsents).values({
			leadId: first.id,
			consentText: 'I agree',
			consentVersion: 'v1',
			consentHash: 'h',
			ipAddress: '203.0.113.1',
			pageUrl: 'http://localhost:3000/fast-quote',
		})
		await post([
			['intent', 'status'],
			['leadId', first.id],
			['status', 'dnq'],
		])
		expect(
			await post([
				['intent', 'delete'],
				['leadId', first.id],
				['leadId', second.id],
			]),
		).toEqual({ status: 200, body: { ok: true, intent: 'delete', message: 'Successfully deleted 2 lead(s)' } })
		expect(deletedMessage(2)).toBe('Successfully deleted 2 lead(s)')
		expect(await handle.db.select().from(leads).where(eq(leads.id, first.id))).toHaveLength(0)
		const history = await leadActivityLog(handle.db, first.id)
		expect(history.map((entry) => entry.action)).toEqual(['deleted', 'status_changed'])
		expect(history[0]).toMatchObject({ actorEmail: admin.email, detail: { email: first.email, name: 'Test Lead' } })
		expect(await handle.db.select().from(leadConsents).where(eq(leadConsents.leadId, first.id))).toHaveLength(1)
	})

	test('deleting nothing, or a database failure, shows Failed to delete leads', async () => {
		expect(await post([['intent', 'delete']])).toMatchObject({ status: 400, body: { ok: false, error: 'Failed to delete leads' } })
		const lead = await insertTestLead(handle.db)
		vi.spyOn(handle.db, 'transaction').mockRejectedValueOnce(new Error('database is down'))
		expect(
			await post([
				['intent', 'delete'],
				['leadId', lead.id],
			]),
		).toMatchObject({ status: 500, body: { error: 'Failed to delete leads' } })
		expect(await handle.db.select().from(leads).where(eq(leads.id, lead.id))).toHaveLength(1)
	})

	test('an unknown intent is refused', async () => {
		expect(await post([['intent', 'drop-table']])).toEqual({ status: 400, body: { ok: false, intent: null, error: 'Unknown action' } })
	})
})

describe('the screen’s loader', () => {
	test('reads search, statuses, sort and page from the URL', async () => {
		await insertTestLead(handle.db, { firstName: 'Linkable', lastName: 'Query', status: 'qualified' })
		const data = await open('?search=LINKABLE&status=qualified&status=bogus&sort=oldest&page=1')
		expect(data.query).toEqual({ search: 'LINKABLE', statuses: ['qualified'], sort: 'oldest', page: 1, assigned: null })
		expect(data.page.leads.map((lead) => lead.firstName)).toEqual(['Linkable'])
		expect(data.counts!.total).toBeGreaterThan(0)
		expect(data.loadError).toBeNull()
	})

	test('opens ?lead=<id> with its consent, repeat-of link, attribution and activity newest first', async () => {
		const earlier = await insertTestLead(handle.db, { firstName: 'Earlier', lastName: 'Visit', minutesAgo: 60 })
		const lead = await insertTestLead(handle.db, {
			firstName: 'Wizard',
			lastName: 'Visitor',
			formCompletionStatus: 'long_form',
			longFormCompletedAt: new Date(),
			repeatOfLeadId: earlier.id,
			attribution: { firstTouch: { utm_source: 'google', landingPage: '/dscr-loans' } },
			message: JSON.stringify({ loanProgram: 'dscr' }),
		})
		await handle.db.insert(leadConsents).values({
			leadId: lead.id,
			consentText: 'I agree to be contacted',
			consentVersion: '2026-11-22',
			consentHash: 'h',
			ipAddress: '203.0.113.7',
			pageUrl: 'http://localhost:3000/fast-quote',
		})
		await post([
			['intent', 'status'],
			['leadId', lead.id],
			['status', 'contacted'],
		])
		await post([
			['intent', 'note-add'],
			['leadId', lead.id],
			['body', 'Sent term sheet'],
		])
		const { openLead, missingLead } = await open(`?lead=${lead.id}`)
		expect(missingLead).toBe(false)
		expect(openLead).toMatchObject({
			id: lead.id,
			status: 'contacted',
			notes: [{ body: 'Sent term sheet', authorName: admin.user.name, editedAt: null }],
			repeatOf: { visible: true, id: earlier.id, firstName: 'Earlier' },
			attribution: { firstTouch: { utm_source: 'google' } },
			consent: { consentVersion: '2026-11-22', ipAddress: '203.0.113.7', consentText: 'I agree to be contacted' },
		})
		expect(openLead!.activity.map((entry) => entry.action)).toEqual(['note_added', 'status_changed'])
		expect(openLead).not.toHaveProperty('completionTokenHash')
		expect((await open('?lead=00000000-0000-4000-8000-000000000002')).missingLead).toBe(true)
		expect((await open('?lead=not-a-uuid')).openLead).toBeNull()
	})

	test('a failed read shows Failed to fetch leads', async () => {
		const select = handle.db.select.bind(handle.db)
		// Only the leads screen's counting fails; the session lookup before it still works.
		vi.spyOn(handle.db, 'select').mockImplementation(((fields?: Record<string, unknown>) => {
			if (fields && 'total' in fields) throw new Error('database is down')
			return select(fields as never)
		}) as never)
		const data = await open()
		expect(data.loadError).toBe('Failed to fetch leads')
		expect(data.page.leads).toEqual([])
	})
})

describe('docs/decisions/0079: a borrower who pressed Contact Me is a priority on the leads screen', () => {
	test('the row carries when, and the details show it with its line in the history', async () => {
		const lead = await insertTestLead(handle.db, { firstName: 'Callme', lastName: 'Soon' })
		const settings = await services.content.get('settings')
		await requestContact(handle.db, lead.id, { settings, baseUrl: 'http://localhost:3000' })
		const page = await open(`?lead=${lead.id}`)
		const row = page.page.leads.find((entry) => entry.id === lead.id)!
		expect(row.contactRequestedAt).toBeInstanceOf(Date)
		expect(page.openLead?.contactRequestedAt).toEqual(row.contactRequestedAt)
		expect(page.openLead?.activity.map((entry) => entry.action)).toContain('contact_requested')
	})
})
