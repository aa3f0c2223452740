import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { leads, outbox, smsOptOuts, staffAlertSettings } from '#db/schema.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { insertTestLead, testActor } from '../../../tests/lead-test-data.ts'
import { assignLead } from '#app/features/leads/work/assign-lead.server.ts'
import { drainOutbox } from '#app/features/mail/outbox.server.ts'
import { ASSIGNED_LEAD_TEXT, assignmentTextRenderer, smsAsMailTransport } from './assignment-text.server.ts'
import { applyReply, replyKeyword } from './sms-inbound.server.ts'
import { type SmsTransport, type TextMessage, createFileSmsTransport } from './sms-transport.server.ts'

/** docs/decisions/0111: an assignment texts the officer who chose texts, once, through the outbox's sms channel. */
let handle: DatabaseHandle
const manager = testActor({ id: 'manager-1', name: 'Maria Manager', roles: ['moderator'] })
const texter = { id: 'officer-text', name: 'Tex Officer', email: 'tex@example.com', mobile: '+19495550101' }
const mailer = { id: 'officer-mail', name: 'Mel Officer', email: 'mel@example.com' }
const both = { id: 'officer-both', name: 'Bo Officer', email: 'bo@example.com', mobile: '+19495550102' }
const BASE_URL = 'https://lender.example'

beforeAll(async () => {
	handle = await createTestDatabase()
	for (const officer of [texter, mailer, both]) {
		await handle.db.execute(
			sql`insert into users (id, name, email, role) values (${officer.id}, ${officer.name}, ${officer.email}, 'user')`,
		)
		await handle.db.execute(
			sql`insert into accounts (id, account_id, provider_id, user_id, password) values (${`acc-${officer.id}`}, ${officer.id}, 'credential', ${officer.id}, 'hash')`,
		)
	}
	await handle.db.insert(staffAlertSettings).values([
		{ userId: texter.id, byEmail: false, byText: true, mobile: texter.mobile, textConsentAt: new Date() },
		{ userId: both.id, byEmail: true, byText: true, mobile: both.mobile, textConsentAt: new Date() },
	])
})
afterAll(() => handle.close())

const assign = (leadId: string, assigneeId: string) =>
	assignLead(handle.db, manager, { leadId, assigneeId }, { baseUrl: BASE_URL, timeZone: 'America/New_York' })

const queued = (leadId: string) =>
	handle.db
		.select()
		.from(outbox)
		.where(sql`${outbox.payload}->>'leadId' = ${leadId} or ${outbox.payload}->>'text' like ${`%${leadId}%`}`)

function recordingTransport(): SmsTransport & { sent: TextMessage[] } {
	const sent: TextMessage[] = []
	return {
		name: 'file',
		sent,
		async send(message) {
			await new Promise((resolve) => setTimeout(resolve, 20))
			sent.push(message)
		},
	}
}

const drainTexts = (transport: SmsTransport) =>
	drainOutbox(handle.db, smsAsMailTransport(transport), {
		from: 'texts@sms.invalid',
		channel: 'sms',
		render: assignmentTextRenderer({ db: handle.db, baseUrl: BASE_URL }),
	})

/**
 * A text queued to the texter, whose alert settings then change before a worker composes it: it is dropped, not sent.
 * The settings are put back afterwards.
 */
async function expectDroppedAfterChange(firstName: string, change: Partial<typeof staffAlertSettings.$inferInsert>) {
	const lead = await insertTestLead(handle.db, { firstName })
	await assign(lead.id, texter.id)
	const [before] = await handle.db.select().from(staffAlertSettings).where(eq(staffAlertSettings.userId, texter.id))
	await handle.db.update(staffAlertSettings).set(change).where(eq(staffAlertSettings.userId, texter.id))
	try {
		const transport = recordingTransport()
		await drainTexts(transport)
		expect(transport.sent.filter((message) => message.body.includes(lead.id))).toEqual([])
		const [text] = (await queued(lead.id)).filter((row) => row.channel === 'sms')
		expect(text!.status).toBe('dropped')
	} finally {
		await handle.db.update(staffAlertSettings).set(before!).where(eq(staffAlertSettings.userId, texter.id))
	}
}

