import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { Role } from '#app/features/auth/roles.ts'
import { leadActivity, leadTasks, leads, outbox, users } from '#db/schema.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { anonymizeLeadRows } from '#app/features/retention/anonymize.server.ts'
import { createTestDatabase } from '../../../../tests/test-database.ts'
import { seededServices } from '../../../../tests/test-services.ts'
import { insertTestLead, testActor } from '../../../../tests/lead-test-data.ts'
import { TASK_MESSAGES, dueInstant, groupTasks, leadTaskSchema } from '../model/lead-tasks.ts'
import { ASSIGNMENT_MESSAGES } from '../model/lead-assignment.ts'
import { LEAD_MESSAGES } from './lead-messages.ts'
import { runLeadIntent } from './lead-intents.server.ts'
import { listOpenTasks, tasksOfLead } from './lead-tasks.server.ts'
import { assignLead } from './assign-lead.server.ts'
import { remindDueTasks } from '../routing/task-reminders.server.ts'
import { escalateOverdueTasks } from '../routing/lead-escalation.server.ts'
import { saveRoutingSettings } from '../routing/lead-routing.server.ts'
import { staffActor } from '../../../../tests/staff-session.ts'

let handle: DatabaseHandle
let services: AppServices
let officer: StaffUser
let otherOfficer: StaffUser
let manager: StaffUser
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }

const staff = (roles: Role[], name: string) => staffActor(services, roles, name)

beforeAll(async () => {
	handle = await createTestDatabase()
	services = await seededServices(handle)
	officer = await staff(['user'], 'Olive Officer')
	otherOfficer = await staff(['user'], 'Otto Officer')
	manager = await staff(['moderator'], 'Mia Manager')
})
afterAll(() => handle.close())
beforeEach(async () => {
	for (const table of [leadTasks, outbox]) await handle.db.delete(table)
})

/** A `datetime-local` value and offset for a moment, as a browser in UTC would send it. */
const dueFields = (at: Date) => ({ due: at.toISOString().slice(0, 16), offset: '0' })
const tomorrow = () => new Date(Date.now() + 24 * 60 * 60_000)

const post = (actor: StaffUser, fields: Record<string, string>) => {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	return runLeadIntent(handle.db, actor, form, log, { baseUrl: 'http://localhost:3000' })
}
const addTask = (actor: StaffUser, leadId: string, fields: Record<string, string> = {}) =>
	post(actor, { intent: 'task-add', leadId, kind: 'call_back', ...dueFields(tomorrow()), ...fields })

async function insertTask(values: Partial<typeof leadTasks.$inferInsert> & { leadId: string; minutesFromNow: number }) {
	const { minutesFromNow, ...rest } = values
	const [task] = await handle.db
		.insert(leadTasks)
		.values({ kind: 'call_back', assignedTo: officer.id, ...rest, dueAt: new Date(Date.now() + minutesFromNow * 60_000) })
		.returning()
	return task!
}

