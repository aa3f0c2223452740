import { z } from 'zod'
import { ROLES } from '#app/features/auth/roles.ts'

// The browser's Content-Security-Policy forbids eval; without this zod probes for it and trips the CSP.
z.config({ jitless: true })

/** spec 2 §5: Add User; the same schema checks the dialog and the action. */
export const addUserSchema = z.object({
	email: z.string().trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
	fullName: z.string().trim().min(2, 'Full name must be at least 2 characters').max(120, 'Full name must be at most 120 characters'),
	roles: z.array(z.enum(ROLES)).min(1, 'Select at least one role'),
})
export type AddUserInput = z.infer<typeof addUserSchema>

export const setRolesSchema = z.object({
	userId: z.string().min(1),
	roles: z.array(z.enum(ROLES)).min(1, 'Select at least one role'),
})