describe('an assignment queues what the officer chose', () => {
	test('an officer who chose texts only gets a text and no e-mail', async () => {
		const lead = await insertTestLead(handle.db, { firstName: 'Jane' })
		expect(await assign(lead.id, texter.id)).toBe('assigned')
		const rows = await queued(lead.id)
		expect(rows.map((row) => [row.channel, row.kind])).toEqual([['sms', ASSIGNED_LEAD_TEXT]])
		expect(rows[0]!.payload).toMatchObject({ to: texter.mobile, userId: texter.id, leadId: lead.id })
	})

	test('an officer who chose nothing (the default) gets the e-mail and no text', async () => {
		const lead = await insertTestLead(handle.db, { firstName: 'June' })
		await assign(lead.id, mailer.id)
		const rows = await queued(lead.id)
		expect(rows.map((row) => row.channel)).toEqual(['email'])
	})

	test('an officer who chose both gets both', async () => {
		const lead = await insertTestLead(handle.db, { firstName: 'Jill' })
		await assign(lead.id, both.id)
		expect((await queued(lead.id)).map((row) => row.channel).sort()).toEqual(['email', 'sms'])
	})

	test('the mail worker never claims a text', async () => {
		const lead = await insertTestLead(handle.db, { firstName: 'Joan' })
		await assign(lead.id, texter.id)
		const mails: string[] = []
		await drainOutbox(handle.db, { send: async (mail) => void mails.push(mail.text) }, { from: 'x@example.com', batchSize: 500 })
		expect(mails.filter((text) => text.includes(lead.id))).toEqual([])
		const [row] = await queued(lead.id)
		expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null, claimedAt: null })
		await drainTexts(recordingTransport())
	})
})

