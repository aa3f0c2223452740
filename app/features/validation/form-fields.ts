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

/** docs/decisions/0077: the stored form of a US phone number, E.164 (+19495550123); text of another length is kept as it is. */
export const e164Phone = (phone: string) => {
	const digits = phoneDigits(phone)
	return digits.length === 10 ? `+1${digits}` : phone
}

/** docs/decisions/0077: a phone as people read it, (949) 555-0123, from any way it was stored or typed; else as it is. */
export const formatPhone = (phone: string | null | undefined) => {
	if (!phone) return phone ?? ''
	const digits = phoneDigits(phone)
	return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone
}

/**
 * The phone rule of every form: a US number of 10 digits, written any way ((949) 555-0123, +1 949 555 0123), given
 * back in E.164 (+19495550123), the one form every phone is stored in (docs/decisions/0077). `invalid` is the form's
 * own wording (the contact form's is spec copy); `optional` lets an empty answer through as ''.
 */
export const phoneField = ({
	required,
	invalid = PHONE_MESSAGE,
	optional = false,
}: {
	required?: string
	invalid?: string
	optional?: boolean
} = {}) => {
	// A missing field (not a string at all) says what a blank one says.
	const trimmed = singleLineText(required ? { message: required } : undefined).trim()
	return (required ? trimmed.min(1, required) : trimmed)
		.max(40, invalid)
		.refine((value) => (optional && value === '') || phoneDigits(value).length === 10, invalid)
		.transform((value) => (value === '' ? value : e164Phone(value)))
}

/**
 * docs/decisions/0077: what a person's name may not look like. A name is read by staff beside our own words (and was
 * once greeted in a borrower's e-mail), so a link, an e-mail address or a sentence typed into it is refused, each with
 * its own message. Letters of any script, spaces, apostrophes, hyphens, periods and commas ("O'Brien", "Smith, Jr.",
 * "Jean-Luc", "J. R.") are what names are made of.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M}' ’.,-]*$/u
const WEB_ADDRESS = /:\/\/|\bwww\.|[\p{L}\d-]\.(?:[\p{L}]{2,})\b/iu
export const nameMessages = (label: string) => ({
	email: `${label} cannot be an e-mail address`,
	link: `${label} cannot contain a web address`,
	characters: `${label} can hold letters, spaces, apostrophes, hyphens and periods only`,
	sentence: `${label} looks like a sentence; enter the name only`,
})

/** Why a typed name is refused (docs/decisions/0077), or undefined; `words` is the most words the field takes. */
export function nameProblem(value: string, label: string, words: number): string | undefined {
	const messages = nameMessages(label)
	if (value.includes('@')) return messages.email
	if (WEB_ADDRESS.test(value)) return messages.link
	if (!NAME_CHARACTERS.test(value)) return messages.characters
	if (value.split(/\s+/).filter(Boolean).length > words) return messages.sentence
	return undefined
}

/**
 * The rule of every person-name field (first, last, full): one line, trimmed, within `min`-`max` characters, and
 * nothing that looks like a link, an e-mail address or a sentence. A first or last name takes up to 4 words
 * ("Maria de los Angeles"), a full name up to 6.
 */
export const personNameField = ({
	label,
	min = 1,
	max,
	full = false,
	required = `${label} is required`,
}: {
	label: string
	min?: number
	max: number
	full?: boolean
	required?: string
}) =>
	singleLineText({ message: required })
		.trim()
		.min(min, min === 1 ? required : `${label} must be at least ${min} characters`)
		.max(max, `${label} must be at most ${max} characters`)
		.check((context) => {
			if (context.value === '') return
			const message = nameProblem(context.value, label, full ? 6 : 4)
			if (message) context.issues.push({ code: 'custom', message, input: context.value })
		})

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
