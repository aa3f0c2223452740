import { CalendarClock } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { TASK_KINDS, TASK_KIND_LABELS, TASK_NOTE_MAX, leadTaskSchema, taskKindLabel } from '#app/features/leads/model/lead-tasks.ts'
import type { LeadTaskView } from '#app/features/leads/work/lead-tasks.server.ts'
import { useOfficeTimeZone } from '../office-time-zone.tsx'
import { useLeadsViewer } from './lead-assignment.tsx'
import { LEADS_ACTION } from './lead-fetchers.ts'
import { useLeadFetcher } from './use-lead-action-toast.ts'

/** A `datetime-local` value ("2026-11-28T09:00") of a moment in this device's time zone. */
export function localInputValue(date: Date) {
	const pad = (value: number) => String(value).padStart(2, '0')
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** Tomorrow at 9:00 on this device: the form's first suggestion. */
export function tomorrowMorning(now = new Date()) {
	const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0)
	return localInputValue(date)
}

/**
 * docs/decisions/0105: the offset from UTC, in minutes, of this device's zone at the moment a `datetime-local` value
 * names (so a task set across a daylight-saving change keeps the hour typed); 0 for a value that is not a date.
 */
export function offsetAt(localValue: string) {
	const date = new Date(localValue)
	return Number.isNaN(date.getTime()) ? 0 : date.getTimezoneOffset()
}

/** A task's due time as everybody reads it: in the office's zone, named (docs/decisions/0079). */
export function TaskDue({ dueAt }: { dueAt: Date }) {
	const timeZone = useOfficeTimeZone()
	return <time dateTime={dueAt.toISOString()}>{formatInTimeZone(dueAt, timeZone, 'details')}</time>
}

/** Complete (or Reopen) and Delete for a task its owner or a manager may change. */
export function TaskButtons({ task, name, allowDelete = true }: { task: LeadTaskView; name: string; allowDelete?: boolean }) {
	const fetcher = useLeadFetcher(`lead-task-${task.id}`)
	if (!task.canChange) return null
	const busy = fetcher.state !== 'idle'
	const post = (intent: string) => fetcher.submit({ intent, taskId: task.id }, { method: 'post', action: LEADS_ACTION })
	const label = `${taskKindLabel(task.kind)}, ${name}`
	return (
		<span className="flex flex-wrap gap-2">
			{task.completedAt ? (
				<button type="button" className={`${buttonClass.secondary} min-h-11`} disabled={busy} onClick={() => post('task-reopen')}>
					Reopen <span className="sr-only">{label}</span>
				</button>
			) : (
				<button type="button" className={`${buttonClass.primary} min-h-11`} disabled={busy} onClick={() => post('task-complete')}>
					Complete <span className="sr-only">{label}</span>
				</button>
			)}
			{allowDelete ? (
				<button type="button" className={`${buttonClass.dangerOutline} min-h-11`} disabled={busy} onClick={() => post('task-delete')}>
					Delete <span className="sr-only">{label}</span>
				</button>
			) : null}
		</span>
	)
}

/**
 * docs/decisions/0105: the task form, checked with the schema the server checks it with. The due time is typed in this
 * device's zone (named beside it) and posted with that zone's offset, so the server stores the moment meant.
 */