describe('the sms outbox', () => {
	test('two workers draining at once send a text once; it names first name, program, state and the link only', async () => {
		const lead = await insertTestLead(handle.db, {
			firstName: 'Janet',
			lastName: 'Secretname',
			email: 'janet.private@example.com',
			phone: '(305) 555-0199',
			loanType: 'DSCR',
			message: JSON.stringify({ propertyState: 'FL', propertyAddress: '12 Hidden Lane, Miami, FL' }),
		})
		await assign(lead.id, texter.id)
		const transport = recordingTransport()
		await Promise.all([drainTexts(transport), drainTexts(transport)])
		const mine = transport.sent.filter((message) => message.body.includes(lead.id))
		expect(mine).toHaveLength(1)
		expect(mine[0]!.to).toBe(texter.mobile)
		expect(mine[0]!.body).toBe(`New lead assigned to you: Janet, DSCR, Florida. Open it: ${BASE_URL}/dashboard/leads?lead=${lead.id}`)
		for (const secret of ['Secretname', 'janet.private', '555-0199', '5550199', 'Hidden Lane']) expect(mine[0]!.body).not.toContain(secret)
		const [row] = await queued(lead.id)
		expect(row!.status).toBe('sent')
		await Promise.all([drainTexts(transport), drainTexts(transport)])
		expect(transport.sent.filter((message) => message.body.includes(lead.id))).toHaveLength(1)
	})

	test('a text queued to a number that replied STOP is dropped, not sent; START lets the next one go', async () => {
		const lead = await insertTestLead(handle.db, { firstName: 'Jo' })
		await assign(lead.id, both.id)
		// Another officer's text, queued at the same time: the STOP is not theirs, and it still goes.
		const theirs = await insertTestLead(handle.db, { firstName: 'Ola' })
		await assign(theirs.id, texter.id)
		expect(await applyReply(handle.db, both.mobile, ' stop ')).toBe('opt-out')
		const transport = recordingTransport()
		await drainTexts(transport)
		expect(transport.sent.filter((message) => message.to === both.mobile)).toEqual([])
		const [text] = (await queued(lead.id)).filter((row) => row.channel === 'sms')
		expect(text!.status).toBe('dropped')
		// Settled now, so retention deletes it after 30 days like a sent one (docs/decisions/0057).
		expect(text!.sentAt).toBeInstanceOf(Date)
		expect(transport.sent.filter((message) => message.to === texter.mobile && message.body.includes(theirs.id))).toHaveLength(1)
		const [theirText] = (await queued(theirs.id)).filter((row) => row.channel === 'sms')
		expect(theirText!.status).toBe('sent')

		// While opted out, an assignment queues no text at all (the e-mail still goes).
		const later = await insertTestLead(handle.db, { firstName: 'Jay' })
		await assign(later.id, both.id)
		expect((await queued(later.id)).map((row) => row.channel)).toEqual(['email'])

		expect(await applyReply(handle.db, both.mobile, 'START')).toBe('opt-in')
		expect(await handle.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, both.mobile))).toEqual([])
		const again = await insertTestLead(handle.db, { firstName: 'Jem' })
		await assign(again.id, both.id)
		await drainTexts(transport)
		expect(transport.sent.filter((message) => message.body.includes(again.id))).toHaveLength(1)
	})

	test('a text queued to a number the officer has since changed is dropped, not sent to the old number', async () => {
		await expectDroppedAfterChange('Jin', { mobile: '+19495550177' })
	})

	test('a queued text whose officer withdrew their agreement to texts (no consent moment kept) is dropped', async () => {
		await expectDroppedAfterChange('Kit', { textConsentAt: null })
	})

	test('a queued text whose officer turned texts off is dropped', async () => {
		await expectDroppedAfterChange('Lu', { byText: false })
	})

	test('a text queued to an officer who gave up the number is dropped, even when a colleague now texts at it', async () => {
		const [before] = await handle.db.select().from(staffAlertSettings).where(eq(staffAlertSettings.userId, mailer.id))
		// The colleague (who chose e-mail so far) now takes texts at the number the texter is giving up.
		await handle.db
			.insert(staffAlertSettings)
			.values({ userId: mailer.id, byEmail: false, byText: true, mobile: texter.mobile, textConsentAt: new Date() })
			.onConflictDoUpdate({
				target: staffAlertSettings.userId,
				set: { byEmail: false, byText: true, mobile: texter.mobile, textConsentAt: new Date() },
			})
		try {
			await expectDroppedAfterChange('Nia', { mobile: '+19495550188' })
		} finally {
			if (before) await handle.db.update(staffAlertSettings).set(before).where(eq(staffAlertSettings.userId, mailer.id))
			else await handle.db.delete(staffAlertSettings).where(eq(staffAlertSettings.userId, mailer.id))
		}
	})

	test('a queued text whose lead was deleted meanwhile is dropped, not sent', async () => {
		const lead = await insertTestLead(handle.db, { firstName: 'Gus' })
		await assign(lead.id, texter.id)
		const [queuedText] = (await queued(lead.id)).filter((row) => row.channel === 'sms')
		await handle.db.delete(leads).where(eq(leads.id, lead.id))
		const transport = recordingTransport()
		await drainTexts(transport)
		expect(transport.sent.filter((message) => message.body.includes(lead.id))).toEqual([])
		const [after] = await handle.db.select().from(outbox).where(eq(outbox.id, queuedText!.id))
		expect(after!.status).toBe('dropped')
	})

	test('STOP leaves a text already sent, or given up on, to the number as it was', async () => {
		const lead = await insertTestLead(handle.db, { firstName: 'Sam' })
		await assign(lead.id, texter.id)
		await drainTexts(recordingTransport())
		const [sent] = (await queued(lead.id)).filter((row) => row.channel === 'sms')
		const text = async () => (await handle.db.select().from(outbox).where(eq(outbox.id, sent!.id)))[0]!
		expect((await text()).status).toBe('sent')
		// A text the outbox gave up on (a dead letter, kept for support with its reason).
		const [dead] = await handle.db
			.insert(outbox)
			.values({
				kind: ASSIGNED_LEAD_TEXT,
				channel: 'sms',
				status: 'dead',
				lastError: 'Twilio 30003: unreachable handset',
				payload: { render: ASSIGNED_LEAD_TEXT, leadId: lead.id, userId: texter.id, to: texter.mobile },
			})
			.returning()
		await applyReply(handle.db, texter.mobile, 'STOP')
		try {
			expect((await text()).status).toBe('sent')
			const [after] = await handle.db.select().from(outbox).where(eq(outbox.id, dead!.id))
			expect(after).toMatchObject({ status: 'dead', lastError: 'Twilio 30003: unreachable handset' })
		} finally {
			await applyReply(handle.db, texter.mobile, 'START')
		}
	})

	test('a text a worker composes after the number opted out is dropped by the renderer itself', async () => {
		const lead = await insertTestLead(handle.db, { firstName: 'Jude' })
		await assign(lead.id, texter.id)
		// As if a worker held the row when STOP arrived: the reply's own drop leaves claimed rows alone.
		await handle.db
			.update(outbox)
			.set({ claimedAt: new Date() })
			.where(and(eq(outbox.channel, 'sms'), sql`${outbox.payload}->>'leadId' = ${lead.id}`))
		await applyReply(handle.db, texter.mobile, 'UNSUBSCRIBE')
		// The reply leaves the held row to its worker (decision 0111): it is still pending, not dropped by the reply.
		expect((await queued(lead.id)).map((row) => row.status)).toEqual(['pending'])
		await handle.db
			.update(outbox)
			.set({ claimedAt: null })
			.where(and(eq(outbox.channel, 'sms'), sql`${outbox.payload}->>'leadId' = ${lead.id}`))
		const transport = recordingTransport()
		await drainTexts(transport)
		expect(transport.sent).toEqual([])
		const [text] = await queued(lead.id)
		expect(text!.status).toBe('dropped')
		await applyReply(handle.db, texter.mobile, 'UNSTOP')
	})

	test('a keyword is read as people type it: any case, spaces and a final full stop or exclamation mark', () => {
		for (const body of ['Stop!', 'stop.', ' STOP ', 'Stop!!', 'Unsubscribe.']) expect(replyKeyword(body)).toBe('opt-out')
		for (const body of ['Start!', 'unstop.']) expect(replyKeyword(body)).toBe('opt-in')
		for (const body of ['Stop?', 'stop it', '!stop']) expect(replyKeyword(body)).toBeNull()
	})

	test('words that are not a keyword change nothing', async () => {
		expect(await applyReply(handle.db, texter.mobile, 'please stop sending these')).toBeNull()
		expect(await handle.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, texter.mobile))).toEqual([])
	})
})

describe('the file transport', () => {
	test('writes each text to a .txt file of its own, with its number and body', async () => {
		const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sms-'))
		const transport = createFileSmsTransport(path.join(dir, 'sms'))
		await transport.send({ to: '+19495550101', body: 'New lead assigned to you: Jane', id: '<outbox-1@sms.invalid>' })
		const names = await fs.readdir(path.join(dir, 'sms'))
		expect(names).toHaveLength(1)
		expect(names[0]).toMatch(/^[^.].*\.txt$/)
		const text = await fs.readFile(path.join(dir, 'sms', names[0]!), 'utf8')
		expect(text).toContain('To: +19495550101')
		expect(text).toContain('New lead assigned to you: Jane')
		await fs.rm(dir, { recursive: true, force: true })
	})
})
