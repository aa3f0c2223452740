import { z } from 'zod'
import { ROLES } from '#app/features/auth/roles.ts'
import { emailField, personNameField } from '#app/features/validation/form-fields.ts'
import { singleLineText } from '#app/features/validation/safe-text.ts'

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
