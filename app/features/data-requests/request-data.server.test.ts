import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { contactMessages, dataRequestSteps, dataRequests, leadConsents, leads, outbox } from '#db/schema.ts'
import { recordActivity } from '#app/features/activity/activity-log.server.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { disposeDue } from '#app/features/retention/disposal.server.ts'
import { pruneExpiredRows } from '#app/features/retention/retention.server.ts'
import { createTestDatabase, testDatabaseKind } from '../../../tests/test-database.ts'
import { insertTestLead, testActor } from '../../../tests/lead-test-data.ts'
import { lastActivity } from '../../../tests/activity-entries.ts'
import { mailContext, seedBorrower } from '../../../tests/data-request-fixtures.ts'
import { DATA_REQUEST_MESSAGES } from './data-request-schema.ts'
import { acknowledgeDataRequest, closeDataRequest, recordDataRequest, verifyDataRequest } from './data-requests.server.ts'
import { FOUND_CATEGORIES } from './found-categories.ts'
import { foundCounts, searchPersonalData } from './personal-data-search.server.ts'
import { eraseForRequest, eraseReply, exportForRequest, searchForRequest } from './request-data.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())

const actor = testActor({ id: 'admin-1', email: 'privacy@lender.example' })
const ids = (rows: ReadonlyArray<{ id: string | number }>) => rows.map((row) => String(row.id)).sort()

async function requestFor(person: { email: string; phone: string }, type: 'know' | 'delete', verified: 'categories' | 'specific' | null) {
	const request = await recordDataRequest(handle.db, actor, {
		type,
		receivedOn: '2026-11-20',
		channel: 'email',
		email: person.email,
		phone: person.phone,
		notes: '',
	})
	if (verified)
		await verifyDataRequest(handle.db, actor, {
			id: request.id,
			points: verified === 'specific' ? ['email', 'phone', 'name'] : ['email', 'phone'],
			declaration: verified === 'specific',
		})
	const [row] = await handle.db.select().from(dataRequests).where(eq(dataRequests.id, request.id))
	return row!
}

