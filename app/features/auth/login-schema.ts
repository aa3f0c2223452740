import { z } from 'zod'
import { emailField } from '#app/features/validation/form-fields.ts'
import { safeText } from '#app/features/validation/safe-text.ts'

/** spec 2 §5: e-mail and password are required. */
export const loginSchema = z.object({
	email: emailField('Email is required'),
	password: safeText().min(1, 'Password is required').max(256, 'Password is too long'),
})

export const LOGIN_RATE_LIMIT = { limit: 10, windowSeconds: 900 } as const
