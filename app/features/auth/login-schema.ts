import { z } from 'zod'
import { emailField } from '#app/features/validation/form-fields.ts'
import { safeText } from '#app/features/validation/safe-text.ts'

/** spec 2 §5: e-mail and password are required. */
export const loginSchema = z.object({
	email: emailField('Email is required'),
	password: safeText().min(1, 'Password is required').max(256, 'Password is too long'),
})

export const LOGIN_RATE_LIMIT = { limit: 10, windowSeconds: 900 } as const

/**
 * docs/decisions/0076: wrong passwords for one account, from any number of addresses. Twenty are free
 * (twice what one address may try, so one address alone never slows an account down); then each
 * attempt waits 30 seconds, doubled per further failure, at most 15 minutes; a day without a failure
 * forgets them. A right password, or a password reset by e-mail, clears them.
 */
export const LOGIN_ACCOUNT_SLOWDOWN = {
	free: 2 * LOGIN_RATE_LIMIT.limit,
	baseSeconds: 30,
	maxSeconds: 900,
	forgetSeconds: 24 * 60 * 60,
} as const

/** The per-account counter of failed sign-ins (the e-mail as typed, so an unknown one is counted alike). */
export const LOGIN_ACCOUNT_SCOPE = 'login-account'