describe('the task form’s schema (the form and the action run it)', () => {
	const leadId = crypto.randomUUID()
	const parse = (fields: Record<string, unknown>) =>
		leadTaskSchema.safeParse({ leadId, kind: 'call_back', ...dueFields(tomorrow()), ...fields })
	const message = (fields: Record<string, unknown>) => {
		const parsed = parse(fields)
		return parsed.success ? null : parsed.error.issues[0]!.message
	}

	test('the due time typed in the staff member’s zone is stored as the moment meant (UTC)', () => {
		// 9:30 on a device 5 hours behind UTC (EST: getTimezoneOffset 300) is 14:30 UTC.
		expect(dueInstant('2026-11-28T09:30', 300)?.toISOString()).toBe('2026-11-28T14:30:00.000Z')
		expect(dueInstant('2026-11-28T09:30', -60)?.toISOString()).toBe('2026-11-28T08:30:00.000Z')
		expect(dueInstant('2026-02-30T09:30', 0)).toBeNull()
		expect(dueInstant('tomorrow', 0)).toBeNull()
	})

	test('clear messages for a missing kind, a bad or past due time and a long or multi-line note', () => {
		expect(message({ kind: 'lunch' })).toBe(TASK_MESSAGES.kind)
		expect(message({ due: '' })).toBe(TASK_MESSAGES.due)
		expect(message({ due: '2026-13-01T09:00' })).toBe(TASK_MESSAGES.due)
		expect(message(dueFields(new Date(Date.now() - 10 * 60_000)))).toBe(TASK_MESSAGES.duePassed)
		expect(message(dueFields(new Date(Date.now() + 400 * 24 * 60 * 60_000)))).toBe(TASK_MESSAGES.dueTooFar)
		expect(message({ note: 'x'.repeat(201) })).toBe(TASK_MESSAGES.note)
		expect(message({ note: 'two\nlines' })).toBe(TASK_MESSAGES.noteOneLine)
		expect(message({ note: 'x'.repeat(200) })).toBeNull()
		const parsed = parse({ note: '  send the DSCR terms  ' })
		expect(parsed.success && parsed.data.note).toBe('send the DSCR terms')
	})

	test('at the edges: the minute just begun is accepted (a slow form), two minutes ago is not; a year of 366 days ahead is the most', () => {
		// The field holds minutes, so the current minute is up to 59 seconds in the past: still accepted.
		expect(message(dueFields(new Date()))).toBeNull()
		expect(message(dueFields(new Date(Date.now() - 2 * 60_000)))).toBe(TASK_MESSAGES.duePassed)
		const DAY_MS = 24 * 60 * 60_000
		expect(message(dueFields(new Date(Date.now() + 366 * DAY_MS - 60 * 60_000)))).toBeNull()
		expect(message(dueFields(new Date(Date.now() + 366 * DAY_MS + 60 * 60_000)))).toBe(TASK_MESSAGES.dueTooFar)
	})
})

describe('who may add a task, and whose it is', () => {
	test('an officer adds one on their own lead; it is theirs, in the history without its note, and the lead counts as worked', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		await handle.db
			.update(leads)
			.set({ lastActivityAt: new Date('2025-01-01T00:00:00Z') })
			.where(eq(leads.id, lead.id))
		const answer = await addTask(officer, lead.id, { note: 'Wants terms after the appraisal' })
		expect(answer).toMatchObject({ status: 200, body: { ok: true, message: TASK_MESSAGES.added } })
		const [task] = await handle.db.select().from(leadTasks).where(eq(leadTasks.leadId, lead.id))
		expect(task).toMatchObject({
			kind: 'call_back',
			assignedTo: officer.id,
			createdBy: officer.id,
			note: 'Wants terms after the appraisal',
		})
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id))
		expect(history.map((entry) => entry.action)).toEqual(['task_added'])
		expect(JSON.stringify(history[0]!.detail)).not.toContain('appraisal')
		// docs/decisions/0090: adding a task is activity for retention.
		const [after] = await handle.db.select().from(leads).where(eq(leads.id, lead.id))
		expect(after!.lastActivityAt.getTime()).toBeGreaterThan(new Date('2026-01-01').getTime())
	})

	test('an officer who adds a task on a pool lead takes the lead; on another officer’s lead it is no such lead', async () => {
		const pool = await insertTestLead(handle.db)
		const answer = await addTask(officer, pool.id)
		expect(answer.body).toMatchObject({ ok: true, description: ASSIGNMENT_MESSAGES.takenByWork })
		const [taken] = await handle.db.select().from(leads).where(eq(leads.id, pool.id))
		expect(taken!.assignedTo).toBe(officer.id)
		const others = await insertTestLead(handle.db, { assignedTo: otherOfficer.id })
		const refused = await addTask(officer, others.id)
		expect(refused).toEqual(await addTask(officer, crypto.randomUUID()))
		expect(refused).toMatchObject({ status: 404, body: { error: LEAD_MESSAGES.noSuchLead } })
		expect(await handle.db.select().from(leadTasks).where(eq(leadTasks.leadId, others.id))).toEqual([])
	})

	test('an officer may not give a task to someone else; a manager may, to an active officer only', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		expect(await addTask(officer, lead.id, { assigneeId: otherOfficer.id })).toMatchObject({
			status: 403,
			body: { error: ASSIGNMENT_MESSAGES.notAllowed },
		})
		// By default the lead's officer, whoever adds it.
		expect((await addTask(manager, lead.id)).status).toBe(200)
		expect((await addTask(manager, lead.id, { assigneeId: otherOfficer.id })).status).toBe(200)
		expect(await addTask(manager, lead.id, { assigneeId: 'not-a-user' })).toMatchObject({
			status: 422,
			body: { error: TASK_MESSAGES.notAnOfficer },
		})
		const owners = (await handle.db.select().from(leadTasks).where(eq(leadTasks.leadId, lead.id))).map((task) => task.assignedTo).sort()
		expect(owners).toEqual([officer.id, otherOfficer.id].sort())
		// A manager's task on a pool lead is the manager's own; the lead stays in the pool.
		const pool = await insertTestLead(handle.db)
		expect((await addTask(manager, pool.id)).status).toBe(200)
		const [task] = await handle.db.select().from(leadTasks).where(eq(leadTasks.leadId, pool.id))
		expect(task!.assignedTo).toBe(manager.id)
		expect((await handle.db.select().from(leads).where(eq(leads.id, pool.id)))[0]!.assignedTo).toBeNull()
	})

	test('the action refuses what the form would, with the same message', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		expect(await addTask(officer, lead.id, { kind: '' })).toMatchObject({ status: 422, body: { error: TASK_MESSAGES.kind } })
		expect(await addTask(officer, lead.id, { note: 'y'.repeat(201) })).toMatchObject({ status: 422, body: { error: TASK_MESSAGES.note } })
		expect(await addTask(officer, lead.id, dueFields(new Date(Date.now() - 3_600_000)))).toMatchObject({
			status: 422,
			body: { error: TASK_MESSAGES.duePassed },
		})
		expect(await handle.db.select().from(leadTasks).where(eq(leadTasks.leadId, lead.id))).toEqual([])
	})
})

