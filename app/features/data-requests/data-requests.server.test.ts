import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { dataRequestSteps, dataRequests, outbox, users } from '#db/schema.ts'
import { createTestDatabase, testDatabaseKind } from '../../../tests/test-database.ts'
import { testActor } from '../../../tests/lead-test-data.ts'
import { lastActivity } from '../../../tests/activity-entries.ts'
import { mailContext } from '../../../tests/data-request-fixtures.ts'
import { DATA_REQUEST_MESSAGES } from './data-request-schema.ts'
import {
	acknowledgeDataRequest,
	closeDataRequest,
	extendDataRequest,
	getDataRequest,
	listDataRequests,
	recordDataRequest,
	verifyDataRequest,
} from './data-requests.server.ts'
import { dataRequestReminderJob, remindDataRequestDeadlines } from './deadline-reminders.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())

const actor = testActor({ id: 'admin-1', email: 'privacy@lender.example' })
const record = (overrides: Partial<Parameters<typeof recordDataRequest>[2]> = {}) =>
	recordDataRequest(handle.db, actor, {
		type: 'know',
		receivedOn: '2026-11-20',
		channel: 'email',
		email: 'jane.doe@gmail.com',
		phone: '+19495550150',
		notes: '',
		...overrides,
	})
const mailsOf = async (kind: string) => (await handle.db.select().from(outbox).where(eq(outbox.kind, kind))).map((row) => row.payload)

describe(`a data request's steps on ${testDatabaseKind} (docs/decisions/0091)`, () => {
	test('recording stores the request with its normalised contact, writes its first step and the activity log, without the e-mail', async () => {
		const request = await record({ email: 'Jane.Doe+Loans@GMail.com' })
		expect(request).toMatchObject({
			type: 'know',
			status: 'open',
			receivedOn: '2026-11-20',
			emailNormalized: 'janedoe@gmail.com',
			phoneNormalized: '9495550150',
		})
		const { steps } = (await getDataRequest(handle.db, request.id))!
		expect(steps.map((step) => step.step)).toEqual(['recorded'])
		const entry = await lastActivity(handle.db, 'data_request.recorded', request.id)
		expect(entry).toMatchObject({
			actorEmail: actor.email,
			subjectKind: 'request',
			details: { requestType: 'know', channel: 'email', receivedOn: '2026-11-20' },
		})
		expect(JSON.stringify(entry)).not.toMatch(/jane|9495550150/i)
	})

	test('verification: 2 matching data points verify categories, 3 and a signed declaration specific pieces', async () => {
		const request = await record()
		expect(await verifyDataRequest(handle.db, actor, { id: request.id, points: ['email'], declaration: true })).toEqual({
			ok: true,
			level: 'unverified',
		})
		expect(await verifyDataRequest(handle.db, actor, { id: request.id, points: ['email', 'phone'], declaration: false })).toEqual({
			ok: true,
			level: 'categories',
		})
		expect(await verifyDataRequest(handle.db, actor, { id: request.id, points: ['email', 'phone', 'name'], declaration: false })).toEqual({
			ok: true,
			level: 'categories',
		})
		expect(await verifyDataRequest(handle.db, actor, { id: request.id, points: ['email', 'phone', 'name'], declaration: true })).toEqual({
			ok: true,
			level: 'specific',
		})
		expect((await lastActivity(handle.db, 'data_request.verified', request.id))?.details).toEqual({
			points: ['email', 'phone', 'name'],
			declaration: true,
			level: 'specific',
		})
	})

	test('acknowledging e-mails the requester from the template once; a second acknowledgement is refused', async () => {
		const request = await record({ email: 'ack@example.com' })
		expect(await acknowledgeDataRequest(handle.db, actor, request.id, mailContext)).toEqual({ ok: true, mailed: true })
		const [mail] = (await mailsOf('data-request.acknowledged')) as Array<{ to: string[]; subject: string; text: string }>
		expect(mail).toEqual({
			to: ['ack@example.com'],
			subject: 'We received your privacy request',
			text: [
				'Hello,',
				'',
				'Test Lending received your request (know (what is held)) on 2026-11-20. We will answer by 2027-01-04.',
				'To protect your information we verify who is asking before we answer; we may contact you to confirm some details.',
				'',
				'Test Lending',
			].join('\n'),
		})
		expect(await acknowledgeDataRequest(handle.db, actor, request.id, mailContext)).toEqual({
			ok: false,
			status: 409,
			message: DATA_REQUEST_MESSAGES.acknowledgedAlready,
		})
		expect((await lastActivity(handle.db, 'data_request.acknowledged', request.id))?.details).toEqual({ mailed: true })
	})

	test('a request by phone only is acknowledged without an e-mail', async () => {
		const request = await record({ email: '', channel: 'phone' })
		expect(await acknowledgeDataRequest(handle.db, actor, request.id, mailContext)).toEqual({ ok: true, mailed: false })
	})

	test('one extension, with its reason, moves the answer to 90 days and tells the requester; a second is refused', async () => {
		const request = await record({ email: 'extend@example.com' })
		const extended = await extendDataRequest(handle.db, actor, { id: request.id, reason: 'the records are in an archive' }, mailContext)
		expect(extended).toEqual({ ok: true, answerDue: '2027-02-18', mailed: true })
		const mails = (await mailsOf('data-request.extended')) as Array<{ to: string[]; text: string }>
		// The e-mail names the new deadline, 90 days from receipt, not the first one of 45.
		expect(
			mails
				.find((mail) => mail.to[0] === 'extend@example.com')
				?.text.split('\n')
				.slice(2, 4),
		).toEqual([
			'We need more time to answer your request (know (what is held)) received on 2026-11-20: the records are in an archive.',
			'We will answer by 2027-02-18.',
		])
		expect(await extendDataRequest(handle.db, actor, { id: request.id, reason: 'still more time needed here' }, mailContext)).toMatchObject(
			{ ok: false, message: DATA_REQUEST_MESSAGES.extendedAlready },
		)
		expect((await lastActivity(handle.db, 'data_request.extended', request.id))?.details).toEqual({
			reason: 'the records are in an archive',
			answerDue: '2027-02-18',
			mailed: true,
		})
	})

	test('closing sends the answer and ends the clock; a closed request takes no further step', async () => {
		const request = await record({ email: 'close@example.com' })
		expect(
			await closeDataRequest(handle.db, actor, { id: request.id, outcome: 'answered', reply: 'We hold one quote request.' }, mailContext),
		).toEqual({ ok: true, mailed: true })
		const mails = (await mailsOf('data-request.answered')) as Array<{ to: string[]; text: string }>
		expect(mails.find((mail) => mail.to[0] === 'close@example.com')?.text.split('\n')).toEqual([
			'Hello,',
			'',
			'We have answered your request (know (what is held)) received on 2026-11-20.',
			'',
			'We hold one quote request.',
			'',
			'Test Lending',
		])
		const [row] = await handle.db.select().from(dataRequests).where(eq(dataRequests.id, request.id))
		expect(row).toMatchObject({ status: 'closed', outcome: 'answered' })
		expect(await acknowledgeDataRequest(handle.db, actor, request.id, mailContext)).toMatchObject({
			ok: false,
			status: 409,
			message: DATA_REQUEST_MESSAGES.closedAlready,
		})
		expect((await lastActivity(handle.db, 'data_request.closed', request.id))?.details).toEqual({ outcome: 'answered', mailed: true })
	})
})

