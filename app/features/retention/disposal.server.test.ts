import { subMonths } from 'date-fns'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { retentionPolicySchema } from '#app/features/content/content-schemas.ts'
import { createTestDatabase, testDatabaseKind } from '../../../tests/test-database.ts'
import { disposalPreview, disposeDue, recentDisposalRuns, runDailyDisposal } from './disposal.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(async () => {
	await handle.close()
})

const policy = { leadMonths: 24, contactMonths: 24, consentYears: 5, longerReason: '' }
const now = new Date()
const DAY = 24 * 3600 * 1000
/** `months` months before now (30.5 days each: well clear of the month boundary either way). */
const monthsAgo = (months: number) => new Date(now.getTime() - months * 30.5 * DAY).toISOString()
const yearsAgo = (years: number) => new Date(now.getTime() - years * 365.25 * DAY).toISOString()

const application = {
	loanProgram: 'dscr',
	propertyType: 'single-family',
	transactionType: 'purchase',
	purchasePrice: '500000',
	propertyFullAddress: '12 Harbor Lane, Tampa, FL 33601',
	propertyState: 'FL',
	propertyZip: '33601',
	firstName: 'Rosa',
	lastName: 'Quill',
	email: 'rosa.quill@example.com',
	phone: '(813) 555-0142',
	ficoScore: '720-739',
	additionalScenarioDetails: 'My brother Tom co-signs',
	submitted_at: '2024-01-01T00:00:00Z',
}

type Lead = Record<string, unknown>
async function rows<T = Lead>(query: ReturnType<typeof sql>) {
	return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows
}

/** A wizard lead whose last activity was `lastActivity`; the trigger is bypassed by setting the column alone. */
async function lead(lastActivity: string, extra: { status?: string; hold?: boolean } = {}) {
	const [row] = await rows<{ id: string }>(sql`insert into leads (first_name, last_name, email, phone, loan_type, property_type,
			transaction_type, property_value, message, status, email_normalized, phone_normalized,
			attribution, property_details, loan_customization, created_at)
		values ('Rosa', 'Quill', 'rosa.quill@example.com', '+18135550142', 'DSCR Loan', 'single-family', 'purchase', '500000',
			${JSON.stringify(application)}, ${extra.status ?? 'lost'}, 'rosa.quill@example.com', '8135550142',
			${JSON.stringify({ firstTouch: { utm_source: 'google', utm_campaign: 'fl-dscr', gclid: 'abc123', referrer: 'https://mail.example/rosa' } })},
			${JSON.stringify({ monthlyRent: '3200', additionalPropertyDetails: 'Tenant is my cousin' })},
			${JSON.stringify({ exitStrategy: 'hold', primaryResidenceFullAddress: '9 Elm St, Tampa, FL' })},
			${lastActivity})
		returning id`)
	await handle.db.execute(sql`update leads set last_activity_at = ${lastActivity} where id = ${row!.id}`)
	if (extra.hold)
		await handle.db.execute(
			sql`update leads set legal_hold_at = now(), legal_hold_by = 'counsel@example.com', legal_hold_reason = 'Litigation hold 2026-14' where id = ${row!.id}`,
		)
	// docs/decisions/0107: staff's note on the lead, its own row.
	await handle.db.execute(sql`insert into lead_notes (lead_id, author_id, author_name, body)
		values (${row!.id}, 'officer-1', 'Olive Officer', 'Prefers mornings; wife is Ana')`)
	await handle.db.execute(sql`insert into lead_activity (lead_id, action, detail) values
		(${row!.id}, 'note_saved', ${JSON.stringify({ excerpt: 'Wife Ana calls back' })}),
		(${row!.id}, 'contact_logged', ${JSON.stringify({ channel: 'phone', summary: 'Rosa said her SSN ends 4411' })})`)
	await handle.db.execute(sql`update leads set last_activity_at = ${lastActivity} where id = ${row!.id}`)
	return row!.id
}