describe(`what is held about a requester, on ${testDatabaseKind} (docs/decisions/0091)`, () => {
	test('the search finds the person everywhere, by the mailbox and the phone as intake normalises them, and nobody else', async () => {
		const jane = await seedBorrower(handle.db)
		const stranger = await seedBorrower(handle.db)
		const found = await searchPersonalData(handle.db, { email: jane.email.toUpperCase(), phone: `(949) 555-${jane.phone.slice(-4)}` })
		expect(ids(found.leads)).toEqual([jane.byEmail.id, jane.byPhone.id].sort())
		// docs/decisions/0107: the export holds what staff wrote: the lead's note and its task's note.
		expect(found.leadNotes.map((row) => [row.lead_id, row.body])).toEqual([
			[jane.byEmail.id, `Jane ${jane.byEmail.lastName} wants a 30-year fixed`],
		])
		expect(found.taskNotes.map((row) => [row.lead_id, row.note])).toEqual([[jane.byEmail.id, 'Call Jane after 5pm']])
		// docs/decisions/0123: the loan a lead funded is the person's financial data while the lead names them.
		expect(found.fundedLoans.map((row) => [row.id, row.amount])).toEqual([[jane.byEmail.id, 450_000]])
		expect(ids(found.contactMessages)).toEqual([jane.message.id])
		expect(found.consentRecords.map((row) => row.lead_id).sort()).toEqual([jane.byEmail.id, jane.byPhone.id].sort())
		expect(ids(found.emails)).toEqual([String(jane.mailToBorrower), String(jane.staffMail)].sort())
		expect(found.webhookDeliveries.map((row) => row.event_id)).toEqual([`msg_${jane.byEmail.lastName.slice(3)}`])
		expect(found.activity.map((row) => row.subject_id).sort()).toEqual([jane.byEmail.id, jane.byPhone.id].sort())
		expect(JSON.stringify(found)).not.toContain(stranger.byEmail.id)
		// What staff typed into a search box names the person too: found (and, the log being append-only, kept). By e-mail
		// alone, the lead found by the phone is not the person's.
		const officer = { id: 'officer', email: 'officer@example.com', roles: 'user', ip: null, userAgent: null }
		const typed = { search: jane.email, statuses: [], assigned: null, total: 1 }
		await recordActivity(handle.db, officer, { type: 'lead.list_searched', details: typed })
		await recordActivity(handle.db, officer, { type: 'lead.list_searched', details: { ...typed, search: stranger.email } })
		// An export of the leads filtered by the person's address names them as well.
		await recordActivity(handle.db, officer, { type: 'leads.exported', details: { ...typed, rows: 1 } })
		const withSearch = await searchPersonalData(handle.db, { email: jane.email, phone: null })
		expect(withSearch.activity.map((row) => row.action)).toEqual(['lead.viewed', 'lead.list_searched', 'leads.exported'])
		expect(JSON.stringify(found)).not.toContain(stranger.email)
	})

	test('a gmail address is found at googlemail.com, a phone as people write it; not the request’s own e-mails, nor a task without a note', async () => {
		const jane = await seedBorrower(handle.db)
		const [googlemail] = await handle.db
			.insert(contactMessages)
			.values({
				name: 'Jane G',
				email: jane.email.replace('@gmail.com', '@googlemail.com'),
				phone: '(212) 555-0101',
				message: 'Another message',
			})
			.returning()
		const digits = jane.phone.slice(-10)
		const written = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
		const byWrittenPhone = await enqueueMail(handle.db, 'new-lead', {
			to: ['officer@example.com'],
			subject: 'Call back',
			lines: [`Call ${written}`],
		})
		const own = await enqueueMail(handle.db, 'data-request.acknowledged', {
			to: [jane.email],
			subject: 'We received your request',
			lines: ['Hello'],
		})
		await handle.db.execute(sql`insert into lead_tasks (lead_id, kind, due_at, note, assigned_to)
			values (${jane.byEmail.id}, 'call_back', now(), null, null)`)
		const found = await searchPersonalData(handle.db, { email: jane.email, phone: jane.phone })
		expect(ids(found.contactMessages)).toEqual([jane.message.id, googlemail!.id].sort())
		expect(ids(found.emails)).toContain(String(byWrittenPhone))
		expect(ids(found.emails)).not.toContain(String(own))
		expect(found.taskNotes.map((row) => row.note)).toEqual(['Call Jane after 5pm'])
	})

	test('a webhook delivery of the person’s lead is found by the lead, whatever its payload names', async () => {
		const jane = await seedBorrower(handle.db)
		const endpoint = '00000000-0000-4000-8000-00000000abcd'
		await handle.db.execute(sql`insert into webhook_endpoints (id, url, event_types, secret_encrypted)
			values (${endpoint}, 'https://crm.example/other', '{lead.status_changed}', 'v1.x') on conflict do nothing`)
		await handle.db.execute(sql`insert into webhook_events (id, type, lead_id, payload)
			values (${`msg_${jane.byPhone.id.replaceAll('-', '')}`}, 'lead.status_changed', ${jane.byPhone.id}, '{"data":{"status":"contacted"}}')`)
		await handle.db.execute(sql`insert into webhook_deliveries (endpoint_id, event_id, status)
			values (${endpoint}, ${`msg_${jane.byPhone.id.replaceAll('-', '')}`}, 'delivered')`)
		const found = await searchPersonalData(handle.db, { email: jane.email, phone: jane.phone })
		expect(found.webhookDeliveries.map((row) => row.event_id)).toContain(`msg_${jane.byPhone.id.replaceAll('-', '')}`)
	})

	test('the LIKE wildcards of an address are taken literally: jane_doe is not janeXdoe', async () => {
		const other = await enqueueMail(handle.db, 'new-lead', {
			to: ['officer@example.com'],
			subject: 'Lead',
			lines: ['From janeXdoe@example.com'],
		})
		const mine = await enqueueMail(handle.db, 'new-lead', {
			to: ['officer@example.com'],
			subject: 'Lead',
			lines: ['From jane_doe@example.com'],
		})
		const found = await searchPersonalData(handle.db, { email: 'jane_doe@example.com', phone: null })
		expect(ids(found.emails)).toEqual([String(mine)])
		expect(ids(found.emails)).not.toContain(String(other))
	})

	test('a failed sign-in that typed the person’s e-mail is found; one that typed another address is not', async () => {
		const jane = await seedBorrower(handle.db)
		const stranger = await seedBorrower(handle.db)
		const visitor = { id: 'visitor', email: 'visitor@example.com', roles: '', ip: '203.0.113.9', userAgent: null }
		await recordActivity(handle.db, visitor, { type: 'auth.sign_in_failed', details: { email: jane.email, step: 'password' } })
		await recordActivity(handle.db, visitor, { type: 'auth.sign_in_failed', details: { email: stranger.email, step: 'password' } })
		const found = await searchPersonalData(handle.db, { email: jane.email, phone: null })
		const failed = found.activity.filter((row) => row.action === 'auth.sign_in_failed')
		expect(failed.map((row) => (row.details as { email: string }).email)).toEqual([jane.email])
	})

	test('searching from a request is logged with counts only', async () => {
		const jane = await seedBorrower(handle.db)
		const request = await requestFor(jane, 'know', null)
		await searchForRequest(handle.db, actor, request)
		expect((await lastActivity(handle.db, 'data_request.searched', request.id))?.details).toEqual({
			rows: {
				leads: 2,
				leadNotes: 1,
				taskNotes: 1,
				fundedLoans: 1,
				contactMessages: 1,
				consentRecords: 2,
				emails: 2,
				webhookDeliveries: 1,
				activity: 2,
			},
		})
	})

	test('the export holds every row the search found, category by category, and is logged', async () => {
		const jane = await seedBorrower(handle.db)
		const request = await requestFor(jane, 'know', 'specific')
		const found = await searchPersonalData(handle.db, { email: jane.email, phone: jane.phone })
		const exported = await exportForRequest(handle.db, actor, { id: request.id, format: 'json' }, 'Test Lending')
		if (!exported.ok) throw new Error(exported.message)
		for (const category of FOUND_CATEGORIES) expect(exported.document.categories[category], category).toEqual(found[category])
		expect(Object.values(foundCounts(found)).every((count) => count > 0)).toBe(true)
		const entry = await lastActivity(handle.db, 'data_request.exported', request.id)
		expect(entry?.details).toEqual({ format: 'json', rows: 13 })
	})

	test('specific pieces are exported only to a requester verified by 3 data points and a signed declaration', async () => {
		const jane = await seedBorrower(handle.db)
		const request = await requestFor(jane, 'know', 'categories')
		expect(await exportForRequest(handle.db, actor, { id: request.id, format: 'html' }, 'Test Lending')).toEqual({
			ok: false,
			status: 409,
			message: DATA_REQUEST_MESSAGES.needsSpecific,
		})
		expect(await lastActivity(handle.db, 'data_request.exported', request.id)).toBeUndefined()
	})
})

