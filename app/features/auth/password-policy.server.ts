import { createRequire } from 'node:module'
import { UNSAFE_TEXT_MESSAGE, hasUnsafeText } from '#app/features/validation/safe-text.ts'

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128

let commonPasswords: { test(password: string): boolean } | null = null

/** OWASP: at least 8 characters and not one of the most common passwords (Mozilla's list). */
export function passwordProblem(password: string): string | null {
	if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
	if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`
	if (hasUnsafeText(password)) return UNSAFE_TEXT_MESSAGE
	commonPasswords ??= createRequire(import.meta.url)('fxa-common-password-list') as { test(password: string): boolean }
	if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) {
		return 'This password is too common; choose one that is harder to guess'
	}
	return null
}