async function consent(leadId: string, consentedAt: string) {
	const [row] = await rows<{ id: number }>(sql`insert into lead_consents (lead_id, consent_text, consent_version, consent_hash,
			consented_at, ip_address, page_url)
		values (${leadId}, 'I agree', 'v1', 'h', ${consentedAt}, '203.0.113.9', 'https://lender.example/fast-quote') returning id`)
	// bigserial: a number on PGlite, a string on node-postgres.
	return Number(row!.id)
}

beforeEach(async () => {
	await handle.db.execute(sql`delete from lead_activity`)
	await handle.db.execute(sql`delete from leads`)
	await handle.db.execute(sql`delete from contact_messages`)
	await handle.db.execute(sql`delete from retention_runs`)
})

describe(`retention by category (docs/decisions/0090) on ${testDatabaseKind}`, () => {
	test('a lead 25 months past its last activity is anonymised; one at 23 months is not', async () => {
		const old = await lead(monthsAgo(25))
		const recent = await lead(monthsAgo(23))
		expect(await disposalPreview(handle.db, policy, now)).toMatchObject({ leads: 1 })

		const result = await disposeDue(handle.db, policy, now)

		expect(result.leadIds).toEqual([old])
		const [gone] = await rows(sql`select * from leads where id = ${old}`)
		expect(gone).toMatchObject({
			first_name: 'Anonymized',
			last_name: '',
			email: '',
			phone: '',
			email_normalized: null,
			phone_normalized: null,
		})
		expect(gone!.anonymized_at).not.toBeNull()
		// docs/decisions/0107: its notes are deleted with the words; the lead kept has its own.
		expect(await rows(sql`select body from lead_notes where lead_id = ${old}`)).toEqual([])
		expect(await rows(sql`select body from lead_notes where lead_id = ${recent}`)).toEqual([{ body: 'Prefers mornings; wife is Ana' }])
		const [kept] = await rows(sql`select * from leads where id = ${recent}`)
		expect(kept).toMatchObject({ first_name: 'Rosa', email: 'rosa.quill@example.com', anonymized_at: null })
		expect(await disposalPreview(handle.db, policy, now)).toMatchObject({ leads: 0 })
	})

	test('an anonymised lead keeps the figures reports count and nothing that names or reaches the borrower', async () => {
		const id = await lead(monthsAgo(30))
		await disposeDue(handle.db, policy, now)
		const [row] = await rows(sql`select * from leads where id = ${id}`)
		const stored = JSON.stringify(row) + JSON.stringify(await rows(sql`select detail from lead_activity where lead_id = ${id}`))
		for (const personal of [
			'Rosa',
			'Quill',
			'rosa.quill',
			'555-0142',
			'8135550142',
			'Harbor',
			'33601',
			'Ana',
			'Tom',
			'cousin',
			'Elm St',
			'abc123',
			'mail.example',
			'4411',
		])
			expect(stored).not.toContain(personal)
		expect(row).toMatchObject({
			loan_type: 'DSCR Loan',
			property_type: 'single-family',
			transaction_type: 'purchase',
			property_value: '500000',
		})
		expect(JSON.parse(row!.message as string)).toEqual({
			loanProgram: 'dscr',
			propertyType: 'single-family',
			transactionType: 'purchase',
			purchasePrice: '500000',
			propertyState: 'FL',
			ficoScore: '720-739',
			submitted_at: '2024-01-01T00:00:00Z',
		})
		expect(row!.attribution).toEqual({ firstTouch: { utm_source: 'google', utm_campaign: 'fl-dscr' } })
		expect(row!.property_details).toEqual({ monthlyRent: '3200' })
		expect(row!.loan_customization).toEqual({ exitStrategy: 'hold' })
		// The history keeps its entries (who did what, when), without the words.
		expect((await rows(sql`select action from lead_activity where lead_id = ${id} order by action`)).map((r) => r.action)).toEqual([
			'contact_logged',
			'note_saved',
		])
	})

	test('a legal hold stops disposal, and a lead that became a loan (Closed) is not disposed of by this policy', async () => {
		// Quiet for longer than the consent limit too (70 months): only the hold keeps its consent evidence.
		const held = await lead(monthsAgo(70), { hold: true })
		const loan = await lead(monthsAgo(40), { status: 'closed' })
		const due = await lead(monthsAgo(40))
		const heldConsent = await consent(held, yearsAgo(6))
		expect((await disposeDue(handle.db, policy, now)).leadIds).toEqual([due])
		const names = await rows<{ id: string; first_name: string }>(sql`select id, first_name from leads where id in (${held}, ${loan})`)
		expect(names.map((r) => r.first_name)).toEqual(['Rosa', 'Rosa'])
		expect(await rows(sql`select id from lead_consents where id = ${heldConsent}`)).toHaveLength(1)
	})

	test('more than a batch, with kept leads and consents among them: every due one is disposed of, every kept one stays', async () => {
		// 1,200 leads with the same last activity (so only the id orders them), every third one a loan.
		await handle.db.execute(sql`insert into leads (first_name, last_name, email, phone, status, last_activity_at)
			select 'Bulk', 'Borrower' || i, 'b' || i || '@example.com', '+1555' || lpad(i::text, 7, '0'),
				case when i % 3 = 0 then 'closed' else 'lost' end, ${monthsAgo(30)}
			from generate_series(1, 1200) as i`)
		await handle.db.execute(sql`insert into lead_consents (lead_id, consent_text, consent_version, consent_hash, consented_at, ip_address, page_url)
			select id, 'I agree', 'v1', 'h', ${yearsAgo(6)}, '203.0.113.9', 'https://lender.example/fast-quote' from leads`)
		const result = await disposeDue(handle.db, policy, now)
		expect(result.leadIds).toHaveLength(800)
		expect(await rows(sql`select id from leads where anonymized_at is null and status <> 'closed'`)).toEqual([])
		expect(await rows(sql`select id from leads where anonymized_at is not null and status = 'closed'`)).toEqual([])
		// The loans' consent evidence stays with them (their leads were worked on within the 5 years); the others' goes.
		const left = await rows<{ status: string; n: number }>(
			sql`select l.status, count(*)::int as n from lead_consents c join leads l on l.id = c.lead_id group by l.status`,
		)
		expect(left.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([{ status: 'closed', n: 400 }])
		// Earlier tests' records of deleted leads can be due too: at least this test's 800 went.
		expect(result.consentRecords).toBeGreaterThanOrEqual(800)
	})

	test('at the edge: a lead is anonymised once its 24 months are over (a day past), not a day before', async () => {
		const edge = subMonths(now, 24)
		const past = await lead(new Date(edge.getTime() - DAY).toISOString())
		const before = await lead(new Date(edge.getTime() + DAY).toISOString())
		const result = await disposeDue(handle.db, policy, now)
		expect(result.leadIds).toContain(past)
		expect(result.leadIds).not.toContain(before)
	})

	test('contact messages: 25 months old are anonymised, 23 months old are not', async () => {
		await handle.db.execute(sql`insert into contact_messages (name, email, phone, message, user_agent, created_at) values
			('Old Sender', 'old@example.com', '+15555550100', 'Call me about 4 Oak Rd', 'Firefox', ${monthsAgo(25)}),
			('New Sender', 'new@example.com', '+15555550101', 'Hello', 'Safari', ${monthsAgo(23)})`)
		const result = await disposeDue(handle.db, policy, now)
		expect(result.contactMessageIds).toHaveLength(1)
		const messages = await rows(sql`select name, email, phone, message, user_agent from contact_messages order by created_at`)
		expect(messages).toEqual([
			{ name: 'Anonymized', email: '', phone: '', message: '', user_agent: null },
			{ name: 'New Sender', email: 'new@example.com', phone: '+15555550101', message: 'Hello', user_agent: 'Safari' },
		])
	})

	test('each category keeps its own time: contact messages by their months, leads by theirs', async () => {
		const apart = { leadMonths: 36, contactMonths: 12, consentYears: 5, longerReason: 'Open litigation with a past borrower' }
		const leadId = await lead(monthsAgo(13))
		await handle.db.execute(sql`insert into contact_messages (name, email, phone, message, user_agent, created_at) values
			('Old Sender', 'old@example.com', '+15555550100', 'Call me about 4 Oak Rd', 'Firefox', ${monthsAgo(13)})`)
		expect(await disposalPreview(handle.db, apart, now)).toEqual({ leads: 0, contactMessages: 1, consentRecords: 0 })
		const result = await disposeDue(handle.db, apart, now)
		expect(result.leadIds).toEqual([])
		expect(result.contactMessageIds).toHaveLength(1)
		expect(await rows(sql`select first_name from leads where id = ${leadId}`)).toEqual([{ first_name: 'Rosa' }])
		// And the other way round: leads after 12 months, contact messages after 36.
		await handle.db.execute(sql`insert into contact_messages (name, email, phone, message, user_agent, created_at) values
			('Newer Sender', 'newer@example.com', '+15555550101', 'Hello', 'Safari', ${monthsAgo(13)})`)
		const reversed = await disposeDue(handle.db, { ...apart, leadMonths: 12, contactMonths: 36 }, now)
		expect(reversed.leadIds).toEqual([leadId])
		expect(reversed.contactMessageIds).toEqual([])
	})

	test('consent evidence survives the lead to its own limit: 5 years by default, and the database never lets one younger than 4 go', async () => {
		const anonymisedLead = await lead(monthsAgo(70))
		const sixYears = await consent(anonymisedLead, yearsAgo(6))
		const fourAndAHalf = await consent(anonymisedLead, yearsAgo(4.5))
		// Just under the 4 years the trigger keeps: a bound is tried beside it, not a year away.
		const underFourYears = await consent(anonymisedLead, yearsAgo(3.9))
		const deletedLead = '00000000-0000-4000-8000-00000000d31e'
		const ofDeletedLead = await consent(deletedLead, yearsAgo(5.5))
		const activeLead = await lead(monthsAgo(1))
		const ofActiveLead = await consent(activeLead, yearsAgo(6))

		const result = await disposeDue(handle.db, policy, now)

		expect(result.consentRecords).toBe(2)
		const left = (await rows<{ id: number }>(sql`select id from lead_consents order by id`)).map((r) => Number(r.id))
		expect(left).toEqual([fourAndAHalf, underFourYears, ofActiveLead].sort((a, b) => a - b))
		expect(left).not.toContain(sixYears)
		expect(left).not.toContain(ofDeletedLead)

		// Without the job's setting, or younger than 4 years even with it, the trigger refuses.
		await expect(handle.db.execute(sql`delete from lead_consents where id = ${ofActiveLead}`)).rejects.toThrow()
		await expect(
			handle.db.transaction(async (tx) => {
				await tx.execute(sql`select set_config('app.disposal', 'consent', true)`)
				await tx.execute(sql`delete from lead_consents where id = ${underFourYears}`)
			}),
		).rejects.toThrow()
		expect(await rows(sql`select id from lead_consents where id = ${underFourYears}`)).toHaveLength(1)
		// A policy of 4 years takes the one of 4.5 years.
		expect((await disposeDue(handle.db, { ...policy, consentYears: 4 }, now)).consentRecords).toBe(1)
	})

	test("a lead's last activity moves when it is worked on, not when it is escalated, held or read", async () => {
		const id = await lead(monthsAgo(30))
		const lastActivity = async () =>
			new Date((await rows<{ at: string }>(sql`select last_activity_at as at from leads where id = ${id}`))[0]!.at)
		await handle.db.execute(sql`update leads set escalated_at = now() where id = ${id}`)
		await handle.db.execute(sql`update leads set legal_hold_at = now(), legal_hold_reason = 'x' where id = ${id}`)
		await handle.db.execute(sql`update leads set legal_hold_at = null, legal_hold_reason = null where id = ${id}`)
		await handle.db.execute(sql`insert into lead_activity (lead_id, action) values (${id}, 'escalated'), (${id}, 'exported')`)
		expect((await lastActivity()).getTime()).toBeLessThan(now.getTime() - 29 * 30 * DAY)

		await handle.db.execute(sql`update leads set status = 'contacted' where id = ${id}`)
		expect((await lastActivity()).getTime()).toBeGreaterThan(Date.now() - 60_000)

		await handle.db.execute(sql`update leads set last_activity_at = ${monthsAgo(30)} where id = ${id}`)
		await handle.db.execute(sql`insert into lead_activity (lead_id, action) values (${id}, 'contact_logged')`)
		expect((await lastActivity()).getTime()).toBeGreaterThan(Date.now() - 60_000)
	})

	test('one run a day, whichever process claims it; the run records what it did', async () => {
		const old = await lead(monthsAgo(26))
		const [first, second] = await Promise.all([runDailyDisposal(handle.db, policy, now), runDailyDisposal(handle.db, policy, now)])
		const runs = [first, second].filter((run) => run !== null)
		expect(runs).toHaveLength(1)
		expect(runs[0]!.result.leadIds).toEqual([old])
		const [stored] = await rows<{ result: { leadIds: string[] }; finished_at: unknown }>(
			sql`select result, finished_at from retention_runs`,
		)
		expect(stored!.result.leadIds).toEqual([old])
		expect(stored!.finished_at).not.toBeNull()
		expect(await runDailyDisposal(handle.db, policy, now)).toBeNull()
	})

	test('a run writes what it disposed of to the activity log: each batch with its ids, then the counts (docs/decisions/0087)', async () => {
		await handle.db.execute(sql`delete from retention_runs`)
		const leadIds = [await lead(monthsAgo(27)), await lead(monthsAgo(28))]
		const kept = await lead(monthsAgo(2))
		const [message] = await rows<{ id: string }>(
			sql`insert into contact_messages (name, email, phone, message, created_at)
				values ('Old Visitor', 'old@example.com', '(512) 555-0100', 'Call me', ${monthsAgo(30)}) returning id`,
		)
		// The log is append-only: earlier tests' entries stay, so this run's are those after the last one now.
		const [before] = await rows<{ last: string | number | null }>(sql`select max(id) as last from activity_log`)
		const run = await runDailyDisposal(handle.db, policy, now)
		expect(run!.result.leadIds.toSorted()).toEqual(leadIds.toSorted())
		const entries = await rows<{ action: string; actor_id: string | null; details: Record<string, unknown> }>(
			sql`select action, actor_id, details from activity_log where id > ${Number(before!.last ?? 0)} order by id`,
		)
		const disposed = entries.filter((entry) => entry.action === 'retention.disposed')
		const leadsEntry = disposed.find((entry) => entry.details.category === 'leads')!
		expect((leadsEntry.details.ids as string[]).toSorted()).toEqual(leadIds.toSorted())
		expect(leadsEntry.details.count).toBe(2)
		expect(leadsEntry.details.ids).not.toContain(kept)
		expect(disposed.find((entry) => entry.details.category === 'contact_messages')!.details).toEqual({
			category: 'contact_messages',
			count: 1,
			ids: [message!.id],
		})
		expect(entries.at(-1)).toEqual({
			action: 'retention.run_finished',
			actor_id: null,
			details: { day: run!.day, leads: 2, contactMessages: 1, consentRecords: run!.result.consentRecords, activityEntries: 0 },
		})
	})
	test("only the disposed lead loses its completion link and its tasks' notes; the kept lead keeps both, and the task stays", async () => {
		const old = await lead(monthsAgo(25))
		const recent = await lead(monthsAgo(23))
		for (const id of [old, recent]) {
			await handle.db.execute(sql`update leads set completion_token_hash = 'hash-of-link' where id = ${id}`)
			await handle.db.execute(sql`insert into lead_tasks (lead_id, kind, due_at, note)
				values (${id}, 'call_back', now(), 'Call Rosa after her shift at the clinic')`)
			await handle.db.execute(sql`update leads set last_activity_at = ${id === old ? monthsAgo(25) : monthsAgo(23)} where id = ${id}`)
		}
		expect((await disposeDue(handle.db, policy, now)).leadIds).toEqual([old])
		expect(await rows(sql`select completion_token_hash from leads where id = ${old}`)).toEqual([{ completion_token_hash: null }])
		expect(await rows(sql`select completion_token_hash from leads where id = ${recent}`)).toEqual([
			{ completion_token_hash: 'hash-of-link' },
		])
		expect(await rows(sql`select kind, note from lead_tasks where lead_id = ${old}`)).toEqual([{ kind: 'call_back', note: null }])
		expect(await rows(sql`select kind, note from lead_tasks where lead_id = ${recent}`)).toEqual([
			{ kind: 'call_back', note: 'Call Rosa after her shift at the clinic' },
		])
	})

	test('the screen lists the latest runs newest first, each with its own counts', async () => {
		await handle.db.execute(sql`insert into retention_runs (day, started_at, finished_at, result) values
			('2026-01-01', '2026-01-01T03:00:00Z', '2026-01-01T03:01:00Z',
				${JSON.stringify({ leadIds: ['a'], contactMessageIds: ['1', '2'], consentRecords: 3, activityEntries: 4 })}),
			('2026-01-02', '2026-01-02T03:00:00Z', null, null),
			('2026-01-03', '2026-01-03T03:00:00Z', '2026-01-03T03:02:00Z',
				${JSON.stringify({ leadIds: ['b', 'c', 'd', 'e', 'f'], contactMessageIds: [], consentRecords: 0, activityEntries: 7 })})`)
		const runs = await recentDisposalRuns(handle.db, 2)
		expect(runs).toEqual([
			{
				day: '2026-01-03',
				startedAt: new Date('2026-01-03T03:00:00Z'),
				finishedAt: new Date('2026-01-03T03:02:00Z'),
				leads: 5,
				contactMessages: 0,
				consentRecords: 0,
				activityEntries: 7,
			},
			{
				day: '2026-01-02',
				startedAt: new Date('2026-01-02T03:00:00Z'),
				finishedAt: null,
				leads: 0,
				contactMessages: 0,
				consentRecords: 0,
				activityEntries: 0,
			},
		])
		expect((await recentDisposalRuns(handle.db)).at(-1)).toMatchObject({
			day: '2026-01-01',
			leads: 1,
			contactMessages: 2,
			consentRecords: 3,
			activityEntries: 4,
		})
	})
})

describe('the retention policy (docs/decisions/0090)', () => {
	const message = (input: Record<string, unknown>) => {
		const parsed = retentionPolicySchema.safeParse({ ...policy, ...input })
		return parsed.success ? null : parsed.error.issues[0]!.message
	}
	test('consent evidence is kept at least 4 years and at most 10; a lead or message at most 120 months', () => {
		expect(message({ consentYears: 3 })).toBe('Consent evidence is kept at least 4 years: a TCPA claim can be brought for 4 years')
		expect(message({ consentYears: 4 })).toBeNull()
		expect(message({ consentYears: 10 })).toBeNull()
		expect(message({ consentYears: 11 })).toBe('Consent evidence is kept at most 10 years')
		expect(message({ leadMonths: 120, longerReason: 'State law requires 10 years for loan files' })).toBeNull()
		expect(message({ leadMonths: 121, longerReason: 'State law requires 10 years for loan files' })).toBe(
			'The time a lead is kept is at most 120 months',
		)
	})
	test('leads or contact messages kept longer than 24 months need a reason', () => {
		expect(message({ leadMonths: 25 })).toMatch(/^Personal data is disposed of within 24 months/)
		expect(message({ contactMonths: 25 })).toMatch(/^Personal data is disposed of within 24 months/)
		expect(message({ leadMonths: 24, contactMonths: 24 })).toBeNull()
		expect(message({ leadMonths: 36, longerReason: 'State law requires 3 years for loan applications' })).toBeNull()
		// The reason is at least 10 characters: 9 are refused, 10 are enough.
		expect(message({ leadMonths: 36, longerReason: 'Audit law' })).toMatch(/say why \(at least 10 characters\)$/)
		expect(message({ leadMonths: 36, longerReason: 'Audit laws' })).toBeNull()
		expect(message({ leadMonths: 0 })).toBe('The time a lead is kept is at least 1 month')
	})
})
