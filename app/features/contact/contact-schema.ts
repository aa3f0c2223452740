import { z } from 'zod'
import { emailField, fieldErrors, personNameField, phoneField } from '#app/features/validation/form-fields.ts'
import { safeText } from '#app/features/validation/safe-text.ts'

/** spec 2 §5: the contact form; shared by the form and the action that receives it. */
export const contactMessageSchema = z.object({
	name: personNameField({ label: 'Name', min: 2, max: 120, full: true }),
	email: emailField(),
	phone: phoneField({ invalid: 'Please enter a valid phone number' }),
	message: safeText().trim().min(10, 'Message must be at least 10 characters').max(5000, 'Message must be at most 5000 characters'),
})

export type ContactMessageInput = z.infer<typeof contactMessageSchema>
export type ContactFieldErrors = Partial<Record<keyof ContactMessageInput, string>>

/** The first message per field, in the shape the form shows. */
export const contactFieldErrors = (error: z.ZodError): ContactFieldErrors =>
	fieldErrors<keyof ContactMessageInput>(error, { topLevel: true })

/** A field no person sees; a bot that fills it in is refused. */
export const CONTACT_HONEYPOT_FIELD = 'website'
/** The window of the per-address limit; how many messages it takes is CONTACT_RATE_LIMIT_PER_10_MINUTES (5 by default). */
export const CONTACT_RATE_LIMIT = { windowSeconds: 600 } as const
