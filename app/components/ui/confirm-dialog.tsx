import { AlertDialog } from 'radix-ui'
import { buttonClass } from './styles.ts'

type ConfirmDialogProps = {
	open: boolean
	title: string
	description: string
	confirmLabel: string
	cancelLabel?: string
	/** A destructive step gets a red confirm button. */
	tone?: 'danger' | 'primary'
	onConfirm: () => void
	onCancel: () => void
}

/** A yes/no question that keeps focus until answered; focus starts on Cancel. */
export function ConfirmDialog({
	open,
	title,
	description,
	confirmLabel,
	cancelLabel = 'Cancel',
	tone = 'danger',
	onConfirm,
	onCancel,
}: ConfirmDialogProps) {
	return (
		<AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
			<AlertDialog.Portal>
				<AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
				<AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[95vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
					<AlertDialog.Title className="text-lg font-bold text-slate-900">{title}</AlertDialog.Title>
					<AlertDialog.Description className="mt-2 text-slate-700">{description}</AlertDialog.Description>
					<div className="mt-6 flex justify-end gap-3">
						<AlertDialog.Cancel className={buttonClass.secondary}>{cancelLabel}</AlertDialog.Cancel>
						<AlertDialog.Action className={buttonClass[tone]} onClick={onConfirm}>
							{confirmLabel}
						</AlertDialog.Action>
					</div>
				</AlertDialog.Content>
			</AlertDialog.Portal>
		</AlertDialog.Root>
	)
}
