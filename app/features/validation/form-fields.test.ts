import { z } from 'zod'
import { describe, expect, test } from 'vitest'
import { contactMessageSchema } from '#app/features/contact/contact-schema.ts'
import { contactInfoSchema } from '#app/features/leads/intake/lead-schema.ts'
import {
	EMAIL_MESSAGE,
	PHONE_MESSAGE,
	emailField,
	fieldErrors,
	mailboxKey,
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

	test('ten characters that are not ten digits are refused on the contact form and on the lead alike', () => {
		for (const phone of ['abcdefghij', '555-01234', '949 555 012', '+44 20 7946 0958']) {
			expect(phoneField().safeParse(phone).success, phone).toBe(false)
			const contactErrors = fieldErrors(contactMessageSchema.safeParse({ ...contact, phone }).error!)
			const leadErrors = fieldErrors(contactInfoSchema.safeParse({ ...lead, phone }).error!)
			expect(contactErrors.phone).toBe('Please enter a valid phone number')
			expect(leadErrors.phone).toBe(PHONE_MESSAGE)
		}
	})

	test('a required phone names what is missing', () => {
		expect(fieldErrors(phoneField({ required: 'Phone is required' }).safeParse('').error!)).toEqual({ form: 'Phone is required' })
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
