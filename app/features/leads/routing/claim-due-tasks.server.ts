import { and, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { Transaction } from '#db/client.ts'
import { leadTasks, leads } from '#db/schema.ts'

/** Tasks claimed per run (a reminder or an escalation); the next run (a few seconds later) takes the rest. */
export const TASK_BATCH = 50

/**
 * docs/decisions/0105: the one way a task's reminder and its escalation pick their tasks exactly once. In the caller's
 * transaction: up to 50 open tasks due by `dueBy` whose `mark` is still empty, oldest first, locked `FOR UPDATE SKIP
 * LOCKED` (two processes running this at once never take the same task), then `mark` set to now. Answers the tasks
 * with their lead's name (a lead gone since is left out of the names).
 */
export async function claimDueTasks(tx: Transaction, mark: 'remindedAt' | 'escalatedAt', dueBy: SQL) {
	const due = await tx
		.select({
			id: leadTasks.id,
			leadId: leadTasks.leadId,
			kind: leadTasks.kind,
			dueAt: leadTasks.dueAt,
			note: leadTasks.note,
			assignedTo: leadTasks.assignedTo,
		})
		.from(leadTasks)
		.where(and(isNull(leadTasks.completedAt), isNull(leadTasks[mark]), lte(leadTasks.dueAt, dueBy)))
		.orderBy(leadTasks.dueAt)
		.limit(TASK_BATCH)
		.for('update', { skipLocked: true })
	if (due.length === 0) return { due, names: new Map<string, { firstName: string; lastName: string }>() }
	await tx
		.update(leadTasks)
		.set({ [mark]: sql`now()` })
		.where(
			inArray(
				leadTasks.id,
				due.map((task) => task.id),
			),
		)
	const leadIds = [...new Set(due.map((task) => task.leadId))]
	const names = new Map(
		(
			await tx.select({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName }).from(leads).where(inArray(leads.id, leadIds))
		).map((lead) => [lead.id, { firstName: lead.firstName, lastName: lead.lastName }]),
	)
	return { due, names }
}