describe('erasing a requester’s personal data', () => {
	test('after an erase the search finds nothing personal; consent evidence and the request are kept, and others are untouched', async () => {
		const jane = await seedBorrower(handle.db)
		const stranger = await seedBorrower(handle.db)
		// An event of the lead that no endpoint received (its endpoint was removed): erased with the lead all the same.
		await handle.db.execute(sql`insert into webhook_events (id, type, lead_id, payload)
			values ('msg_undelivered', 'lead.updated', ${jane.byPhone.id}, '{"data":{}}')`)
		const request = await requestFor(jane, 'delete', 'categories')
		await acknowledgeDataRequest(handle.db, actor, request.id, mailContext)
		const erased = await eraseForRequest(handle.db, actor, { id: request.id, reason: 'Verified delete request by e-mail' })
		expect(erased).toMatchObject({
			ok: true,
			summary: {
				leads: 2,
				contactMessages: 1,
				emails: 2,
				webhookEvents: 2,
				consentRecordsKept: 2,
				leadsOnHold: 0,
				leadsThatBecameLoans: 0,
			},
		})
		expect(await handle.db.execute(sql`select id from webhook_events where id = 'msg_undelivered'`)).toMatchObject({ rows: [] })
		const after = await searchPersonalData(handle.db, { email: jane.email, phone: jane.phone })
		expect(foundCounts(after)).toEqual({
			leads: 0,
			leadNotes: 0,
			taskNotes: 0,
			fundedLoans: 0,
			contactMessages: 0,
			consentRecords: 0,
			emails: 0,
			webhookDeliveries: 0,
			activity: 0,
		})
		// docs/decisions/0107: the erase removed the notes themselves, not only their link to the person.
		expect(await handle.db.execute(sql`select id from lead_notes where lead_id = ${jane.byEmail.id}`)).toMatchObject({ rows: [] })
		const [lead] = await handle.db.select().from(leads).where(eq(leads.id, jane.byEmail.id))
		expect(lead).toMatchObject({ firstName: 'Anonymized', lastName: '', email: '', phone: '', emailNormalized: null })
		const [message] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, jane.message.id))
		expect(message).toMatchObject({ name: 'Anonymized', email: '', phone: '', message: '' })
		// Kept as the law allows: the consent evidence, the request's own correspondence and the request.
		expect(await handle.db.select().from(leadConsents).where(eq(leadConsents.leadId, jane.byEmail.id))).toHaveLength(1)
		expect((await handle.db.select().from(outbox).where(eq(outbox.kind, 'data-request.acknowledged'))).length).toBeGreaterThan(0)
		const [kept] = await handle.db.select().from(dataRequests).where(eq(dataRequests.id, request.id))
		expect(kept).toMatchObject({ email: jane.email, eraseReason: 'Verified delete request by e-mail' })
		expect(foundCounts(await searchPersonalData(handle.db, { email: stranger.email, phone: stranger.phone }))).toEqual({
			leads: 2,
			leadNotes: 1,
			taskNotes: 1,
			fundedLoans: 1,
			contactMessages: 1,
			consentRecords: 2,
			emails: 2,
			webhookDeliveries: 1,
			activity: 2,
		})
		expect((await lastActivity(handle.db, 'data_request.erased', request.id))?.details).toEqual({
			reason: 'Verified delete request by e-mail',
			leads: 2,
			contactMessages: 1,
			emails: 2,
			webhookEvents: 2,
			consentRecordsKept: 2,
			leadsOnHold: 0,
			leadsThatBecameLoans: 0,
		})
		// The answer tells the requester what went and what was kept.
		await closeDataRequest(handle.db, actor, { id: request.id, outcome: 'answered', reply: '' }, mailContext)
		const answers = await handle.db.select().from(outbox).where(eq(outbox.kind, 'data-request.answered'))
		const text = (answers.at(-1)!.payload as { text: string }).text.split('\n')
		expect(text.slice(4, 8)).toEqual([
			'We deleted your personal data from 2 quote requests and 1 contact message, and the copies of e-mails and notifications about them.',
			'We kept the record of your consent to be contacted (2 records): the law lets a claim about calls and texts be brought for 4 years, and this record is our evidence.',
			'We keep the security log of who at our company viewed or changed your data, which cannot be altered, for 5 years, and a record of this request and our answer for 24 months, as the California privacy regulations require.',
			'',
		])
	})

	test('a lead on legal hold or that became a loan is not erased, and the reply says so', async () => {
		const email = 'held.borrower@example.com'
		const held = await insertTestLead(handle.db, { email, phone: '+13125550101', legalHoldAt: new Date(), legalHoldReason: 'Subpoena' })
		const loan = await insertTestLead(handle.db, { email, phone: '+13125550101', status: 'closed' })
		const request = await requestFor({ email, phone: '' }, 'delete', 'categories')
		const erased = await eraseForRequest(handle.db, actor, { id: request.id, reason: 'Verified delete request by phone' })
		if (!erased.ok) throw new Error(erased.message)
		expect(erased.summary).toMatchObject({ leads: 0, leadsOnHold: 1, leadsThatBecameLoans: 1 })
		expect(erased.reply.split('\n').slice(1, 3)).toEqual([
			'We did not delete 1 request that is under a legal hold: the law requires us to keep it until the hold ends.',
			'We did not delete 1 request that became a loan: a loan’s file is kept as lending law requires.',
		])
		const rows = await handle.db.select().from(leads).where(sql`${leads.id} in (${held.id}, ${loan.id})`)
		expect(rows.map((row) => row.email)).toEqual([email, email])
	})

	test.runIf(testDatabaseKind === 'postgres')(
		'a hold placed after the erase’s search keeps its lead: the lead is read again under lock',
		async () => {
			const email = 'held.meanwhile@example.com'
			const lead = await insertTestLead(handle.db, { email, phone: '+13125550102' })
			const request = await requestFor({ email, phone: '' }, 'delete', 'categories')
			let release = () => {}
			const holding = new Promise<void>((resolve) => {
				release = resolve
			})
			let locked = () => {}
			const isLocked = new Promise<void>((resolve) => {
				locked = resolve
			})
			// A colleague placing a hold has the lead's row until the hold is written.
			const hold = handle.db.transaction(async (tx) => {
				await tx.execute(sql`select id from leads where id = ${lead.id} for update`)
				locked()
				await holding
				await tx.execute(sql`update leads set legal_hold_at = now(), legal_hold_reason = 'Subpoena served today' where id = ${lead.id}`)
			})
			await isLocked
			const erasing = eraseForRequest(handle.db, actor, { id: request.id, reason: 'Verified delete request by phone' })
			// The erase has searched (and found the lead without a hold) and now waits for the lead's row.
			for (;;) {
				const waiting = (await handle.db.execute(
					sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
				)) as unknown as { rows: Array<{ n: number }> }
				if (Number(waiting.rows[0]!.n) > 0) break
				await new Promise((resolve) => setTimeout(resolve, 20))
			}
			release()
			await hold
			const erased = await erasing
			if (!erased.ok) throw new Error(erased.message)
			expect(erased.summary.leads).toBe(0)
			const [kept] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
			expect(kept).toMatchObject({ email, anonymizedAt: null, legalHoldReason: 'Subpoena served today' })
		},
	)

	test('an e-mail about the person’s lead is erased by its link to the lead, whatever its text names; one about a kept lead stays', async () => {
		const email = 'linked.only@example.com'
		const lead = await insertTestLead(handle.db, { email, phone: '+13125550103' })
		const held = await insertTestLead(handle.db, { email, phone: '+13125550103', legalHoldAt: new Date(), legalHoldReason: 'Subpoena' })
		const other = await insertTestLead(handle.db, { email: 'someone.else@example.com', phone: '+13125550104' })
		// docs/decisions/0113: minimal staff e-mails name neither the address nor (here) the lead's id.
		const mail = (leadId: string) =>
			handle.db
				.insert(outbox)
				.values({
					kind: 'task-reminder',
					leadId,
					payload: { to: ['officer@lender.example'], subject: 'Task due: Call back, Pat', text: 'x' },
				})
				.returning({ id: outbox.id })
		const [[about], [aboutHeld], [aboutOther]] = await Promise.all([mail(lead.id), mail(held.id), mail(other.id)])
		const found = await searchPersonalData(handle.db, { email, phone: '' })
		expect(found.emails.map((row) => Number(row.id)).sort()).toEqual([about!.id, aboutHeld!.id].sort())
		const request = await requestFor({ email, phone: '' }, 'delete', 'categories')
		const erased = await eraseForRequest(handle.db, actor, { id: request.id, reason: 'Verified delete request by e-mail' })
		if (!erased.ok) throw new Error(erased.message)
		expect(erased.summary).toMatchObject({ leads: 1, emails: 1, leadsOnHold: 1 })
		const left = await handle.db
			.select({ id: outbox.id })
			.from(outbox)
			.where(sql`${outbox.id} in (${about!.id}, ${aboutHeld!.id}, ${aboutOther!.id})`)
		expect(left.map((row) => row.id).sort()).toEqual([aboutHeld!.id, aboutOther!.id].sort())
	})

	test('only a verified delete request erases, once', async () => {
		const jane = await seedBorrower(handle.db)
		const know = await requestFor(jane, 'know', 'specific')
		expect(await eraseForRequest(handle.db, actor, { id: know.id, reason: 'Wrong kind of request' })).toMatchObject({
			message: DATA_REQUEST_MESSAGES.notDelete,
		})
		const unverified = await requestFor(jane, 'delete', null)
		expect(await eraseForRequest(handle.db, actor, { id: unverified.id, reason: 'Not verified yet at all' })).toMatchObject({
			message: DATA_REQUEST_MESSAGES.needsCategories,
		})
		expect(foundCounts(await searchPersonalData(handle.db, { email: jane.email, phone: jane.phone })).leads).toBe(2)
		const verified = await requestFor(jane, 'delete', 'categories')
		expect((await eraseForRequest(handle.db, actor, { id: verified.id, reason: 'Verified delete request' })).ok).toBe(true)
		expect(await eraseForRequest(handle.db, actor, { id: verified.id, reason: 'Verified delete request' })).toMatchObject({
			message: DATA_REQUEST_MESSAGES.erasedAlready,
		})
	})

	test('the request log outlives both retention jobs, three years on', async () => {
		const request = await requestFor({ email: 'kept@example.com', phone: '' }, 'know', null)
		const later = new Date(Date.now() + 3 * 365 * 24 * 60 * 60 * 1000)
		await disposeDue(handle.db, { leadMonths: 24, contactMonths: 24, consentYears: 5, longerReason: '' }, later)
		await pruneExpiredRows(handle.db, later)
		expect(await handle.db.select().from(dataRequests).where(eq(dataRequests.id, request.id))).toHaveLength(1)
		expect(await handle.db.select().from(dataRequestSteps).where(eq(dataRequestSteps.requestId, request.id))).toHaveLength(1)
	})
})

