import { and, inArray, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema.ts'
import { DEFAULT_TIME_ZONE } from '#app/features/content/time-zone.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { claimDueTasks } from './claim-due-tasks.server.ts'
import { taskReminderEmail } from './task-mail.ts'

/**
 * docs/decisions/0105: the reminder e-mail to a task's owner once it falls due, queued in the outbox (docs/decisions/0004)
 * exactly once: one transaction claims up to 50 open tasks due and not yet reminded (`claimDueTasks`: two processes
 * running this at once never take the same task), marks `reminded_at` and queues their e-mails; a task whose
 * owner is gone or disabled is marked without an e-mail (the escalation still tells the managers). Runs before each
 * poll of the outbox worker, in every process. Answers how many e-mails were queued.
 */
export async function remindDueTasks(
	db: Database,
	options: { baseUrl: string; timeZone?: () => Promise<string>; detail?: () => Promise<StaffMailDetail> },
) {
	// Read before the transaction: the embedded database has one connection (see lead-escalation.server.ts).
	const timeZone = options.timeZone ? await options.timeZone() : DEFAULT_TIME_ZONE
	const detail = options.detail ? await options.detail() : 'minimal'
	return db.transaction(async (tx) => {
		const { due, names } = await claimDueTasks(tx, 'remindedAt', sql`now()`)
		if (due.length === 0) return 0
		const ownerIds = [...new Set(due.flatMap((task) => (task.assignedTo ? [task.assignedTo] : [])))]
		const owners = new Map(
			ownerIds.length === 0
				? []
				: (
						await tx
							.select({ id: users.id, email: users.email })
							.from(users)
							.where(and(inArray(users.id, ownerIds), sql`coalesce(${users.banned}, false) = false`))
					).map((user) => [user.id, user.email]),
		)
		let queued = 0
		for (const task of due) {
			const to = task.assignedTo ? owners.get(task.assignedTo) : undefined
			const lead = names.get(task.leadId)
			if (!to || !lead) continue
			await enqueueMail(
				tx,
				'task-reminder',
				taskReminderEmail(to, { ...task, ...lead, id: task.id }, { baseUrl: options.baseUrl, timeZone, detail }),
				{ leadId: task.leadId },
			)
			queued++
		}
		return queued
	})
}
