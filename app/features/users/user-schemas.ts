import { z } from 'zod'
import { ROLES } from '#app/features/auth/roles.ts'
import { emailField } from '#app/features/validation/form-fields.ts'
import { singleLineText } from '#app/features/validation/safe-text.ts'

/** spec 2 §5: Add User; the same schema checks the dialog and the action. */
export const addUserSchema = z.object({
	email: emailField(),
	fullName: singleLineText().trim().min(2, 'Full name must be at least 2 characters').max(120, 'Full name must be at most 120 characters'),
	roles: z.array(z.enum(ROLES)).min(1, 'Select at least one role'),
})
export type AddUserInput = z.infer<typeof addUserSchema>

export const setRolesSchema = z.object({
	userId: singleLineText().min(1),
	roles: z.array(z.enum(ROLES)).min(1, 'Select at least one role'),
})