describe('complete, reopen, delete: by the task’s owner or a manager', () => {
	test('the owner completes and reopens; another officer gets what a made-up id gets; a manager may delete', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		const task = await insertTask({ leadId: lead.id, minutesFromNow: 60 })
		await handle.db
			.update(leads)
			.set({ lastActivityAt: new Date('2025-01-01T00:00:00Z') })
			.where(eq(leads.id, lead.id))
		for (const intent of ['task-complete', 'task-reopen', 'task-delete']) {
			const refused = await post(otherOfficer, { intent, taskId: task.id })
			expect(refused, intent).toEqual(await post(otherOfficer, { intent, taskId: crypto.randomUUID() }))
			expect(refused, intent).toMatchObject({ status: 404, body: { error: TASK_MESSAGES.noSuchTask } })
		}
		expect(await post(officer, { intent: 'task-complete', taskId: task.id })).toMatchObject({
			status: 200,
			body: { message: TASK_MESSAGES.completed },
		})
		expect((await handle.db.select().from(leadTasks).where(eq(leadTasks.id, task.id)))[0]).toMatchObject({
			completedAt: expect.any(Date),
			completedBy: officer.id,
		})
		// docs/decisions/0090: completing a task is activity for retention too.
		expect((await handle.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!.lastActivityAt.getTime()).toBeGreaterThan(
			new Date('2026-01-01').getTime(),
		)
		expect((await post(officer, { intent: 'task-reopen', taskId: task.id })).status).toBe(200)
		expect((await handle.db.select().from(leadTasks).where(eq(leadTasks.id, task.id)))[0]!.completedAt).toBeNull()
		expect((await post(manager, { intent: 'task-delete', taskId: task.id })).status).toBe(200)
		expect(await handle.db.select().from(leadTasks).where(eq(leadTasks.id, task.id))).toEqual([])
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id)).orderBy(leadActivity.id)
		expect(history.map((entry) => [entry.action, entry.actorId])).toEqual([
			['task_completed', officer.id],
			['task_reopened', officer.id],
			['task_deleted', manager.id],
		])
	})

	test('a task with no owner any more (its account removed) is a manager’s to change, even on an officer’s own lead', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		const task = await insertTask({ leadId: lead.id, minutesFromNow: 60, assignedTo: null })
		for (const intent of ['task-complete', 'task-reopen', 'task-delete'])
			expect(await post(officer, { intent, taskId: task.id }), intent).toMatchObject({
				status: 404,
				body: { error: TASK_MESSAGES.noSuchTask },
			})
		expect((await post(manager, { intent: 'task-complete', taskId: task.id })).status).toBe(200)
	})

	test('the lead details show the tasks, open first by due time, with what the viewer may change', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		await insertTask({ leadId: lead.id, minutesFromNow: 300, kind: 'send_terms' })
		await insertTask({ leadId: lead.id, minutesFromNow: 30, kind: 'request_documents', assignedTo: otherOfficer.id })
		await insertTask({ leadId: lead.id, minutesFromNow: -30, completedAt: new Date() })
		const shown = await tasksOfLead(handle.db, officer, lead.id)
		expect(shown.map((task) => [task.kind, task.completedAt === null, task.canChange])).toEqual([
			['request_documents', true, false],
			['send_terms', true, true],
			['call_back', false, true],
		])
		expect((await tasksOfLead(handle.db, manager, lead.id)).every((task) => task.canChange)).toBe(true)
	})
})

