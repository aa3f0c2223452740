import { z } from 'zod'
import { ROLES } from '#app/features/auth/roles.ts'
import { emailField, personNameField } from '#app/features/validation/form-fields.ts'
import { safeText, singleLineText } from '#app/features/validation/safe-text.ts'

/** spec 2 §5: Add User; the same schema checks the dialog and the action. */
export const addUserSchema = z.object({
	email: emailField(),
	fullName: personNameField({ label: 'Full name', min: 2, max: 120, full: true }),
	roles: z.array(z.enum(ROLES)).min(1, 'Select at least one role'),
})
export type AddUserInput = z.infer<typeof addUserSchema>

export const setRolesSchema = z.object({
	userId: singleLineText().min(1),
	roles: z.array(z.enum(ROLES)).min(1, 'Select at least one role'),
})

/** docs/decisions/0088: an admin resets a colleague's second factor only with a typed reason, kept in the activity log. */
export const RESET_REASON_MIN = 10
export const RESET_REASON_MAX = 500
export const RESET_REASON_MESSAGE = `Type why this account's second factor is reset (at least ${RESET_REASON_MIN} characters)`
export const resetSecondFactorSchema = z.object({
	userId: singleLineText().min(1),
	reason: safeText()
		.trim()
		.min(RESET_REASON_MIN, RESET_REASON_MESSAGE)
		.max(RESET_REASON_MAX, `The reason must be at most ${RESET_REASON_MAX} characters`),
})
