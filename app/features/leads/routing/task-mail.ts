import type { MailDraft } from '#app/features/mail/outbox.server.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import { formatDuration } from '../model/lead-assignment.ts'
import { taskKindLabel } from '../model/lead-tasks.ts'
import { MINIMAL_MAIL_NOTE, staffMailName } from '../display/lead-notifications.ts'

/** A task as its e-mails read it: the lead's name (the first name alone unless the staff e-mails are full). */
export type TaskForMail = {
	id: string
	leadId: string
	kind: string
	dueAt: Date
	note: string | null
	firstName: string
	lastName: string
	assigneeName?: string | null
}

const lines = (task: TaskForMail, { baseUrl, timeZone, detail }: { baseUrl: string; timeZone: string; detail: StaffMailDetail }) => [
	`Lead: ${staffMailName(task, detail)}`,
	`Task: ${taskKindLabel(task.kind)}`,
	`Due: ${formatInTimeZone(task.dueAt, timeZone)}`,
	// docs/decisions/0089: the note is staff's words about the borrower; only the full e-mail carries it.
	...(detail === 'full' && task.note ? [`Note: ${task.note}`] : []),
	`Open the lead: ${baseUrl}/dashboard/leads?lead=${task.leadId}`,
]

/**
 * docs/decisions/0105: the reminder to the task's owner when it falls due. Minimal (docs/decisions/0089): the lead's
 * first name, what and when, and the link; full adds the last name and the note.
 */
export function taskReminderEmail(
	to: string,
	task: TaskForMail,
	options: { baseUrl: string; timeZone: string; detail?: StaffMailDetail },
): MailDraft {
	const detail = options.detail ?? 'minimal'
	return {
		to: [to],
		subject: `Task due: ${taskKindLabel(task.kind)}, ${staffMailName(task, detail)}`,
		lines: [
			'A follow-up task of yours is due now.',
			'',
			...lines(task, { ...options, detail }),
			'',
			`Your tasks: ${options.baseUrl}/dashboard/tasks`,
			...(detail === 'minimal' ? ['', MINIMAL_MAIL_NOTE] : []),
		],
	}
}

/** docs/decisions/0105: an open task overdue for the escalation minutes, told to the managers once (as an untouched lead is). */
export function taskEscalationEmail(
	to: string[],
	task: TaskForMail,
	minutes: number,
	options: { baseUrl: string; timeZone: string; detail?: StaffMailDetail },
	now = new Date(),
): MailDraft {
	const detail = options.detail ?? 'minimal'
	return {
		to,
		subject: `Overdue task: ${taskKindLabel(task.kind)}, ${staffMailName(task, detail)}, ${formatDuration(now.getTime() - task.dueAt.getTime())} late`,
		lines: [
			`A follow-up task is still open ${minutes} minute${minutes === 1 ? '' : 's'} after it was due.`,
			'',
			...lines(task, { ...options, detail }),
			`Assigned to: ${task.assigneeName ?? 'nobody'}`,
			...(detail === 'minimal' ? ['', MINIMAL_MAIL_NOTE] : []),
		],
	}
}