describe('a lead given to another officer', () => {
	test('its former officer’s open tasks follow it; a task a manager gave someone else and the done ones stay', async () => {
		const third = await staff(['user'], 'Theo Third')
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		const follows = await insertTask({ leadId: lead.id, minutesFromNow: 60 })
		const done = await insertTask({ leadId: lead.id, minutesFromNow: -60, completedAt: new Date() })
		const given = await insertTask({ leadId: lead.id, minutesFromNow: 60, assignedTo: third.id })
		// The same officer's task on another of their leads stays theirs: only this lead's tasks follow it.
		const otherLead = await insertTestLead(handle.db, { assignedTo: officer.id })
		const elsewhere = await insertTask({ leadId: otherLead.id, minutesFromNow: 60 })
		expect(await assignLead(handle.db, manager, { leadId: lead.id, assigneeId: otherOfficer.id }, { baseUrl: '', timeZone: 'UTC' })).toBe(
			'assigned',
		)
		const owner = async (id: string) => (await handle.db.select().from(leadTasks).where(eq(leadTasks.id, id)))[0]!.assignedTo
		expect([await owner(follows.id), await owner(done.id), await owner(given.id)]).toEqual([otherOfficer.id, officer.id, third.id])
		expect(await owner(elsewhere.id)).toBe(officer.id)
		// Back to the pool: the tasks stay with their owner (every officer may open a pool lead).
		await assignLead(handle.db, manager, { leadId: lead.id, assigneeId: null }, { baseUrl: '', timeZone: 'UTC' })
		expect(await owner(follows.id)).toBe(otherOfficer.id)
	})
})

describe('My tasks', () => {
	test('one’s own open tasks, overdue first, then today, then later; a manager may see everyone’s', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id, firstName: 'Ada' })
		const now = new Date('2026-11-27T17:00:00Z')
		const at = (iso: string) => new Date(iso)
		await handle.db.insert(leadTasks).values([
			{ leadId: lead.id, kind: 'other', assignedTo: officer.id, dueAt: at('2026-11-30T15:00:00Z') },
			{ leadId: lead.id, kind: 'call_back', assignedTo: officer.id, dueAt: at('2026-11-27T20:00:00Z') },
			{ leadId: lead.id, kind: 'send_terms', assignedTo: officer.id, dueAt: at('2026-11-26T15:00:00Z') },
			{ leadId: lead.id, kind: 'call_back', assignedTo: officer.id, dueAt: at('2026-11-28T04:00:00Z') },
			{ leadId: lead.id, kind: 'other', assignedTo: officer.id, dueAt: at('2026-11-20T15:00:00Z'), completedAt: now },
			{ leadId: lead.id, kind: 'request_documents', assignedTo: otherOfficer.id, dueAt: at('2026-11-27T18:00:00Z') },
		])
		const mine = await listOpenTasks(handle.db, officer)
		expect(mine.every((task) => task.assignedTo === officer.id && task.firstName === 'Ada')).toBe(true)
		// In New York, 04:00 UTC on the 28th is still the 27th (11 p.m. EST): today; in UTC it is tomorrow.
		const grouped = (timeZone: string) =>
			groupTasks(mine, now, timeZone).map(({ group, tasks }) => [group, tasks.map((task) => task.dueAt.toISOString())])
		expect(grouped('America/New_York')).toEqual([
			['overdue', ['2026-11-26T15:00:00.000Z']],
			['today', ['2026-11-27T20:00:00.000Z', '2026-11-28T04:00:00.000Z']],
			['later', ['2026-11-30T15:00:00.000Z']],
		])
		expect(grouped('UTC')[1]).toEqual(['today', ['2026-11-27T20:00:00.000Z']])
		// An officer asking for everyone's still gets their own.
		expect(await listOpenTasks(handle.db, officer, { everyone: true })).toHaveLength(4)
		expect(await listOpenTasks(handle.db, manager)).toHaveLength(0)
		expect(await listOpenTasks(handle.db, manager, { everyone: true })).toHaveLength(5)
	})

	test('at most 500 are listed, the earliest due first (docs/decisions/0105)', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		const start = Date.now() + 60 * 60_000
		await handle.db.insert(leadTasks).values(
			Array.from({ length: 501 }, (_, index) => ({
				leadId: lead.id,
				kind: 'call_back' as const,
				assignedTo: officer.id,
				dueAt: new Date(start + index * 60_000),
			})),
		)
		const mine = await listOpenTasks(handle.db, officer)
		expect(mine).toHaveLength(500)
		expect(mine.at(-1)!.dueAt.getTime()).toBe(start + 499 * 60_000)
	})
})

