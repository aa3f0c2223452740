import { describe, expect, test } from 'vitest'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { MINIMAL_MAIL_NOTE } from '../display/lead-notifications.ts'
import { taskEscalationEmail, taskReminderEmail } from './task-mail.ts'

const dueAt = new Date('2026-11-27T15:00:00Z')
const task = {
	id: 'task-1',
	leadId: '7b0b5f8e-2f9a-4a0e-9a51-2d1f6c3e8a10',
	kind: 'call_back',
	dueAt,
	note: 'Asked about the prepayment penalty',
	firstName: 'Marisol',
	lastName: 'Quintero',
}
const options = { baseUrl: 'http://localhost:3000', timeZone: 'America/Los_Angeles' }
const due = `Due: ${formatInTimeZone(dueAt, 'America/Los_Angeles')}`

/** docs/decisions/0105: a task's reminder to its owner and its escalation to the managers, line by line. */
describe('the e-mails of a follow-up task', () => {
	test('the reminder says it is due now, what, when, the lead’s link and the tasks screen; minimal ends with its note', () => {
		expect(taskReminderEmail('olive@example.com', task, options)).toEqual({
			to: ['olive@example.com'],
			subject: 'Task due: Call back, Marisol',
			lines: [
				'A follow-up task of yours is due now.',
				'',
				'Lead: Marisol',
				'Task: Call back',
				due,
				`Open the lead: http://localhost:3000/dashboard/leads?lead=${task.leadId}`,
				'',
				'Your tasks: http://localhost:3000/dashboard/tasks',
				'',
				MINIMAL_MAIL_NOTE,
			],
		})
		expect(due).not.toContain('2026-11-27T15:00')
	})

	test('the escalation counts the minutes (one minute, in the singular) and names nobody when the task has no owner', () => {
		const now = new Date(dueAt.getTime() + 16 * 60_000)
		const mail = taskEscalationEmail(['manager@example.com'], { ...task, assigneeName: null }, 1, { ...options, detail: 'full' }, now)
		expect(mail).toEqual({
			to: ['manager@example.com'],
			subject: 'Overdue task: Call back, Marisol Quintero, 16 min late',
			lines: [
				'A follow-up task is still open 1 minute after it was due.',
				'',
				'Lead: Marisol Quintero',
				'Task: Call back',
				due,
				'Note: Asked about the prepayment penalty',
				`Open the lead: http://localhost:3000/dashboard/leads?lead=${task.leadId}`,
				'Assigned to: nobody',
			],
		})
		expect(taskEscalationEmail(['manager@example.com'], task, 15, options, now).lines[0]).toBe(
			'A follow-up task is still open 15 minutes after it was due.',
		)
	})
})
