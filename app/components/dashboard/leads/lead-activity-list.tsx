import type { LeadActivityEntry } from '#app/features/leads/work/lead-activity.server.ts'
import { leadStatusLabel } from '#app/features/leads/model/lead-statuses.ts'
import { contactChannelLabel } from '#app/features/leads/model/lead-assignment.ts'
import { DETAILS_DATE, LeadDate } from './lead-date.tsx'

function describe(entry: LeadActivityEntry) {
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
		case 'deleted':
			return 'Deleted'
		case 'exported':
			return 'Exported to CSV'
		case 'assigned':
			if (detail.by === 'routing') return `Assigned to ${String(detail.toName)} by the routing rules`
			if (detail.by === 'claim') return `Claimed by ${String(detail.toName)}`
			if (detail.by === 'work') return `Taken by ${String(detail.toName)}, who worked it while it was unassigned`
			return detail.toId ? `Assigned to ${String(detail.toName)}` : 'Returned to the unassigned pool'
		case 'contact_logged':
			return `${contactChannelLabel(detail.channel)} logged${detail.summary ? `: ${String(detail.summary)}` : ''}`
		case 'contact_requested':
			return 'The borrower pressed Contact Me and asked for a call'
		case 'escalated':
			return `Escalated to managers: not contacted within ${String(detail.minutes)} minutes`
		case 'legal_hold_placed':
			return `Legal hold placed: ${String(detail.reason)}`
		case 'legal_hold_released':
			return 'Legal hold released'
	}
}

/** Beyond the spec: who did what to this lead and when, newest first. */
export function LeadActivityList({ activity }: { activity: LeadActivityEntry[] }) {
	return (
		<section>
			<h3 className="font-semibold text-slate-900">Activity</h3>
			{activity.length === 0 ? (
				<p className="mt-1 text-sm text-slate-700">No staff activity yet.</p>
			) : (
				<ol className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="lead-activity">
					{activity.map((entry) => (
						<li key={entry.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
							<span className="text-slate-900">
								{describe(entry)}
								{entry.actorEmail ? <span className="text-slate-700"> by {entry.actorEmail}</span> : null}
							</span>
							<span className="text-slate-700">
								<LeadDate value={entry.createdAt} pattern={DETAILS_DATE} />
							</span>
						</li>
					))}
				</ol>
			)}
		</section>
	)
}
