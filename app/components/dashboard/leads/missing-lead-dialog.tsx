import { useLocation, useNavigate } from 'react-router'
import { Modal, ModalClose } from '#app/components/ui/dialog.tsx'
import { buttonClass } from '#app/components/ui/styles.ts'
import { LEAD_MESSAGES } from '#app/features/leads/work/lead-messages.ts'

/**
 * ?lead=<id> of a lead that cannot be opened: deleted, made up, or (for a loan officer) another officer's. One message
 * for all of them, so the screen never tells which (docs/decisions/0049); closing it removes the id from the URL.
 */
export function MissingLeadDialog() {
	const navigate = useNavigate()
	const location = useLocation()
	const close = () => {
		const params = new URLSearchParams(location.search)
		params.delete('lead')
		const search = params.toString()
		void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { preventScrollReset: true })
	}
	return (
		<Modal open onOpenChange={(open) => (open ? undefined : close())} title={LEAD_MESSAGES.noSuchLead}>
			<div className="space-y-4" data-testid="missing-lead">
				<p className="text-sm text-slate-700">This lead does not exist, or it is not one of the leads you can open.</p>
				<div className="flex justify-end">
					<ModalClose className={buttonClass.secondary}>Close</ModalClose>
				</div>
			</div>
		</Modal>
	)
}
