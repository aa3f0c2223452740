import { createRequire } from 'node:module'
import { UNSAFE_TEXT_MESSAGE, hasUnsafeText } from '#app/features/validation/safe-text.ts'

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128

export const CONTAINS_EMAIL = 'The password must not contain your e-mail address'
export const CONTAINS_COMPANY = "The password must not contain the company's name"

/** Whose password it is: the first thing a guesser tries is the account's e-mail and the company's name. */
export type PasswordOwner = { email: string; companyName: string }

let commonPasswords: { test(password: string): boolean } | null = null

/** Lower case, letters and digits only: `Jane.Doe` and `jane-doe` are the same guess. */
const compact = (text: string) =>
	text
		.normalize('NFKC')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]/gu, '')

/** Words of a company name that say nothing about this company (a password with "lending" in it is not refused for that). */
const GENERIC_WORDS = new Set(
	'the and of co inc llc ltd corp company corporation group partners holdings lending lender lenders loan loans capital financial finance funding mortgage mortgages bank investments investment property properties realty home homes'.split(
		' ',
	),
)

/** The parts of a company name a password must not contain: the whole name, and each distinctive word of four letters or more. */
function companyParts(name: string) {
	const words = name
		.normalize('NFKC')
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter((word) => word.length >= 4 && !GENERIC_WORDS.has(word))
	return [compact(name), ...words].filter((part) => part.length >= 4)
}

/**
 * OWASP: at least 8 characters, not one of the most common passwords (Mozilla's list), and nothing
 * a guesser would try first for this account: its e-mail's local part, the company's name (docs/decisions/0076).
 */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
	if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
	if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`
	if (hasUnsafeText(password)) return UNSAFE_TEXT_MESSAGE
	commonPasswords ??= createRequire(import.meta.url)('fxa-common-password-list') as { test(password: string): boolean }
	if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) {
		return 'This password is too common; choose one that is harder to guess'
	}
	const guessable = compact(password)
	const localPart = compact(owner.email.split('@')[0] ?? '')
	if (localPart.length >= 3 && guessable.includes(localPart)) return CONTAINS_EMAIL
	if (companyParts(owner.companyName).some((part) => guessable.includes(part))) return CONTAINS_COMPANY
	return null
}