describe('the reminder when a task falls due', () => {
	const options = { baseUrl: 'http://localhost:3000' }

	test('queued once in the outbox to the owner, even with two processes running it at once, with the first name only', async () => {
		const lead = await insertTestLead(handle.db, {
			assignedTo: officer.id,
			firstName: 'Marisol',
			lastName: 'Quintero',
			phone: '(555) 010-7788',
		})
		const due = await insertTask({ leadId: lead.id, minutesFromNow: -1, note: 'Asked about the prepayment penalty' })
		await insertTask({ leadId: lead.id, minutesFromNow: 30 })
		await insertTask({ leadId: lead.id, minutesFromNow: -5, completedAt: new Date() })
		const counts = await Promise.all([remindDueTasks(handle.db, options), remindDueTasks(handle.db, options)])
		expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1)
		expect(await remindDueTasks(handle.db, options)).toBe(0)
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'task-reminder'))
		expect(mails).toHaveLength(1)
		const mail = mails[0]!.payload as { to: string[]; subject: string; text: string }
		expect(mail.to).toEqual([officer.email])
		expect(mail.subject).toBe('Task due: Call back, Marisol')
		expect(mail.text).toContain(`http://localhost:3000/dashboard/leads?lead=${lead.id}`)
		for (const secret of ['Quintero', lead.email, '7788', 'prepayment']) expect(mail.text + mail.subject).not.toContain(secret)
		expect((await handle.db.select().from(leadTasks).where(eq(leadTasks.id, due.id)))[0]!.remindedAt).toEqual(expect.any(Date))
	})

	test('a task reopened after its reminder is not reminded again', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		const task = await insertTask({ leadId: lead.id, minutesFromNow: -1 })
		expect(await remindDueTasks(handle.db, options)).toBe(1)
		expect((await post(officer, { intent: 'task-complete', taskId: task.id })).status).toBe(200)
		expect((await post(officer, { intent: 'task-reopen', taskId: task.id })).status).toBe(200)
		expect(await remindDueTasks(handle.db, options)).toBe(0)
		expect(await handle.db.select().from(outbox).where(eq(outbox.kind, 'task-reminder'))).toHaveLength(1)
	})

	test('one run takes at most 50 due tasks; the next run takes the rest', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		await handle.db.insert(leadTasks).values(
			Array.from({ length: 51 }, (_, index) => ({
				leadId: lead.id,
				kind: 'call_back' as const,
				assignedTo: officer.id,
				dueAt: new Date(Date.now() - (index + 1) * 60_000),
			})),
		)
		expect(await remindDueTasks(handle.db, options)).toBe(50)
		// The earliest due go first: the one due a minute ago, written first, is the one left for the next run.
		const waiting = await handle.db.select().from(leadTasks).where(sql`${leadTasks.remindedAt} is null`)
		expect(waiting.map((task) => Math.round((Date.now() - task.dueAt.getTime()) / 60_000))).toEqual([1])
		expect(await remindDueTasks(handle.db, options)).toBe(1)
		expect(await handle.db.select().from(outbox).where(eq(outbox.kind, 'task-reminder'))).toHaveLength(51)
	})

	test('an owner who was disabled gets no reminder, and the task is not taken again', async () => {
		const leaving = await staff(['user'], 'Lee Leaving')
		await handle.db.update(users).set({ banned: true }).where(eq(users.id, leaving.id))
		const lead = await insertTestLead(handle.db, { assignedTo: leaving.id })
		await insertTask({ leadId: lead.id, minutesFromNow: -1, assignedTo: leaving.id })
		expect(await remindDueTasks(handle.db, options)).toBe(0)
		expect(await handle.db.select().from(outbox)).toEqual([])
		expect((await handle.db.select().from(leadTasks).where(eq(leadTasks.leadId, lead.id)))[0]!.remindedAt).toEqual(expect.any(Date))
	})

	test('the full staff e-mail setting adds the last name and the note (docs/decisions/0089)', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id, firstName: 'Marisol', lastName: 'Quintero' })
		await insertTask({ leadId: lead.id, minutesFromNow: -1, note: 'Asked about the prepayment penalty' })
		await remindDueTasks(handle.db, { ...options, detail: async () => 'full' })
		const [mail] = await handle.db.select().from(outbox).where(eq(outbox.kind, 'task-reminder'))
		const payload = mail!.payload as { subject: string; text: string }
		expect(payload.subject).toBe('Task due: Call back, Marisol Quintero')
		expect(payload.text).toContain('Note: Asked about the prepayment penalty')
	})
})