describe('the erase reply, in the singular and the plural (docs/decisions/0091)', () => {
	const summary = {
		leads: 0,
		contactMessages: 0,
		emails: 0,
		webhookEvents: 0,
		consentRecordsKept: 0,
		leadsOnHold: 0,
		leadsThatBecameLoans: 0,
	}
	const securityLog =
		'We keep the security log of who at our company viewed or changed your data, which cannot be altered, for 5 years, and a record of this request and our answer for 24 months, as the California privacy regulations require.'

	test('one of each: request, message, record, it', () => {
		expect(
			eraseReply({ ...summary, leads: 1, contactMessages: 1, consentRecordsKept: 1, leadsOnHold: 1, leadsThatBecameLoans: 1 }).split('\n'),
		).toEqual([
			'We deleted your personal data from 1 quote request and 1 contact message, and the copies of e-mails and notifications about them.',
			'We kept the record of your consent to be contacted (1 record): the law lets a claim about calls and texts be brought for 4 years, and this record is our evidence.',
			'We did not delete 1 request that is under a legal hold: the law requires us to keep it until the hold ends.',
			'We did not delete 1 request that became a loan: a loan’s file is kept as lending law requires.',
			securityLog,
		])
	})

	test('several: requests, messages, them; none kept: no line about consent, holds or loans', () => {
		expect(eraseReply({ ...summary, leads: 3, contactMessages: 2, leadsOnHold: 2, leadsThatBecameLoans: 2 }).split('\n')).toEqual([
			'We deleted your personal data from 3 quote requests and 2 contact messages, and the copies of e-mails and notifications about them.',
			'We did not delete 2 requests that are under a legal hold: the law requires us to keep them until the hold ends.',
			'We did not delete 2 requests that became loans: a loan’s file is kept as lending law requires.',
			securityLog,
		])
		expect(eraseReply(summary).split('\n')).toEqual([
			'We deleted your personal data from 0 quote requests and 0 contact messages, and the copies of e-mails and notifications about them.',
			securityLog,
		])
	})
})
