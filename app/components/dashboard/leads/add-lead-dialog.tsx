import { Plus } from 'lucide-react'
import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { Modal } from '#app/components/ui/dialog.tsx'
import { buttonClass } from '#app/components/ui/styles.ts'
import { createLeadSchema } from '#app/features/leads/work/lead-admin-schema.ts'
import { CONTACT_MESSAGE_SOURCE_PAGE, MANUAL_SOURCE_PAGE } from '#app/features/leads/model/lead-form-options.ts'
import { type AddLeadPrefill, AddLeadFields } from './add-lead-fields.tsx'
import { LEADS_ACTION } from './lead-fetchers.ts'
import { useLeadFetcher } from './use-lead-action-toast.ts'
import { useHydrated } from '#app/components/ui/use-hydrated.ts'

/**
 * spec 2 §2 Add Lead dialog; spec 2 §4: a created lead closes the dialog, resets the form and reloads the list.
 * docs/decisions/0109: a lead taken by phone, or (with `prefill`) made of a contact-form message ("Create lead").
 */
export function AddLeadDialog({ prefill, label = 'Add Lead' }: { prefill?: AddLeadPrefill; label?: string } = {}) {
	const hydrated = useHydrated()
	const [open, setOpen] = useState(false)
	const [clientError, setClientError] = useState<string | null>(null)
	const form = useRef<HTMLFormElement>(null)
	const fetcher = useLeadFetcher(prefill?.contactMessageId ? `create-lead-${prefill.contactMessageId}` : 'create-lead', () => {
		form.current?.reset()
		setOpen(false)
	})
	const saving = fetcher.state !== 'idle'
	const serverError = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null
	const error = clientError ?? serverError
	return (
		<>
			<button
				type="button"
				className={buttonClass.primary}
				disabled={!hydrated}
				onClick={() => {
					setClientError(null)
					setOpen(true)
				}}
			>
				<Plus className="h-4 w-4" aria-hidden="true" /> {label}
			</button>
			<Modal
				open={open}
				onOpenChange={setOpen}
				title="Add New Lead"
				description="First name, last name, email, phone, the loan program, property type and the property's state are required."
				size="max-w-2xl"
			>
				<fetcher.Form
					ref={form}
					method="post"
					action={LEADS_ACTION}
					noValidate
					onSubmit={(event) => {
						// The same schema as the action, so the message is the same before and after the round trip.
						const parsed = createLeadSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
						if (parsed.success) {
							setClientError(null)
							return
						}
						event.preventDefault()
						setClientError(parsed.error.issues[0]!.message)
						toast.error(parsed.error.issues[0]!.message)
					}}
				>
					<input type="hidden" name="intent" value="create" />
					{error ? (
						<p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
							{error}
						</p>
					) : null}
					<AddLeadFields
						defaultSource={prefill?.contactMessageId ? CONTACT_MESSAGE_SOURCE_PAGE : MANUAL_SOURCE_PAGE}
						disabled={saving}
						prefill={prefill}
					/>
					<div className="mt-6 flex justify-end gap-3">
						<button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)}>
							Cancel
						</button>
						<button type="submit" className={buttonClass.primary} disabled={saving}>
							{saving ? 'Adding...' : 'Add Lead'}
						</button>
					</div>
				</fetcher.Form>
			</Modal>
		</>
	)
}