describe('deadline reminders to admins', () => {
	const remind = (today: string) =>
		remindDataRequestDeadlines(handle.db, {
			today,
			baseUrl: 'https://lender.example',
			fallbackEmail: async () => 'owner@lender.example',
		})

	test('2 business days before each deadline, once per deadline, even with several processes at once', async () => {
		await handle.db.execute(sql`update data_requests set status = 'closed'`)
		const request = await record({ receivedOn: '2026-11-20' })
		// Acknowledgement due Monday 7 December: reminded on Thursday 3 December, not before.
		expect(await remind('2026-12-02')).toBe(0)
		expect(await Promise.all([remind('2026-12-03'), remind('2026-12-03')])).toEqual(expect.arrayContaining([1, 0]))
		expect(await remind('2026-12-04')).toBe(0)
		const reminders = (await mailsOf('data-request.reminder')) as Array<{ to: string[]; subject: string; text: string }>
		expect(reminders).toEqual([
			{
				to: ['owner@lender.example'],
				subject: 'Data request due: acknowledge by 2026-12-07',
				text: [
					"A borrower's data request (Know (what is held)), received 2026-11-20, must be confirmed (acknowledged) by 2026-12-07.",
					'',
					`Open it: https://lender.example/dashboard/data-requests?id=${request.id}`,
				].join('\n'),
			},
		])
		// The answer, due Monday 4 January 2027 (Friday 1 January a holiday): reminded on Wednesday 30 December.
		expect(await remind('2026-12-29')).toBe(0)
		expect(await remind('2026-12-30')).toBe(1)
		expect(await remind('2026-12-31')).toBe(0)
		// An extension moves the answer to 18 February 2027: a reminder of its own on Tuesday 16 February.
		await extendDataRequest(handle.db, actor, { id: request.id, reason: 'the records are in an archive' }, mailContext)
		expect(await remind('2027-02-15')).toBe(0)
		expect(await remind('2027-02-16')).toBe(1)
		expect(await remind('2027-02-17')).toBe(0)
		const steps = await handle.db.select().from(dataRequestSteps).where(eq(dataRequestSteps.requestId, request.id))
		expect(steps.filter((step) => step.step === 'reminded').map((step) => step.detail)).toEqual([
			{ deadline: 'acknowledgement', due: '2026-12-07' },
			{ deadline: 'answer', due: '2027-01-04' },
			{ deadline: 'answer', due: '2027-02-18' },
		])
		expect((await lastActivity(handle.db, 'data_request.reminded', request.id))?.details).toEqual({ deadline: 'answer', due: '2027-02-18' })
	})

	test('an acknowledged or closed request is not reminded of its acknowledgement', async () => {
		await handle.db.execute(sql`update data_requests set status = 'closed'`)
		const request = await record({ receivedOn: '2026-11-20' })
		await acknowledgeDataRequest(handle.db, actor, request.id, mailContext)
		expect(await remind('2026-12-03')).toBe(0)
		await closeDataRequest(handle.db, actor, { id: request.id, outcome: 'answered', reply: '' }, mailContext)
		expect(await remind('2026-12-30')).toBe(0)
	})
})