export function TaskForm({ leadId, onDone }: { leadId: string; onDone: () => void }) {
	const fetcher = useLeadFetcher(`lead-task-add-${leadId}`, onDone)
	const { viewer, officers } = useLeadsViewer()
	const [error, setError] = useState<string | null>(null)
	const id = useId()
	const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
	const submit = (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		const form = new FormData(event.currentTarget)
		const due = String(form.get('due') ?? '')
		const fields = {
			intent: 'task-add',
			leadId,
			kind: String(form.get('kind') ?? ''),
			due,
			offset: String(offsetAt(due)),
			note: String(form.get('note') ?? ''),
			assigneeId: String(form.get('assigneeId') ?? ''),
		}
		const parsed = leadTaskSchema.safeParse(fields)
		if (!parsed.success) return setError(parsed.error.issues[0]!.message)
		setError(null)
		void fetcher.submit(fields, { method: 'post', action: LEADS_ACTION })
	}
	return (
		<form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-3" aria-label="Add task">
			<label className="block text-sm font-medium text-slate-800">
				Task
				<select name="kind" defaultValue="call_back" className={`${inputClass} mt-1 min-h-11`}>
					{TASK_KINDS.map((kind) => (
						<option key={kind} value={kind}>
							{TASK_KIND_LABELS[kind]}
						</option>
					))}
				</select>
			</label>
			<label className="block text-sm font-medium text-slate-800">
				Due (your time, {zone})
				<input
					type="datetime-local"
					name="due"
					defaultValue={tomorrowMorning()}
					className={`${inputClass} mt-1 min-h-11`}
					aria-describedby={error ? `${id}-error` : undefined}
					onChange={() => setError(null)}
				/>
			</label>
			<label className="block text-sm font-medium text-slate-800">
				Note (optional)
				<input name="note" maxLength={TASK_NOTE_MAX} className={`${inputClass} mt-1`} onChange={() => setError(null)} />
			</label>
			{viewer.canManage ? (
				<label className="block text-sm font-medium text-slate-800">
					For
					<select name="assigneeId" defaultValue="" className={`${inputClass} mt-1 min-h-11`}>
						<option value="">The lead’s officer (or me, if it has none)</option>
						{officers.map((officer) => (
							<option key={officer.id} value={officer.id}>
								{officer.name}
							</option>
						))}
					</select>
				</label>
			) : null}
			{error ? (
				<p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
					{error}
				</p>
			) : null}
			<button type="submit" className={`${buttonClass.primary} min-h-12 w-full sm:w-auto`} disabled={fetcher.state !== 'idle'}>
				Save task
			</button>
		</form>
	)
}

/**
 * docs/decisions/0105: the lead details' Next task, beside Call, Text, E-mail and Log outcome: the earliest open task
 * with Complete, Add task, the other open tasks, and the last ones done.
 */
export function LeadNextTask({ lead }: { lead: { id: string; firstName: string; lastName: string; tasks: LeadTaskView[] } }) {
	const [adding, setAdding] = useState(false)
	const open = lead.tasks.filter((task) => !task.completedAt)
	const done = lead.tasks.filter((task) => task.completedAt)
	const next = open[0]
	const name = `${lead.firstName} ${lead.lastName}`
	return (
		<section
			aria-labelledby={`next-task-${lead.id}`}
			className="space-y-2 rounded-lg border border-slate-200 p-3"
			data-testid="lead-next-task"
		>
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h3 id={`next-task-${lead.id}`} className="flex items-center gap-2 font-semibold text-slate-900">
					<CalendarClock className="h-5 w-5" aria-hidden="true" /> Next task
				</h3>
				<button
					type="button"
					className={`${buttonClass.secondary} min-h-11`}
					aria-expanded={adding}
					onClick={() => setAdding((value) => !value)}
				>
					Add task
				</button>
			</div>
			{next ? (
				<TaskLine task={next} name={name} />
			) : (
				<p className="text-sm text-slate-700">No open task. Add one so this lead is not forgotten.</p>
			)}
			{adding ? <TaskForm leadId={lead.id} onDone={() => setAdding(false)} /> : null}
			{open.length > 1 ? (
				<details>
					<summary className="cursor-pointer text-sm font-medium text-slate-800">{open.length - 1} more open</summary>
					<ul className="mt-2 space-y-2">
						{open.slice(1).map((task) => (
							<li key={task.id}>
								<TaskLine task={task} name={name} />
							</li>
						))}
					</ul>
				</details>
			) : null}
			{done.length > 0 ? (
				<details>
					<summary className="cursor-pointer text-sm font-medium text-slate-800">Done ({done.length})</summary>
					<ul className="mt-2 space-y-2">
						{done.map((task) => (
							<li key={task.id}>
								<TaskLine task={task} name={name} />
							</li>
						))}
					</ul>
				</details>
			) : null}
		</section>
	)
}

function TaskLine({ task, name }: { task: LeadTaskView; name: string }) {
	return (
		<div className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="lead-task">
			<span className={task.completedAt ? 'text-slate-600 line-through' : 'text-slate-900'}>
				<strong>{taskKindLabel(task.kind)}</strong> · due <TaskDue dueAt={task.dueAt} />
				{task.assigneeName ? <span className="text-slate-700"> · {task.assigneeName}</span> : null}
				{task.note ? <span className="block text-slate-700">{task.note}</span> : null}
			</span>
			<TaskButtons task={task} name={name} />
		</div>
	)
}
