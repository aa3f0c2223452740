import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { formatPhone } from '#app/features/validation/form-fields.ts'
import { AddLeadDialog } from './add-lead-dialog.tsx'

type InboxMessage = { id: string; name: string; email: string; phone: string; message: string; leadId: string | null }

/** "Rita van der Berg" -> first "Rita", last "van der Berg"; a single word is the first name. */
export function splitName(name: string) {
	const words = name.trim().split(/\s+/)
	return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') }
}

/**
 * docs/decisions/0109: a contact-form message becomes a lead in one step: "Create lead" opens Add Lead filled from the
 * message; once made, the message links to its lead instead.
 */
export function MessageLead({ message, canAddLeads }: { message: InboxMessage; canAddLeads: boolean }) {
	if (message.leadId)
		return (
			<Link
				to={`/dashboard/leads?lead=${encodeURIComponent(message.leadId)}`}
				className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
			>
				View lead <ArrowRight className="h-4 w-4" aria-hidden="true" />
			</Link>
		)
	if (!canAddLeads) return null
	return (
		<AddLeadDialog
			label="Create lead"
			prefill={{
				...splitName(message.name),
				email: message.email,
				phone: formatPhone(message.phone),
				message: message.message,
				contactMessageId: message.id,
			}}
		/>
	)
}
