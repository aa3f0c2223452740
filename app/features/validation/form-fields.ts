import { z } from 'zod'
import { singleLineText } from './safe-text.ts'

export const EMAIL_MESSAGE = 'Please enter a valid email address'
export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number'

/** Digits of a US phone number without the country code. */
export const phoneDigits = (phone: string) => {
	const digits = phone.replace(/\D/g, '')
	return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
}

/** An address lower-cased and trimmed; a phone as its 10 digits (lead search, repeat detection, rate limits). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()
export const normalizePhone = (phone: string) => phoneDigits(phone)

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * docs/decisions/0049: the mailbox an address delivers to, for the per-e-mail lead limit and repeat detection only (the
 * address is stored as typed): lower-cased, without a +tag, and at Gmail without dots, since all of those reach one inbox.
 */
export function mailboxKey(email: string) {
	const address = normalizeEmail(email)
	const at = address.lastIndexOf('@')
	if (at <= 0) return address
	const domain = address.slice(at + 1)
	let local = address.slice(0, at).replace(/\+.*$/, '') || address.slice(0, at)
	if (GMAIL_DOMAINS.has(domain)) local = local.replaceAll('.', '') || local
	return `${local}@${GMAIL_DOMAINS.has(domain) ? 'gmail.com' : domain}`
}

/** The e-mail rule of every form: one line, trimmed, at most 254 characters, a valid address. */
export const emailField = (requiredMessage?: string) => {
	const trimmed = singleLineText().trim()
	return (requiredMessage ? trimmed.min(1, requiredMessage) : trimmed).max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE))
}

/**
 * The phone rule of every form: a US number of 10 digits, written any way ((949) 555-0123, +1 949 555 0123).
 * `invalid` is the form's own wording (the contact form's is spec copy).
 */
export const phoneField = ({ required, invalid = PHONE_MESSAGE }: { required?: string; invalid?: string } = {}) => {
	const trimmed = singleLineText().trim()
	return (required ? trimmed.min(1, required) : trimmed).max(40, invalid).refine((value) => phoneDigits(value).length === 10, invalid)
}

type Issues = { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }
export type FieldMessages<Field extends string = string> = string extends Field ? Record<string, string> : Partial<Record<Field, string>>

/**
 * `{ field: message }`: the first message per field, nested paths joined by dots ('dscr.minRate'). `fallback` names an issue
 * about the input as a whole; `unwrap` drops a wrapping key from every path (the long form's `formData`); `topLevel` names
 * only the form field (an issue about `states.1` is the `states` field's).
 */
export function fieldErrors<Field extends string = string>(
	error: Issues,
	{ fallback = 'form', unwrap, topLevel = false }: { fallback?: string; unwrap?: string; topLevel?: boolean } = {},
): FieldMessages<Field> {
	const errors: Record<string, string> = {}
	for (const issue of error.issues) {
		const parts = issue.path.filter((part) => part !== unwrap)
		const path = (topLevel ? parts.slice(0, 1) : parts).join('.') || fallback
		errors[path] ??= issue.message
	}
	return errors as FieldMessages<Field>
}
