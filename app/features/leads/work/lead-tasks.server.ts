import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database, Transaction } from '#db/client.ts'
import { leadTasks, leads, users } from '#db/schema.ts'
import { can } from '#app/features/auth/roles.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { LeadTaskInput } from '../model/lead-tasks.ts'
import { findActiveOfficer } from '../routing/lead-routing.server.ts'
import { type LeadWork, type WebhookOptions, takeIfUnassigned } from './assign-lead.server.ts'
import { leadInScope } from './lead-access.server.ts'
import { recordLeadActivity } from './lead-activity.server.ts'

/** A task as the lead details and My tasks show it. */
export type LeadTaskView = {
	id: string
	leadId: string
	kind: string
	dueAt: Date
	note: string | null
	assignedTo: string | null
	assigneeName: string | null
	completedAt: Date | null
	/** The viewer may complete, reopen or delete it: its owner or a manager (docs/decisions/0105). */
	canChange: boolean
}

const taskColumns = {
	id: leadTasks.id,
	leadId: leadTasks.leadId,
	kind: leadTasks.kind,
	dueAt: leadTasks.dueAt,
	note: leadTasks.note,
	assignedTo: leadTasks.assignedTo,
	assigneeName: users.name,
	completedAt: leadTasks.completedAt,
}

const mayChange = (actor: StaffUser, task: { assignedTo: string | null }) =>
	can(actor.roles, 'leads.manage') || task.assignedTo === actor.id

export type AddTaskOutcome = (LeadWork & { taskId: string }) | 'missing' | 'not-allowed' | 'not-an-officer'

/**
 * docs/decisions/0105: a follow-up task on a lead the actor may work (an officer: their own or the pool's, decision
 * 0034). Its owner is the lead's officer; on an unassigned lead, the actor (an officer who sets a task on a pool lead
 * works it, so takes it, decision 0043). A manager may give it to another active officer; an officer may not.
 */
export async function addLeadTask(
	db: Database,
	actor: StaffUser,
	input: LeadTaskInput,
	options: WebhookOptions = {},
): Promise<AddTaskOutcome> {
	if (input.assigneeId && input.assigneeId !== actor.id && !can(actor.roles, 'leads.manage')) return 'not-allowed'
	return db.transaction(async (tx) => {
		const [lead] = await tx.select({ assignedTo: leads.assignedTo }).from(leads).where(leadInScope(actor, input.leadId)).for('update')
		if (!lead) return 'missing'
		let owner: { id: string; name: string }
		if (input.assigneeId && input.assigneeId !== actor.id) {
			const officer = await findActiveOfficer(tx, input.assigneeId)
			if (!officer) return 'not-an-officer'
			owner = officer
		} else if (!input.assigneeId && lead.assignedTo) {
			const [officer] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, lead.assignedTo))
			owner = officer ?? { id: actor.id, name: actor.name }
		} else owner = { id: actor.id, name: actor.name }
		const taken = await takeIfUnassigned(tx, actor, input.leadId, lead.assignedTo, options)
		const [task] = await tx
			.insert(leadTasks)
			.values({ leadId: input.leadId, kind: input.kind, dueAt: input.dueAt, note: input.note, assignedTo: owner.id, createdBy: actor.id })
			.returning({ id: leadTasks.id })
		// The history keeps what and when, never the note (staff's words about the borrower go with the task).
		await recordLeadActivity(tx, actor, [
			{
				leadId: input.leadId,
				action: 'task_added',
				detail: { taskId: task!.id, kind: input.kind, dueAt: input.dueAt.toISOString(), assigneeId: owner.id, assigneeName: owner.name },
			},
		])
		return { taken, taskId: task!.id }
	})
}

/** One task, locked, when the actor may change it; null answers alike for a task that does not exist (decision 0049). */
async function taskForChange(tx: Transaction, actor: StaffUser, taskId: string) {
	const [task] = await tx
		.select({
			id: leadTasks.id,
			leadId: leadTasks.leadId,
			kind: leadTasks.kind,
			assignedTo: leadTasks.assignedTo,
			completedAt: leadTasks.completedAt,
		})
		.from(leadTasks)
		.where(eq(leadTasks.id, taskId))
		.for('update')
	return task && mayChange(actor, task) ? task : null
}

/** docs/decisions/0105: its owner or a manager marks a task done (`done`) or open again; false: no such task for them. */
export async function setTaskDone(db: Database, actor: StaffUser, taskId: string, done: boolean) {
	return db.transaction(async (tx) => {
		const task = await taskForChange(tx, actor, taskId)
		if (!task) return false
		if ((task.completedAt !== null) === done) return true
		await tx
			.update(leadTasks)
			.set(done ? { completedAt: sql`now()`, completedBy: actor.id } : { completedAt: null, completedBy: null })
			.where(eq(leadTasks.id, taskId))
		await recordLeadActivity(tx, actor, [
			{ leadId: task.leadId, action: done ? 'task_completed' : 'task_reopened', detail: { taskId, kind: task.kind } },
		])
		return true
	})
}

/** docs/decisions/0105: its owner or a manager deletes a task; the history keeps that it was. */
export async function deleteLeadTask(db: Database, actor: StaffUser, taskId: string) {
	return db.transaction(async (tx) => {
		const task = await taskForChange(tx, actor, taskId)
		if (!task) return false
		await tx.delete(leadTasks).where(eq(leadTasks.id, taskId))
		await recordLeadActivity(tx, actor, [{ leadId: task.leadId, action: 'task_deleted', detail: { taskId, kind: task.kind } }])
		return true
	})
}

/** A lead's tasks for its details: the open ones by due time (the first is the Next task), then the last 5 done. */
export async function tasksOfLead(db: Database, actor: StaffUser, leadId: string): Promise<LeadTaskView[]> {
	const base = () => db.select(taskColumns).from(leadTasks).leftJoin(users, eq(users.id, leadTasks.assignedTo))
	const [open, done] = await Promise.all([
		base()
			.where(and(eq(leadTasks.leadId, leadId), isNull(leadTasks.completedAt)))
			.orderBy(asc(leadTasks.dueAt)),
		base()
			.where(and(eq(leadTasks.leadId, leadId), isNotNull(leadTasks.completedAt)))
			.orderBy(desc(leadTasks.completedAt))
			.limit(5),
	])
	return [...open, ...done].map((task) => ({ ...task, canChange: mayChange(actor, task) }))
}

export type MyTask = LeadTaskView & { firstName: string; lastName: string }

/** At most this many open tasks are listed (a person with more has a backlog, not a list). */
export const MY_TASKS_LIMIT = 500

/**
 * docs/decisions/0105: My tasks, the open tasks the actor owns, earliest due first; a manager may ask for everyone's.
 * A task's owner sees the lead's name; opening the lead stays within their reach (decision 0034).
 */
export async function listOpenTasks(db: Database, actor: StaffUser, { everyone = false } = {}): Promise<MyTask[]> {
	const all = everyone && can(actor.roles, 'leads.manage')
	const rows = await db
		.select({ ...taskColumns, firstName: leads.firstName, lastName: leads.lastName })
		.from(leadTasks)
		.innerJoin(leads, eq(leads.id, leadTasks.leadId))
		.leftJoin(users, eq(users.id, leadTasks.assignedTo))
		.where(and(isNull(leadTasks.completedAt), all ? undefined : eq(leadTasks.assignedTo, actor.id)))
		.orderBy(asc(leadTasks.dueAt), asc(leadTasks.id))
		.limit(MY_TASKS_LIMIT)
	return rows.map((task) => ({ ...task, canChange: mayChange(actor, task) }))
}
