import type { LeadActivityEntry } from '#app/features/leads/work/lead-activity.server.ts'
import { leadStatusLabel } from '#app/features/leads/model/lead-statuses.ts'
import { contactChannelLabel, contactOutcomeLabel } from '#app/features/leads/model/lead-assignment.ts'
import { taskKindLabel } from '#app/features/leads/model/lead-tasks.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { type LeadFundingView, fundingSummary } from '#app/features/leads/model/lead-funding.ts'

/** docs/decisions/0112: the borrower's own choice of terms, told apart from terms a staff member attached. */
export const borrowerChoiceWords = (choice: { summary: string }) => `Terms chosen by the borrower: ${choice.summary}`

/** The words of one history entry in the lead's timeline (docs/decisions/0107). */
export function describeActivity(entry: LeadActivityEntry, timeZone: string) {
	const detail = (entry.detail ?? {}) as Record<string, unknown>
	switch (entry.action) {
		case 'created':
			// docs/decisions/0079: a request over the hourly limit of its e-mail or phone is kept without notifying anyone.
			if (detail.quiet === 'contact-limit') {
				return 'Received without notifications: more than 5 quote requests from this e-mail or phone within an hour'
			}
			return `Created with status ${leadStatusLabel(String(detail.status ?? 'new'))}`
		case 'status_changed':
			return `Status changed from ${leadStatusLabel(String(detail.from))} to ${leadStatusLabel(String(detail.to))}`
		case 'note_saved':
			return 'Notes saved'
		// docs/decisions/0107: the note's own line in the timeline shows these; the words here are for any other reader.
		case 'note_added':
			return 'Note added'
		case 'note_edited':
			return 'Note corrected'
		case 'deleted':
			return 'Deleted'
		case 'exported':
			return 'Exported to CSV'
		case 'assigned':
			if (detail.by === 'routing') return `Assigned to ${String(detail.toName)} by the routing rules`
			if (detail.by === 'claim') return `Claimed by ${String(detail.toName)}`
			if (detail.by === 'work') return `Taken by ${String(detail.toName)}, who worked it while it was unassigned`
			return detail.toId ? `Assigned to ${String(detail.toName)}` : 'Returned to the unassigned pool'
		case 'contact_logged': {
			// docs/decisions/0104: how it went (contacts logged before outcomes were asked have none).
			const outcome = contactOutcomeLabel(detail.outcome)
			return `${contactChannelLabel(detail.channel)} logged${outcome ? ` (${outcome})` : ''}${detail.summary ? `: ${String(detail.summary)}` : ''}`
		}
		case 'contact_started':
			return `${contactChannelLabel(detail.channel)} started`
		case 'contact_requested':
			return 'The borrower pressed Contact Me and asked for a call'
		// docs/decisions/0105: follow-up tasks (what and when; the note stays with the task).
		case 'task_added': {
			const due = typeof detail.dueAt === 'string' ? formatInTimeZone(new Date(detail.dueAt), timeZone, 'details') : ''
			return `Task added: ${taskKindLabel(detail.kind)}, due ${due}${detail.assigneeName ? ` (for ${String(detail.assigneeName)})` : ''}`
		}
		case 'task_completed':
			return `Task completed: ${taskKindLabel(detail.kind)}`
		case 'task_reopened':
			return `Task reopened: ${taskKindLabel(detail.kind)}`
		case 'task_deleted':
			return `Task deleted: ${taskKindLabel(detail.kind)}`
		case 'task_escalated':
			return `Escalated to managers: task ${taskKindLabel(detail.kind)} still open ${String(detail.minutes)} minutes after it was due`
		case 'escalated':
			return `Escalated to managers: not contacted within ${String(detail.minutes)} minutes`
		case 'legal_hold_placed':
			return `Legal hold placed: ${String(detail.reason)}`
		case 'legal_hold_released':
			return 'Legal hold released'
		case 'term_sheet_downloaded':
			// docs/decisions/0095: the borrower downloaded a term sheet; its code is the one its verify page answers.
			return `The borrower downloaded term sheet ${String(detail.code ?? '')} (rate sheet version ${String(detail.rateSheetVersion ?? '')})`
		case 'terms_attached':
			// docs/decisions/0112: terms a staff member priced and attached (the borrower's own choices read otherwise).
			return `Terms attached by ${String(detail.byName ?? '')}: ${String(detail.summary ?? '')}`
		case 'return_link_opened':
			return 'The borrower came back through their link to this quote'
		case 'return_links_revoked':
			return 'The borrower’s links to this quote were revoked'
		// docs/decisions/0123: each version of the funded loan, the one it replaced beside it.
		case 'funding_recorded': {
			const funding = fundingSummary(detail as LeadFundingView)
			if (!detail.previous) return `Funded loan recorded: ${funding}`
			return `Funded loan corrected: ${funding} (was ${fundingSummary(detail.previous as LeadFundingView)})`
		}
		case 'funding_removed':
			return detail.previous ? `Funded loan removed (was ${fundingSummary(detail.previous as LeadFundingView)})` : 'Funded loan removed'
	}
}
