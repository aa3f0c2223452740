import { Link } from 'react-router'
import { ACTIVITY_LABELS, type ActivityType } from '#app/features/activity/activity-entry.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { useOfficeTimeZone } from '../office-time-zone.tsx'

/** An activity entry as a screen shows it (no hash: the export carries it). */
export type ShownEntry = {
	id: number
	at: Date | string
	actorEmail: string | null
	actorRoles: string | null
	ip: string | null
	action: string
	subjectKind: string | null
	subjectId: string | null
	details: unknown
}

const labelOf = (action: string) => ACTIVITY_LABELS[action as ActivityType] ?? action

/** The details as one line of text: field: value, old → new for changes. */
export function detailsText(details: unknown): string {
	if (!details || typeof details !== 'object') return ''
	return Object.entries(details as Record<string, unknown>)
		.map(([key, value]) => {
			if (key === 'changes' && Array.isArray(value))
				return value
					.map(
						(change: { field?: string; from?: unknown; to?: unknown }) =>
							`${change.field}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`,
					)
					.join('; ')
			return `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`
		})
		.join(', ')
}

function Subject({ kind, id }: { kind: string | null; id: string | null }) {
	if (!kind || !id) return null
	if (kind === 'lead')
		return (
			<Link className="text-brand-700 underline" to={`/dashboard/leads?lead=${encodeURIComponent(id)}`}>
				lead {id.slice(0, 8)}
			</Link>
		)
	// docs/decisions/0091: a borrower's data request opens on its own screen.
	if (kind === 'request')
		return (
			<Link className="text-brand-700 underline" to={`/dashboard/data-requests?id=${encodeURIComponent(id)}`}>
				data request {id.slice(0, 8)}
			</Link>
		)
	return (
		<span>
			{kind} {id.length > 12 ? id.slice(0, 8) : id}
		</span>
	)
}

/** docs/decisions/0087: the Activity screen's table, newest first. */
export function ActivityTable({ entries }: { entries: ShownEntry[] }) {
	const timeZone = useOfficeTimeZone()
	if (entries.length === 0) return <p className="text-slate-700">No activity matches these filters.</p>
	return (
		<div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
			<table className="min-w-full text-left text-sm" data-testid="activity-table">
				<thead className="bg-slate-50 text-slate-800">
					<tr>
						<th className="px-3 py-2">Time</th>
						<th className="px-3 py-2">Person</th>
						<th className="px-3 py-2">Action</th>
						<th className="px-3 py-2">About</th>
						<th className="px-3 py-2">Details</th>
						<th className="px-3 py-2">IP address</th>
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-200">
					{entries.map((entry) => (
						<tr key={entry.id}>
							<td className="whitespace-nowrap px-3 py-2">{formatInTimeZone(new Date(entry.at), timeZone, 'details')}</td>
							<td className="px-3 py-2">
								{entry.actorEmail ?? 'Unknown'}
								{entry.actorRoles ? <span className="block text-xs text-slate-700">{entry.actorRoles}</span> : null}
							</td>
							<td className="px-3 py-2">{labelOf(entry.action)}</td>
							<td className="px-3 py-2">
								<Subject kind={entry.subjectKind} id={entry.subjectId} />
							</td>
							<td className="max-w-md break-words px-3 py-2 text-slate-800">{detailsText(entry.details)}</td>
							<td className="px-3 py-2">{entry.ip ?? ''}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

/** A lead's own entries beside its history: who opened, changed or exported it. */
export function LeadAccessList({ entries }: { entries: ShownEntry[] }) {
	const timeZone = useOfficeTimeZone()
	return (
		<section>
			<h3 className="font-semibold text-slate-900">Access log</h3>
			{entries.length === 0 ? (
				<p className="mt-1 text-sm text-slate-700">Nobody has opened or changed this lead yet.</p>
			) : (
				<ol className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="lead-access-log">
					{entries.map((entry) => (
						<li key={entry.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
							<span className="text-slate-900">
								{labelOf(entry.action)}
								{entry.actorEmail ? <span className="text-slate-700"> by {entry.actorEmail}</span> : null}
							</span>
							<span className="text-slate-700">{formatInTimeZone(new Date(entry.at), timeZone, 'details')}</span>
						</li>
					))}
				</ol>
			)}
		</section>
	)
}
