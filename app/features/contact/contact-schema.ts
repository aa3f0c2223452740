import { z } from 'zod'

// The browser's Content-Security-Policy forbids eval; without this zod probes for it and trips the CSP.
z.config({ jitless: true })

/** spec 2 §5: the contact form; shared by the form and the action that receives it. */
export const contactMessageSchema = z.object({
	name: z.string().trim().min(2, 'Name must be at least 2 characters').max(120, 'Name must be at most 120 characters'),
	email: z.string().trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
	phone: z.string().trim().min(10, 'Please enter a valid phone number').max(40, 'Please enter a valid phone number'),
	message: z
		.string()
		.trim()
		.min(10, 'Message must be at least 10 characters')
		.max(5000, 'Message must be at most 5000 characters'),
})

export type ContactMessageInput = z.infer<typeof contactMessageSchema>
export type ContactFieldErrors = Partial<Record<keyof ContactMessageInput, string>>

/** The first message per field, in the shape the form shows. */
export function contactFieldErrors(error: z.ZodError): ContactFieldErrors {
	const errors: ContactFieldErrors = {}
	for (const issue of error.issues) {
		const field = issue.path[0] as keyof ContactMessageInput
		errors[field] ??= issue.message
	}
	return errors
}

/** A field no person sees; a bot that fills it in is refused. */
export const CONTACT_HONEYPOT_FIELD = 'website'
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 600 } as const
