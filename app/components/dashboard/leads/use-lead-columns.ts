import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { type LeadColumn, LEAD_COLUMN_MESSAGES, visibleLeadColumns } from '#app/features/leads/work/lead-columns.ts'
import { ignoreAborted } from '#app/components/ui/ignore-aborted.ts'

const COLUMNS_FETCHER = 'lead-columns'
export const LEAD_COLUMNS_ACTION = '/dashboard/leads/columns'

type SaveAnswer = { ok: true; columns: LeadColumn[] } | { ok: false; error: string }

/** docs/decisions/0052: the user's visible columns; a change shows at once and is saved for their next visit. */
export function useLeadColumns(saved: readonly LeadColumn[]) {
	const fetcher = useFetcher<SaveAnswer>({ key: COLUMNS_FETCHER })
	// The choice shows at once; the saved list takes over once the screen has reloaded it (or the save failed). Not
	// before the last save is done: a list reloaded after an earlier save would undo a later change on screen.
	// The choice is dropped while rendering, when the saved list (compared by value) or the save's state changes: an
	// effect would also run on mount, after a click already handled, and undo that click (React's "adjusting state when
	// a prop changes").
	const [chosen, setChosen] = useState<LeadColumn[] | null>(null)
	const seen = `${fetcher.state !== 'idle'}|${saved.join(',')}`
	const [lastSeen, setLastSeen] = useState(seen)
	if (seen !== lastSeen) {
		setLastSeen(seen)
		if (fetcher.state === 'idle') setChosen(null)
	}
	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	useEffect(() => {
		if (answer && !answer.ok) {
			setChosen(null)
			toast.error(LEAD_COLUMN_MESSAGES.failed, { description: answer.error })
		}
	}, [answer])
	const save = (columns: readonly LeadColumn[]) => {
		setChosen(visibleLeadColumns(columns))
		const body = new URLSearchParams(columns.map((column) => ['column', column]))
		fetcher.submit(body, { method: 'post', action: LEAD_COLUMNS_ACTION }).catch(ignoreAborted)
	}
	return { columns: chosen ?? [...saved], save }
}
