import { z } from 'zod'
import { singleLineText } from '#app/features/validation/safe-text.ts'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'

/** docs/decisions/0105: what a follow-up task asks of the officer. */
export const TASK_KINDS = ['call_back', 'send_terms', 'request_documents', 'other'] as const
export type TaskKind = (typeof TASK_KINDS)[number]
export const TASK_KIND_LABELS: Readonly<Record<TaskKind, string>> = {
	call_back: 'Call back',
	send_terms: 'Send terms',
	request_documents: 'Request documents',
	other: 'Other',
}
export const taskKindLabel = (kind: unknown) =>
	typeof kind === 'string' && kind in TASK_KIND_LABELS ? TASK_KIND_LABELS[kind as TaskKind] : 'Task'

/** The texts of tasks, shared by the form, the action, the toasts and the tests. */
export const TASK_MESSAGES = {
	kind: 'Choose what the task is',
	due: 'Choose the day and time it is due',
	duePassed: 'Choose a due time that has not passed',
	dueTooFar: 'Choose a due time within a year',
	note: 'The note must be at most 200 characters',
	noteOneLine: 'The note must be one line',
	added: 'Task added',
	completed: 'Task completed',
	reopened: 'Task reopened',
	deleted: 'Task deleted',
	noSuchTask: 'No such task',
	failed: 'Failed to save the task',
	notAnOfficer: 'Choose an active loan officer',
} as const

export const TASK_NOTE_MAX = 200
/** A time entered a minute ago (a slow form) is still accepted; anything earlier is a mistake. */
const PAST_GRACE_MS = 60_000
const YEAR_MS = 366 * 24 * 60 * 60_000

/**
 * docs/decisions/0105: the due time as the staff member entered it, in their device's time zone: the
 * `datetime-local` value ("2026-11-28T09:30") and that zone's offset from UTC at that moment in minutes, as
 * `Date.getTimezoneOffset` gives it (300 for 9:30 EST). Answers the instant, or null for a value that is not one.
 */
export function dueInstant(due: string, offsetMinutes: number): Date | null {
	const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(due)
	if (!match) return null
	const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
	const utc = Date.UTC(year, month - 1, day, hour, minute)
	const check = new Date(utc)
	// 2026-02-30 rolls over to March: not a day anybody chose.
	if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null
	return new Date(utc + offsetMinutes * 60_000)
}

const leadId = z.uuid('Unknown lead')

/**
 * docs/decisions/0105: a new task, as the form sends it and the action checks it again: the kind, the due time (local
 * value and offset, see `dueInstant`), an optional one-line note of at most 200 characters, and for a manager the
 * officer it is for (empty: the lead's officer).
 */
export const leadTaskSchema = z
	.object({
		leadId,
		kind: z.enum(TASK_KINDS, { message: TASK_MESSAGES.kind }),
		due: singleLineText({ message: TASK_MESSAGES.due }),
		offset: z.coerce
			.number({ message: TASK_MESSAGES.due })
			.int(TASK_MESSAGES.due)
			.min(-16 * 60, TASK_MESSAGES.due)
			.max(16 * 60),
		note: singleLineText()
			.trim()
			.max(TASK_NOTE_MAX, TASK_MESSAGES.note)
			.refine((value) => !/[\r\n\u2028\u2029]/.test(value), TASK_MESSAGES.noteOneLine)
			.optional()
			.transform((value) => value || null),
		assigneeId: singleLineText()
			.trim()
			.max(100)
			.optional()
			.transform((value) => value || null),
	})
	.transform((value, context) => {
		const dueAt = dueInstant(value.due, value.offset)
		if (!dueAt) {
			context.addIssue({ code: 'custom', path: ['due'], message: TASK_MESSAGES.due })
			return z.NEVER
		}
		if (dueAt.getTime() < Date.now() - PAST_GRACE_MS) {
			context.addIssue({ code: 'custom', path: ['due'], message: TASK_MESSAGES.duePassed })
			return z.NEVER
		}
		if (dueAt.getTime() > Date.now() + YEAR_MS) {
			context.addIssue({ code: 'custom', path: ['due'], message: TASK_MESSAGES.dueTooFar })
			return z.NEVER
		}
		return { leadId: value.leadId, kind: value.kind, dueAt, note: value.note, assigneeId: value.assigneeId }
	})
export type LeadTaskInput = z.output<typeof leadTaskSchema>

/** Complete, reopen or delete: the task by its id. */
export const taskIdSchema = z.object({ taskId: z.uuid(TASK_MESSAGES.noSuchTask) })

export const TASK_GROUPS = ['overdue', 'today', 'later'] as const
export type TaskGroup = (typeof TASK_GROUPS)[number]
export const TASK_GROUP_LABELS: Readonly<Record<TaskGroup, string>> = { overdue: 'Overdue', today: 'Today', later: 'Later' }

/** docs/decisions/0105: an open task is overdue once its time has passed, else due today (the office's day) or later. */
export function taskGroup(dueAt: Date, now: Date, timeZone: string): TaskGroup {
	if (dueAt.getTime() <= now.getTime()) return 'overdue'
	return dayInTimeZone(dueAt, timeZone) === dayInTimeZone(now, timeZone) ? 'today' : 'later'
}

/** My tasks: overdue first, then today, then later, each by due time (earliest first). */
export function groupTasks<T extends { dueAt: Date }>(tasks: readonly T[], now: Date, timeZone: string) {
	const sorted = [...tasks].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
	return TASK_GROUPS.map((group) => ({ group, tasks: sorted.filter((task) => taskGroup(task.dueAt, now, timeZone) === group) }))
}