describe('a request’s record over its steps', () => {
	test('a verification that matches too few data points leaves the request unverified; enough marks it verified', async () => {
		const request = await record()
		const verifiedAt = async () => (await handle.db.select().from(dataRequests).where(eq(dataRequests.id, request.id)))[0]!.verifiedAt
		await verifyDataRequest(handle.db, actor, { id: request.id, points: ['email'], declaration: true })
		expect(await verifiedAt()).toBeNull()
		await verifyDataRequest(handle.db, actor, { id: request.id, points: ['email', 'phone'], declaration: false })
		expect(await verifiedAt()).toBeInstanceOf(Date)
	})

	test('closing records when the request was answered', async () => {
		const request = await record()
		const before = Date.now()
		await closeDataRequest(handle.db, actor, { id: request.id, outcome: 'denied', reply: '' }, mailContext)
		const [row] = await handle.db.select().from(dataRequests).where(eq(dataRequests.id, request.id))
		expect(row).toMatchObject({ status: 'closed', outcome: 'denied' })
		expect(row!.answeredAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
	})

	test('the list shows open requests first, the oldest received first, then closed ones, the latest received first', async () => {
		const open = [await record({ receivedOn: '2026-11-10' }), await record({ receivedOn: '2026-11-05' })]
		const closed = [await record({ receivedOn: '2026-10-01' }), await record({ receivedOn: '2026-10-20' })]
		for (const request of closed) await closeDataRequest(handle.db, actor, { id: request.id, outcome: 'answered', reply: '' }, mailContext)
		const mine = new Set([...open, ...closed].map((request) => request.id))
		const listed = (await listDataRequests(handle.db)).filter((request) => mine.has(request.id))
		expect(listed.map((request) => [request.status, request.receivedOn])).toEqual([
			['open', '2026-11-05'],
			['open', '2026-11-10'],
			['closed', '2026-10-20'],
			['closed', '2026-10-01'],
		])
	})
})

describe('deadline reminders: who gets them and what they say', () => {
	const remind = (today: string) =>
		remindDataRequestDeadlines(handle.db, { today, baseUrl: 'https://lender.example', fallbackEmail: async () => 'owner@lender.example' })

	test('every active admin is e-mailed, not a banned admin nor an officer; the answer’s reminder says answer', async () => {
		await handle.db.execute(sql`update data_requests set status = 'closed'`)
		await handle.db.insert(users).values([
			{ id: 'admin-b', name: 'Admin B', email: 'b.admin@lender.example', role: 'admin' },
			{ id: 'admin-a', name: 'Admin A', email: 'a.admin@lender.example', role: 'user,admin' },
			{ id: 'admin-banned', name: 'Banned Admin', email: 'banned.admin@lender.example', role: 'admin', banned: true },
			{ id: 'officer', name: 'Officer', email: 'officer@lender.example', role: 'user' },
		])
		const request = await record({ receivedOn: '2026-11-20' })
		expect(await remind('2026-12-03')).toBe(1)
		expect(await remind('2026-12-30')).toBe(1)
		const reminders = ((await mailsOf('data-request.reminder')) as Array<{ to: string[]; subject: string; text: string }>).filter((mail) =>
			mail.text.includes(request.id),
		)
		expect(reminders.map((mail) => mail.to)).toEqual([
			['a.admin@lender.example', 'b.admin@lender.example'],
			['a.admin@lender.example', 'b.admin@lender.example'],
		])
		expect(reminders[1]).toEqual({
			to: ['a.admin@lender.example', 'b.admin@lender.example'],
			subject: 'Data request due: answer by 2027-01-04',
			text: [
				"A borrower's data request (Know (what is held)), received 2026-11-20, must be answered by 2027-01-04.",
				'',
				`Open it: https://lender.example/dashboard/data-requests?id=${request.id}`,
			].join('\n'),
		})
	})

	test('the job runs the reminders at most once per interval', async () => {
		let runs = 0
		const job = dataRequestReminderJob(handle.db, {
			baseUrl: 'https://lender.example',
			today: async () => {
				runs++
				return '2026-01-01'
			},
			fallbackEmail: async () => 'owner@lender.example',
			everyMs: 60_000,
		})
		await job()
		await job()
		expect(runs).toBe(1)
	})
})
