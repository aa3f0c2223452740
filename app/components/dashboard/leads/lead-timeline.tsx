import { useState } from 'react'
import { NOTE_MESSAGES, withinEditWindow } from '#app/features/leads/model/lead-notes.ts'
import { TIMELINE_KIND_LABELS, type TimelineItem, leadTimeline } from '#app/features/leads/work/lead-timeline-items.ts'
import type { LeadDetails } from '#app/features/leads/work/lead-details.server.ts'
import type { LeadNoteView } from '#app/features/leads/work/lead-notes.server.ts'
import type { LeadMailView, LeadWebhookEvent } from '#app/features/leads/work/lead-timeline.server.ts'
import { buttonClass } from '#app/components/ui/styles.ts'
import { useOfficeTimeZone } from '../office-time-zone.tsx'
import { borrowerChoiceWords, describeActivity } from './lead-activity-words.ts'
import { useLeadsViewer } from './lead-assignment.tsx'
import { mailTimelineLine } from '#app/features/leads/work/lead-mail-words.ts'
import { DETAILS_DATE, LeadDate } from './lead-date.tsx'
import { LeadNoteForm, NoteEditForm } from './lead-note-form.tsx'

/** How many lines the timeline shows before "Show all": a phone's screenful or two. */
export const TIMELINE_FIRST_LINES = 15

const KIND_STYLE: Readonly<Record<TimelineItem['kind'], string>> = {
	note: 'bg-amber-100 text-amber-900',
	contact: 'bg-emerald-100 text-emerald-900',
	status: 'bg-sky-100 text-sky-900',
	assignment: 'bg-violet-100 text-violet-900',
	task: 'bg-slate-200 text-slate-900',
	terms: 'bg-teal-100 text-teal-900',
	loan: 'bg-green-100 text-green-900',
	webhook: 'bg-slate-100 text-slate-800',
	mail: 'bg-teal-100 text-teal-900',
	lead: 'bg-slate-100 text-slate-800',
}

/** docs/decisions/0113: a message about the lead: to whom by role, its subject and its state; never its body or addresses. */
function MailLine({ mail }: { mail: LeadMailView }) {
	const line = mailTimelineLine(mail)
	return (
		<p className="text-slate-900" data-testid="timeline-mail">
			{line.text} <span className="text-slate-700">({line.state})</span>
		</p>
	)
}

function deliveries(event: LeadWebhookEvent) {
	const parts = [
		event.delivered ? `${event.delivered} delivered` : null,
		event.pending ? `${event.pending} pending` : null,
		event.failed ? `${event.failed} failed` : null,
	].filter(Boolean)
	return `Webhook ${event.type} sent (${parts.join(', ')})`
}

/**
 * docs/decisions/0107: a note, with its author (or "Earlier notes" for the text of the one shared box), "edited" when
 * corrected, and Correct for its author while the window lasts (the server refuses anyone else, and later).
 */
export function NoteLine({ note, viewerId, now }: { note: LeadNoteView; viewerId: string; now: Date }) {
	const [editing, setEditing] = useState(false)
	const mine = note.authorId !== null && note.authorId === viewerId
	return (
		<div>
			<p className="whitespace-pre-wrap break-words text-slate-900" data-testid="note-body">
				{note.body}
			</p>
			<p className="mt-1 text-slate-700">
				{note.authorName ?? NOTE_MESSAGES.earlierNotes}
				{note.editedAt ? (
					<span className="ml-2 text-slate-600" data-testid="note-edited">
						(edited <LeadDate value={note.editedAt} pattern={DETAILS_DATE} />)
					</span>
				) : null}
			</p>
			{mine && withinEditWindow(new Date(note.createdAt), now) && !editing ? (
				<button type="button" className={`${buttonClass.secondary} mt-2 min-h-11`} onClick={() => setEditing(true)}>
					Correct note
				</button>
			) : null}
			{editing ? <NoteEditForm noteId={note.id} body={note.body} onDone={() => setEditing(false)} /> : null}
		</div>
	)
}

/**
 * docs/decisions/0107: the lead's timeline, newest first: notes, calls and their outcomes, status changes,
 * assignments, tasks, webhook events and (docs/decisions/0113) e-mails, each with its kind, who and when. It belongs to the lead, so an officer it
 * is given to reads everything before them.
 */
export function LeadTimeline({
	lead,
	now = new Date(),
}: {
	lead: Pick<LeadDetails, 'id' | 'notes' | 'activity' | 'webhookEvents'> & {
		terms?: Pick<LeadDetails['terms'], 'borrowerChoices'>
	} & Partial<Pick<LeadDetails, 'mails'>>
	now?: Date
}) {
	const timeZone = useOfficeTimeZone()
	const { viewer } = useLeadsViewer()
	const [showAll, setShowAll] = useState(false)
	const items = leadTimeline(lead)
	const shown = showAll ? items : items.slice(0, TIMELINE_FIRST_LINES)
	return (
		<section aria-labelledby={`timeline-${lead.id}`} className="space-y-3">
			<h3 id={`timeline-${lead.id}`} className="text-lg font-semibold text-slate-900">
				Timeline
			</h3>
			<LeadNoteForm leadId={lead.id} lastNoteAt={lead.notes[0] ? new Date(lead.notes[0].createdAt) : null} />
			{items.length === 0 ? (
				<p className="text-sm text-slate-700">No notes or staff activity yet.</p>
			) : (
				<ol className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="lead-timeline">
					{shown.map((item) => (
						<li key={item.key} className="px-4 py-3 text-sm" data-kind={item.kind}>
							<div className="mb-1 flex flex-wrap items-center justify-between gap-2">
								<span className={`rounded px-2 py-0.5 text-xs font-semibold ${KIND_STYLE[item.kind]}`}>
									{item.kind === 'mail' && item.mail.channel === 'sms' ? 'Text' : TIMELINE_KIND_LABELS[item.kind]}
								</span>
								<span className="text-slate-700">
									<LeadDate value={item.at} pattern={DETAILS_DATE} />
								</span>
							</div>
							{item.kind === 'note' ? (
								<NoteLine note={item.note} viewerId={viewer.id} now={now} />
							) : item.kind === 'webhook' ? (
								<p className="text-slate-900">{deliveries(item.event)}</p>
							) : 'choice' in item ? (
								// docs/decisions/0112: the borrower's own choice, told apart from terms a staff member attached.
								<p className="text-slate-900">{borrowerChoiceWords(item.choice)}</p>
							) : item.kind === 'mail' ? (
								<MailLine mail={item.mail} />
							) : (
								<p className="text-slate-900">
									{describeActivity(item.entry, timeZone)}
									{item.entry.actorEmail ? <span className="text-slate-700"> by {item.entry.actorEmail}</span> : null}
								</p>
							)}
						</li>
					))}
				</ol>
			)}
			{items.length > shown.length ? (
				<button type="button" className={`${buttonClass.secondary} min-h-11`} onClick={() => setShowAll(true)}>
					Show all {items.length}
				</button>
			) : null}
		</section>
	)
}
