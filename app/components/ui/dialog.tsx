import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type { ReactNode } from 'react'
import { buttonClass } from './styles.ts'

type ModalProps = {
	open: boolean
	onOpenChange: (open: boolean) => void
	title: ReactNode
	description?: ReactNode
	/** Tailwind max-width class of the panel. */
	size?: string
	children: ReactNode
}

/** A modal dialog: focus stays inside, Escape and the close button close it, the title names it. */
export function Modal({ open, onOpenChange, title, description, size = 'max-w-lg', children }: ModalProps) {
	return (
		<DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
			<DialogPrimitive.Portal>
				<DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
				<DialogPrimitive.Content
					className={`fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[95vw] ${size} -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none`}
					// Without a description Radix warns; an explicit undefined says there is none on purpose.
					{...(description ? {} : { 'aria-describedby': undefined })}
				>
					<div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
						<div className="min-w-0">
							<DialogPrimitive.Title className="text-lg font-bold text-slate-900">{title}</DialogPrimitive.Title>
							{description ? (
								<DialogPrimitive.Description className="mt-1 text-sm text-slate-700">{description}</DialogPrimitive.Description>
							) : null}
						</div>
						<DialogPrimitive.Close className={buttonClass.icon} aria-label="Close dialog">
							<X className="h-4 w-4" aria-hidden="true" />
						</DialogPrimitive.Close>
					</div>
					<div className="overflow-y-auto px-6 py-4">{children}</div>
				</DialogPrimitive.Content>
			</DialogPrimitive.Portal>
		</DialogPrimitive.Root>
	)
}

export const ModalClose = DialogPrimitive.Close
