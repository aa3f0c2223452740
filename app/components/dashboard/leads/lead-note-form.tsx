import { type FormEvent, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { buttonClass, inputClass } from '#app/components/ui/styles.ts'
import { NOTE_MAX_LENGTH, leadNoteEditSchema, leadNoteSchema } from '#app/features/leads/model/lead-notes.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import { LEAD_MESSAGES } from '#app/features/leads/work/lead-messages.ts'
import { DETAILS_DATE, LeadDate } from './lead-date.tsx'
import { LEADS_ACTION } from './lead-fetchers.ts'
import { useLeadFetcher } from './use-lead-action-toast.ts'
import { useFetcherAnswer } from '#app/components/ui/use-fetcher-answer.ts'

/**
 * The form's own check, the zod schema the action runs again (docs/decisions/0107): an empty or too long note is
 * refused here, with the server's words, before anything is sent.
 */
function useCheckedSubmit(
	fetcher: ReturnType<typeof useFetcher<LeadActionResult>>,
	check: (fields: Record<string, FormDataEntryValue>) => string | null,
) {
	const [error, setError] = useState<string | null>(null)
	const submit = (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		const form = event.currentTarget
		const fields = Object.fromEntries(new FormData(form))
		const problem = check(fields)
		setError(problem)
		if (!problem) void fetcher.submit(form, { method: 'post', action: LEADS_ACTION })
	}
	return { error, setError, submit }
}

/**
 * spec 2 §2 Admin Notes, as a timeline (docs/decisions/0107): each save adds one note under its author's name; nothing
 * earlier is replaced. 'Last updated' is the latest note's time.
 */
export function LeadNoteForm({ leadId, lastNoteAt }: { leadId: string; lastNoteAt: Date | null }) {
	const key = `lead-note-${leadId}`
	const fetcher = useFetcher<LeadActionResult>({ key })
	const id = useId()
	const [formKey, setFormKey] = useState(0)
	const { error, setError, submit } = useCheckedSubmit(fetcher, (fields) => {
		const parsed = leadNoteSchema.safeParse(fields)
		return parsed.success ? null : parsed.error.issues[0]!.message
	})
	useFetcherAnswer<LeadActionResult>(key, (result) => {
		// spec 2 §8: the notes' toasts; the box empties for the next note.
		if (result.ok) {
			toast.success(LEAD_MESSAGES.notesSavedTitle, { description: LEAD_MESSAGES.notesSaved })
			setFormKey((key) => key + 1)
		} else {
			toast.error(LEAD_MESSAGES.notesFailedTitle, { description: result.error })
		}
	})
	const saving = fetcher.state !== 'idle'
	return (
		<form key={formKey} method="post" action={LEADS_ACTION} onSubmit={submit} noValidate className="space-y-2">
			<input type="hidden" name="intent" value="note-add" />
			<input type="hidden" name="leadId" value={leadId} />
			<label htmlFor={`${id}-body`} className="block font-semibold text-slate-900">
				Admin Notes
			</label>
			<p id={`${id}-hint`} className="text-sm text-slate-700">
				Internal notes, never shown to the customer. Each note is kept with your name; you can correct yours for a few minutes.
			</p>
			<textarea
				id={`${id}-body`}
				name="body"
				rows={3}
				maxLength={NOTE_MAX_LENGTH}
				aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
				aria-invalid={error ? true : undefined}
				className={inputClass}
				onChange={() => setError(null)}
			/>
			{error ? (
				<p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
					{error}
				</p>
			) : null}
			<div className="flex flex-wrap items-center justify-between gap-3">
				<p className="text-sm text-slate-700" data-testid="notes-last-updated">
					{lastNoteAt ? (
						<>
							Last updated: <LeadDate value={lastNoteAt} pattern={DETAILS_DATE} />
						</>
					) : (
						'Not saved yet'
					)}
				</p>
				<button type="submit" className={`${buttonClass.primary} min-h-11`} disabled={saving}>
					{saving ? 'Saving...' : 'Save Notes'}
				</button>
			</div>
		</form>
	)
}

/** docs/decisions/0107: its author corrects a note within the window; the server keeps the text it replaces. */
export function NoteEditForm({ noteId, body, onDone }: { noteId: string; body: string; onDone: () => void }) {
	const fetcher = useLeadFetcher(`lead-note-edit-${noteId}`, onDone)
	const id = useId()
	const { error, setError, submit } = useCheckedSubmit(fetcher, (fields) => {
		const parsed = leadNoteEditSchema.safeParse(fields)
		return parsed.success ? null : parsed.error.issues[0]!.message
	})
	return (
		<form method="post" action={LEADS_ACTION} onSubmit={submit} noValidate className="mt-2 space-y-2">
			<input type="hidden" name="intent" value="note-edit" />
			<input type="hidden" name="noteId" value={noteId} />
			<label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-800">
				Correct the note
			</label>
			<textarea
				id={`${id}-body`}
				name="body"
				rows={3}
				defaultValue={body}
				maxLength={NOTE_MAX_LENGTH}
				aria-describedby={error ? `${id}-error` : undefined}
				className={inputClass}
				onChange={() => setError(null)}
			/>
			{error ? (
				<p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
					{error}
				</p>
			) : null}
			<div className="flex flex-wrap gap-2">
				<button type="submit" className={`${buttonClass.primary} min-h-11`} disabled={fetcher.state !== 'idle'}>
					Save correction
				</button>
				<button type="button" className={`${buttonClass.secondary} min-h-11`} onClick={onDone}>
					Cancel
				</button>
			</div>
		</form>
	)
}
