import { z } from 'zod'

// The browser's Content-Security-Policy forbids eval; without this zod probes for it and trips the CSP.
z.config({ jitless: true })

/** spec 2 §5: e-mail and password are required. */
export const loginSchema = z.object({
	email: z.string().trim().min(1, 'Email is required').max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
	password: z.string().min(1, 'Password is required').max(256, 'Password is too long'),
})

export const LOGIN_RATE_LIMIT = { limit: 10, windowSeconds: 900 } as const
