import { Loader2 } from 'lucide-react'
import { buttonClass } from '#app/components/ui/styles.ts'

type SaveBarProps = {
	label: string
	saving: boolean
	dirty: boolean
	/** A problem with the document as a whole (not one field). */
	error?: string
	/** Why saving is not possible right now, if it is not. */
	blockedReason?: string
	onSave?: () => void
}

/** The editor's save button with whether there is anything to save; a submit button unless onSave is given. */
export function SaveBar({ label, saving, dirty, error, blockedReason, onSave }: SaveBarProps) {
	const status = saving ? 'Saving...' : (blockedReason ?? (dirty ? 'You have unsaved changes.' : 'All changes are saved.'))
	return (
		<div className="sticky bottom-0 z-10 mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white/95 p-4 shadow-sm ring-1 ring-slate-200 backdrop-blur">
			<div>
				<p role="status" className={`text-sm ${dirty && !saving ? 'font-semibold text-amber-800' : 'text-slate-600'}`}>
					{status}
				</p>
				{error ? (
					<p role="alert" className="mt-1 text-sm font-medium text-red-700">
						{error}
					</p>
				) : null}
			</div>
			<button
				type={onSave ? 'button' : 'submit'}
				onClick={onSave}
				disabled={saving || !dirty || Boolean(blockedReason)}
				className={buttonClass.primary}
			>
				{saving ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
				{saving ? 'Saving...' : label}
			</button>
		</div>
	)
}