describe('an overdue task escalates like an untouched lead', () => {
	const options = { baseUrl: 'http://localhost:3000', fallbackEmail: async () => 'fallback@example.com' }

	test('open and overdue by the escalation minutes: one e-mail to the managers, once, even with two processes', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: false, escalationMinutes: 15 })
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id, firstName: 'Late', lastName: 'Borrower' })
		const late = await insertTask({ leadId: lead.id, minutesFromNow: -16 })
		await insertTask({ leadId: lead.id, minutesFromNow: -10 })
		await insertTask({ leadId: lead.id, minutesFromNow: -60, completedAt: new Date() })
		const counts = await Promise.all([escalateOverdueTasks(handle.db, options), escalateOverdueTasks(handle.db, options)])
		expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1)
		expect(await escalateOverdueTasks(handle.db, options)).toBe(0)
		const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, 'task-escalation'))
		expect(mails).toHaveLength(1)
		const mail = mails[0]!.payload as { to: string[]; subject: string; text: string }
		expect(mail.to).toContain(manager.email)
		expect(mail.to).not.toContain(officer.email)
		expect(mail.subject).toMatch(/^Overdue task: Call back, Late, 16 min late$/)
		expect(mail.text).toContain('Assigned to: Olive Officer')
		expect(mail.text).not.toContain('Borrower')
		const history = await handle.db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id))
		expect(history.map((entry) => [entry.action, entry.detail])).toEqual([
			['task_escalated', { taskId: late.id, kind: 'call_back', minutes: 15 }],
		])
	})

	test('off when the escalation minutes are 0, as for untouched leads', async () => {
		await saveRoutingSettings(handle.db, testActor(), { autoAssign: false, escalationMinutes: 0 })
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		await insertTask({ leadId: lead.id, minutesFromNow: -600 })
		expect(await escalateOverdueTasks(handle.db, options)).toBe(0)
	})
})

describe('disposal and erasure', () => {
	test('anonymising a lead removes its tasks’ notes; the tasks stay; deleting the lead deletes them', async () => {
		const lead = await insertTestLead(handle.db, { assignedTo: officer.id })
		const other = await insertTestLead(handle.db, { assignedTo: officer.id })
		await addTask(officer, lead.id, { note: 'Spoke with her husband Jorge' })
		await addTask(officer, other.id, { note: 'Kept' })
		await anonymizeLeadRows(
			handle.db,
			[{ id: lead.id, message: null, attribution: null, property_details: null, loan_customization: null }],
			new Date(),
		)
		const [task] = await handle.db.select().from(leadTasks).where(eq(leadTasks.leadId, lead.id))
		expect(task).toMatchObject({ note: null, kind: 'call_back' })
		const history = await handle.db.execute(sql`select detail::text as detail from lead_activity where lead_id = ${lead.id}`)
		expect(JSON.stringify(history)).not.toContain('Jorge')
		expect((await handle.db.select().from(leadTasks).where(eq(leadTasks.leadId, other.id)))[0]!.note).toBe('Kept')
		await handle.db.delete(leads).where(eq(leads.id, lead.id))
		expect(await handle.db.select().from(leadTasks).where(eq(leadTasks.leadId, lead.id))).toEqual([])
	})
})
