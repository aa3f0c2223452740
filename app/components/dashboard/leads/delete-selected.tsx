import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { buttonClass } from '#app/components/ui/styles.ts'
import type { LeadActionResult } from '#app/features/leads/work/lead-admin-schema.ts'
import { deleteConfirmation } from '#app/features/leads/work/lead-messages.ts'
import { DELETE_FETCHER, LEADS_ACTION } from './lead-fetchers.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'
import { ignoreAborted } from '#app/components/ui/ignore-aborted.ts'

/** spec 2 §2: 'Delete Selected (N)' appears when rows are selected and asks for confirmation first. */
export function DeleteSelected({ leadIds }: { leadIds: string[] }) {
	const hydrated = useHydrated()
	const [confirming, setConfirming] = useState(false)
	const fetcher = useFetcher<LeadActionResult>({ key: DELETE_FETCHER })
	if (leadIds.length === 0) return null
	return (
		<>
			<button
				type="button"
				className={buttonClass.danger}
				disabled={!hydrated || fetcher.state !== 'idle'}
				onClick={() => setConfirming(true)}
			>
				<Trash2 className="h-4 w-4" aria-hidden="true" /> Delete Selected ({leadIds.length})
			</button>
			<ConfirmDialog
				open={confirming}
				title="Delete leads"
				description={deleteConfirmation(leadIds.length)}
				confirmLabel="Delete"
				onCancel={() => setConfirming(false)}
				onConfirm={() => {
					setConfirming(false)
					const form = new FormData()
					form.set('intent', 'delete')
					for (const id of leadIds) form.append('leadId', id)
					fetcher.submit(form, { method: 'post', action: LEADS_ACTION }).catch(ignoreAborted)
				}}
			/>
		</>
	)
}
