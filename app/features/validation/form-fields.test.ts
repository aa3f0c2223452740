import { z } from 'zod'
import { describe, expect, test } from 'vitest'
import { contactMessageSchema } from '#app/features/contact/contact-schema.ts'
import { contactInfoSchema, loanFormDataSchema } from '#app/features/leads/intake/lead-schema.ts'
import { createLeadSchema } from '#app/features/leads/work/lead-admin-schema.ts'
import { addUserSchema } from '#app/features/users/user-schemas.ts'
import {
	EMAIL_MESSAGE,
	PHONE_MESSAGE,
	emailField,
	fieldErrors,
	e164Phone,
	formatPhone,
	mailboxKey,
	nameMessages,
	normalizeEmail,
	phoneDigits,
	phoneField,
} from './form-fields.ts'

const contact = { name: 'Jane Investor', email: 'jane@example.com', phone: '(949) 555-0123', message: 'I would like a quote, please.' }
const lead = { firstName: 'Jane', lastName: 'Investor', email: 'jane@example.com', phone: '(949) 555-0123' }

describe('phone rule', () => {
	test('ten digits however written, with or without the country code', () => {
		for (const phone of ['(949) 555-0123', '949.555.0123', '+1 949 555 0123', '19495550123']) {
			expect(phoneField().safeParse(phone).success, phone).toBe(true)
		}
		expect(phoneDigits('+1 (949) 555-0123')).toBe('9495550123')
	})

	test('eleven digits are a US number only with the leading country code 1; any other first digit is refused', () => {
		expect(phoneField().parse('12025550123')).toBe('+12025550123')
		expect(phoneField().parse('+1 (202) 555-0123')).toBe('+12025550123')
		for (const phone of ['22025550123', '92025550123', '+2 202 555 0123', '0 202 555 0123']) {
			expect(phoneField().safeParse(phone).success, phone).toBe(false)
			expect(phoneDigits(phone), phone).toHaveLength(11)
			expect(fieldErrors(contactInfoSchema.safeParse({ ...lead, phone }).error!).phone, phone).toBe(PHONE_MESSAGE)
		}
	})

	test('ten characters that are not ten digits are refused on the contact form and on the lead alike', () => {
		for (const phone of ['abcdefghij', '555-01234', '949 555 012', '+44 20 7946 0958']) {
			expect(phoneField().safeParse(phone).success, phone).toBe(false)
			const contactErrors = fieldErrors(contactMessageSchema.safeParse({ ...contact, phone }).error!)
			const leadErrors = fieldErrors(contactInfoSchema.safeParse({ ...lead, phone }).error!)
			expect(contactErrors.phone).toBe('Please enter a valid phone number')
			expect(leadErrors.phone).toBe(PHONE_MESSAGE)
		}
	})

	test('stored in E.164 however it was typed, shown as (949) 555-0123 (docs/decisions/0077)', () => {
		for (const phone of ['(949) 555-0123', '949.555.0123', '+1 949 555 0123', '19495550123', ' 949-555-0123 ']) {
			expect(phoneField().parse(phone), phone).toBe('+19495550123')
			expect(contactInfoSchema.parse({ ...lead, phone }).phone, phone).toBe('+19495550123')
			expect(contactMessageSchema.parse({ ...contact, phone }).phone, phone).toBe('+19495550123')
			expect(formatPhone(phone)).toBe('(949) 555-0123')
		}
		expect(formatPhone('+19495550123')).toBe('(949) 555-0123')
		// Text that is not a US number (rows from before, a foreign number) is shown and kept as it is.
		expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
		expect(e164Phone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
		expect(formatPhone(null)).toBe('')
	})

	test('a required phone names what is missing', () => {
		expect(fieldErrors(phoneField({ required: 'Phone is required' }).safeParse('').error!)).toEqual({ form: 'Phone is required' })
	})
})

describe('person-name rule (docs/decisions/0077)', () => {
	const first = nameMessages('First name')
	const refused: Array<[string, string]> = [
		['Your account is on hold - verify at https://evil.example/verify', first.link],
		['Visit www.evil-site.net', first.link],
		['evil.example', first.link],
		['jane@example.com', first.email],
		['Call 555-0100', first.characters],
		['Act now!', first.characters],
		['Verify: account', first.characters],
		['Your account is on hold', first.sentence],
	]
	const accepted = [
		'Jane',
		"O'Brien",
		'Jean-Luc',
		'María José',
		'José',
		'J. R.',
		'Smith, Jr.',
		'Nguyễn',
		'李',
		'Maria de los Angeles',
		'D’Angelo',
	]

	test('the wizard’s contact step and the lead API refuse a link, an e-mail address or a sentence as a name, saying which', () => {
		for (const [firstName, message] of refused) {
			expect(fieldErrors(contactInfoSchema.safeParse({ ...lead, firstName }).error!).firstName, firstName).toBe(message)
			expect(fieldErrors(contactInfoSchema.safeParse({ ...lead, lastName: firstName }).error!).lastName, firstName).toBe(
				message.replace('First name', 'Last name'),
			)
			// The answers of the long form carry the names too.
			expect(fieldErrors(loanFormDataSchema.safeParse({ loanProgram: 'dscr', firstName }).error!).firstName, firstName).toBe(message)
		}
		for (const firstName of accepted) expect(contactInfoSchema.safeParse({ ...lead, firstName }).success, firstName).toBe(true)
	})

	test('the contact form, Add Lead and Add User refuse them alike; a full name takes up to six words', () => {
		const name = nameMessages('Name')
		const full = nameMessages('Full name')
		const user = { email: 'officer@example.com', fullName: 'Jane Officer', roles: ['user'] }
		const manual = { ...lead, status: 'new' }
		for (const [typed, message] of refused.filter(([, message]) => message !== first.sentence)) {
			expect(fieldErrors(contactMessageSchema.safeParse({ ...contact, name: typed }).error!).name, typed).toBe(
				message.replace('First name', 'Name'),
			)
			expect(fieldErrors(addUserSchema.safeParse({ ...user, fullName: typed }).error!).fullName, typed).toBe(
				message.replace('First name', 'Full name'),
			)
			expect(fieldErrors(createLeadSchema.safeParse({ ...manual, firstName: typed }).error!).firstName, typed).toBe(message)
		}
		expect(contactMessageSchema.safeParse({ ...contact, name: 'María José de los Angeles García' }).success).toBe(true)
		expect(fieldErrors(contactMessageSchema.safeParse({ ...contact, name: 'Your account is on hold, please call' }).error!).name).toBe(
			name.sentence,
		)
		expect(fieldErrors(addUserSchema.safeParse({ ...user, fullName: 'Please verify your account at once now' }).error!).fullName).toBe(
			full.sentence,
		)
	})
})

describe('e-mail rule', () => {
	test('trimmed, then checked; longer than 254 characters is refused', () => {
		expect(emailField().parse('  jane@example.com ')).toBe('jane@example.com')
		expect(emailField().safeParse('jane@').success).toBe(false)
		expect(emailField().safeParse(`${'a'.repeat(250)}@example.com`).success).toBe(false)
		expect(fieldErrors(emailField().safeParse('not an address').error!)).toEqual({ form: EMAIL_MESSAGE })
	})

	test('required only when asked, with the caller’s message', () => {
		expect(fieldErrors(emailField('Email is required').safeParse('  ').error!)).toEqual({ form: 'Email is required' })
	})

	test('normalised for storage and comparison', () => {
		expect(normalizeEmail(' Jane@Example.COM ')).toBe('jane@example.com')
	})

	test('docs/decisions/0049: the mailbox key drops a +tag everywhere, and dots at Gmail only', () => {
		expect(mailboxKey(' Jane+Quotes@Example.COM ')).toBe('jane@example.com')
		expect(mailboxKey('j.ane+a+b@example.com')).toBe('j.ane@example.com')
		expect(mailboxKey('J.a.n.e+x@gmail.com')).toBe('jane@gmail.com')
		expect(mailboxKey('ja.ne@GoogleMail.com')).toBe('jane@gmail.com')
		expect(mailboxKey('+only@example.com')).toBe('+only@example.com')
	})
})

describe('fieldErrors', () => {
	const schema = z.object({ a: z.string().min(2, 'too short').max(3, 'too long'), nested: z.object({ b: z.number('a number') }) })

	test('the first message per field, nested paths joined by dots', () => {
		const result = schema.safeParse({ a: 1, nested: { b: 'x' } })
		expect(fieldErrors(result.error!)).toEqual({ a: expect.any(String), 'nested.b': 'a number' })
		expect(fieldErrors(schema.safeParse({ a: 'x', nested: { b: 1 } }).error!)).toEqual({ a: 'too short' })
	})

	test('a wrapping key is dropped and an issue about the whole input gets the fallback name', () => {
		const wrapped = z.object({ formData: schema })
		expect(fieldErrors(wrapped.safeParse({ formData: { a: 'xy', nested: { b: 'x' } } }).error!, { unwrap: 'formData' })).toEqual({
			'nested.b': 'a number',
		})
		expect(fieldErrors(wrapped.safeParse('text').error!, { fallback: 'body' })).toEqual({ body: expect.any(String) })
	})

	test('topLevel names the form field of a nested issue', () => {
		const list = z.object({ states: z.array(z.string().length(2, 'two letters')) })
		expect(fieldErrors(list.safeParse({ states: ['TX', 'Texas'] }).error!)).toEqual({ 'states.1': 'two letters' })
		expect(fieldErrors(list.safeParse({ states: ['TX', 'Texas'] }).error!, { topLevel: true })).toEqual({ states: 'two letters' })
	})
})

/** The edges of each rule, tried from both sides, with the words the visitor reads. */
describe('the rules at their edges', () => {
	test('an e-mail address of 254 characters is accepted, 255 refused', () => {
		const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`
		const longest = `${'a'.repeat(64)}@${domain}`
		expect(longest).toHaveLength(254)
		expect(emailField().safeParse(longest).success).toBe(true)
		expect(fieldErrors(emailField().safeParse(`${'a'.repeat(64)}@e${domain}`).error!)).toEqual({ form: EMAIL_MESSAGE })
		expect(EMAIL_MESSAGE).toBe('Please enter a valid email address')
	})

	test('a phone written in 40 characters is accepted, in 41 refused', () => {
		const spaced = (length: number) => '949 555 0123'.padEnd(length, '.')
		expect(spaced(40)).toHaveLength(40)
		expect(phoneField().parse(spaced(40))).toBe('+19495550123')
		expect(fieldErrors(phoneField().safeParse(spaced(41)).error!)).toEqual({ form: 'Please enter a valid 10-digit phone number' })
	})

	test('an optional phone lets an empty answer through; a required or plain one does not', () => {
		expect(phoneField({ optional: true }).parse('')).toBe('')
		expect(phoneField().safeParse('').success).toBe(false)
	})

	test('a name with combining accents (typed on some keyboards) is a name', () => {
		const jose = 'Jose\u0301'
		expect(contactInfoSchema.safeParse({ ...lead, firstName: jose }).success).toBe(true)
	})

	test('a web address with a two-letter ending, or a scheme without a dot, is refused as a link', () => {
		const first = nameMessages('First name')
		for (const firstName of ['scam.io', 'https://localhost'])
			expect(fieldErrors(contactInfoSchema.safeParse({ ...lead, firstName }).error!).firstName, firstName).toBe(first.link)
		expect(first.link).toBe('First name cannot contain a web address')
	})

	test('the lead’s names: 100 characters accepted, 101 refused with the limit; the contact form’s name needs 2', () => {
		const name = (length: number) => 'J'.repeat(length)
		expect(contactInfoSchema.safeParse({ ...lead, firstName: name(100) }).success).toBe(true)
		expect(fieldErrors(contactInfoSchema.safeParse({ ...lead, firstName: name(101) }).error!).firstName).toBe(
			'First name must be at most 100 characters',
		)
		expect(fieldErrors(contactMessageSchema.safeParse({ ...contact, name: 'J' }).error!).name).toBe('Name must be at least 2 characters')
		expect(contactMessageSchema.safeParse({ ...contact, name: 'Jo' }).success).toBe(true)
	})

	test('the words the name rule says', () => {
		expect(nameMessages('Name')).toEqual({
			email: 'Name cannot be an e-mail address',
			link: 'Name cannot contain a web address',
			characters: 'Name can hold letters, spaces, apostrophes, hyphens and periods only',
			sentence: 'Name looks like a sentence; enter the name only',
		})
	})
})
