import type { LeadActivityEntry } from './lead-activity.server.ts'
import type { LeadNoteView } from './lead-notes.server.ts'
import type { LeadMailView, LeadWebhookEvent } from './lead-timeline.server.ts'

/** docs/decisions/0107: what one line of a lead's timeline is. */
export type TimelineKind = 'note' | 'contact' | 'status' | 'assignment' | 'task' | 'terms' | 'loan' | 'webhook' | 'mail' | 'lead'

export const TIMELINE_KIND_LABELS: Readonly<Record<TimelineKind, string>> = {
	note: 'Note',
	contact: 'Contact',
	status: 'Status',
	assignment: 'Assignment',
	task: 'Task',
	terms: 'Terms',
	// docs/decisions/0123: the funded loan recorded, corrected or removed.
	loan: 'Funded loan',
	webhook: 'Webhook',
	mail: 'E-mail',
	lead: 'Lead',
}

/** docs/decisions/0112: terms the borrower chose themselves on the terms panel (docs/decisions/0066). */
export type BorrowerChoice = { id: number; createdAt: Date | string; summary: string }

export type TimelineItem =
	| { kind: 'note'; key: string; at: Date; note: LeadNoteView }
	| { kind: 'terms'; key: string; at: Date; choice: BorrowerChoice }
	| { kind: 'webhook'; key: string; at: Date; event: LeadWebhookEvent }
	| { kind: 'mail'; key: string; at: Date; mail: LeadMailView }
	| { kind: Exclude<TimelineKind, 'note' | 'webhook' | 'mail'>; key: string; at: Date; entry: LeadActivityEntry }

/** The kind of a history entry; null for the entries a note line already shows (its adding and its correction). */
export function activityKind(action: LeadActivityEntry['action']): Exclude<TimelineKind, 'note' | 'webhook' | 'mail'> | null {
	switch (action) {
		case 'note_added':
		case 'note_edited':
			return null
		case 'contact_logged':
		case 'contact_started':
		case 'contact_requested':
			return 'contact'
		case 'status_changed':
			return 'status'
		case 'assigned':
			return 'assignment'
		case 'task_added':
		case 'task_completed':
		case 'task_reopened':
		case 'task_deleted':
		case 'task_escalated':
			return 'task'
		case 'terms_attached':
			return 'terms'
		case 'funding_recorded':
		case 'funding_removed':
			return 'loan'
		default:
			return 'lead'
	}
}

/**
 * docs/decisions/0107: one list, newest first, of the lead's notes, its history (calls and their outcomes, status
 * changes, assignments, tasks, ...), the webhook events and (docs/decisions/0113) the e-mails and texts sent about it. It is the lead's, so whoever works the lead
 * next reads all of it.
 */
export function leadTimeline({
	notes,
	activity,
	webhookEvents,
	terms,
	mails = [],
}: {
	notes: readonly LeadNoteView[]
	activity: readonly LeadActivityEntry[]
	webhookEvents: readonly LeadWebhookEvent[]
	/** docs/decisions/0112: the borrower's own choices of terms (a staff member's attachments are history entries). */
	terms?: { borrowerChoices?: readonly BorrowerChoice[] }
	mails?: readonly LeadMailView[]
}): TimelineItem[] {
	const items: TimelineItem[] = [
		...notes.map((note): TimelineItem => ({ kind: 'note', key: `note-${note.id}`, at: new Date(note.createdAt), note })),
		...(terms?.borrowerChoices ?? []).map(
			(choice): TimelineItem => ({ kind: 'terms', key: `terms-${choice.id}`, at: new Date(choice.createdAt), choice }),
		),
		...webhookEvents.map((event): TimelineItem => ({ kind: 'webhook', key: `webhook-${event.id}`, at: new Date(event.createdAt), event })),
		// A message stands where it was queued (with what caused it), so its line does not move once it is sent.
		...mails.map((mail): TimelineItem => ({ kind: 'mail', key: `mail-${mail.id}`, at: new Date(mail.createdAt), mail })),
		...activity.flatMap((entry): TimelineItem[] => {
			const kind = activityKind(entry.action)
			return kind ? [{ kind, key: `activity-${entry.id}`, at: new Date(entry.createdAt), entry }] : []
		}),
	]
	// Newest first; at the same moment, the order of the lists above (a note before the history entry written with it).
	return items
		.map((item, index) => ({ item, index }))
		.sort((a, b) => b.item.at.getTime() - a.item.at.getTime() || a.index - b.index)
		.map(({ item }) => item)
}
