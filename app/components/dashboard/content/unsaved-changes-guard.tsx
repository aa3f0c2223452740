import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'

/** Asks before leaving a screen whose edits are not saved yet (another dashboard page, Sign Out, closing the tab). */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
	const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)

	useEffect(() => {
		if (!dirty) return
		const warn = (event: BeforeUnloadEvent) => event.preventDefault()
		window.addEventListener('beforeunload', warn)
		return () => window.removeEventListener('beforeunload', warn)
	}, [dirty])

	return (
		<ConfirmDialog
			tone="primary"
			open={blocker.state === 'blocked'}
			title="Leave without saving?"
			description="Your changes on this screen have not been saved. If you leave now, they are lost."
			confirmLabel="Leave without saving"
			cancelLabel="Stay on this page"
			onConfirm={() => blocker.proceed?.()}
			onCancel={() => blocker.reset?.()}
		/>
	)
}
