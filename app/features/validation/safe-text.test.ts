import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { loginSchema } from '#app/features/auth/login-schema.ts'
import { contactMessageSchema } from '#app/features/contact/contact-schema.ts'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { contentKeys, contentSchemas } from '#app/features/content/content-schemas.ts'
import { createLeadSchema, parseLeadListQuery } from '#app/features/leads/work/lead-admin-schema.ts'
import { leadNoteEditSchema, leadNoteSchema } from '#app/features/leads/model/lead-notes.ts'
import { contactInfoSchema } from '#app/features/leads/intake/lead-schema.ts'
import { addUserSchema, setRolesSchema } from '#app/features/users/user-schemas.ts'
import {
	UNSAFE_TEXT_MESSAGE,
	findUnsafeText,
	hasUnsafeSingleLineText,
	hasUnsafeText,
	rejectingUnsafeText,
	safeText,
	singleLineText,
	withoutUnsafeText,
} from './safe-text.ts'

const NUL = '\u0000'
const LONE_HIGH = '\uD83D'
const LONE_LOW = '\uDE00'
const EMOJI = '\uD83D\uDE00'

describe('the text primitives', () => {
	test.each([
		['NUL', `Jane${NUL}`],
		['a lone high surrogate', `Jane${LONE_HIGH}`],
		['a lone low surrogate', `${LONE_LOW}Jane`],
		['a high surrogate followed by a non-surrogate', `${LONE_HIGH}a`],
		['two high surrogates', `${LONE_HIGH}${LONE_HIGH}${LONE_LOW}`],
	])('%s is refused by both primitives with the one message', (_label, value) => {
		expect(hasUnsafeText(value)).toBe(true)
		for (const schema of [safeText(), singleLineText()]) {
			const result = schema.safeParse(value)
			expect(result.success).toBe(false)
			expect(result.error!.issues[0]!.message).toBe(UNSAFE_TEXT_MESSAGE)
		}
	})

	test('a surrogate pair (an emoji), accents and other scripts are ordinary text', () => {
		for (const value of [`Great service ${EMOJI}`, 'José Müller', '李雷', 'Ωmega']) {
			expect(safeText().safeParse(value).success).toBe(true)
			expect(singleLineText().safeParse(value).success).toBe(true)
		}
	})

	test.each([
		['BEL', '\u0007'],
		['backspace', '\b'],
		['vertical tab', '\v'],
		['form feed', '\f'],
		['escape', '\u001B'],
		['DEL', '\u007F'],
		['a C1 control', '\u0085'],
	])('a single-line field refuses %s; multi-line text keeps it', (_label, control) => {
		expect(hasUnsafeSingleLineText(`a${control}b`)).toBe(true)
		expect(singleLineText().safeParse(`a${control}b`).success).toBe(false)
		expect(safeText().safeParse(`a${control}b`).success).toBe(true)
	})

	test('tab, line feed and carriage return pass in every field', () => {
		for (const value of ['Jane\tInvestor', 'line one\r\nline two\n']) {
			expect(singleLineText().safeParse(value).success).toBe(true)
			expect(safeText().safeParse(value).success).toBe(true)
		}
	})

	test('the check runs before trim, so the message is the characters, not a later rule', () => {
		const result = singleLineText().trim().min(2, 'Too short').safeParse(NUL)
		expect(result.error!.issues[0]!.message).toBe(UNSAFE_TEXT_MESSAGE)
	})

	test('withoutUnsafeText removes what a one-line field may not hold and keeps the rest', () => {
		expect(withoutUnsafeText(`ja${NUL}ne\u0007 ${LONE_HIGH}doe ${EMOJI}`)).toBe(`jane doe ${EMOJI}`)
	})
})

describe('findUnsafeText: any string or key of a JSON body', () => {
	test('clean bodies pass', () => {
		expect(findUnsafeText({ a: ['x', { b: 'y', c: 1, d: null, e: true }], f: EMOJI })).toBeNull()
		expect(findUnsafeText('plain')).toBeNull()
		expect(findUnsafeText(42)).toBeNull()
	})

	test('reports the path of the first bad string, however deep and under whatever key', () => {
		expect(findUnsafeText({ formData: { unknownField: `x${NUL}` } })).toEqual(['formData', 'unknownField'])
		expect(findUnsafeText({ a: [{ b: 'ok' }, { c: ['ok', LONE_LOW] }] })).toEqual(['a', 1, 'c', 1])
		expect(findUnsafeText(`${NUL}`)).toEqual([])
	})

	test('a bad key is reported with its bad characters removed', () => {
		expect(findUnsafeText({ formData: { [`evil${NUL}key`]: 'value' } })).toEqual(['formData', 'evilkey'])
		expect(findUnsafeText({ [NUL]: 'value' })).toEqual(['(key)'])
	})

	test('deep nesting does not overflow the stack', () => {
		let value: unknown = `deep${NUL}`
		for (let depth = 0; depth < 50_000; depth++) value = [value]
		expect(findUnsafeText(value)?.length).toBe(50_000)
	})

	test('rejectingUnsafeText fails a schema on a key it would otherwise drop', () => {
		const schema = rejectingUnsafeText(z.object({ name: z.string() }))
		expect(schema.safeParse({ name: 'Jane', extra: `x${NUL}` }).error!.issues[0]).toMatchObject({
			path: ['extra'],
			message: UNSAFE_TEXT_MESSAGE,
		})
		expect(schema.safeParse({ name: 'Jane', extra: 'fine' }).success).toBe(true)
	})
})

// Every string leaf of a valid sample, as a path.
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
	if (typeof value === 'string') return [path]
	if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]))
	if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]))
	return []
}

function withValueAt(sample: unknown, path: (string | number)[], value: string): unknown {
	const copy = structuredClone(sample) as Record<string | number, unknown>
	let node = copy
	for (const part of path.slice(0, -1)) node = node[part] as Record<string | number, unknown>
	node[path.at(-1)!] = value
	return copy
}

const content = defaultContent()
const schemas: Array<[string, z.ZodType, unknown]> = [
	[
		'contact form',
		contactMessageSchema,
		{ name: 'Jane Investor', email: 'jane@example.com', phone: '(949) 555-0123', message: 'A quote for a duplex, please.' },
	],
	[
		'wizard contact step',
		contactInfoSchema,
		{ firstName: 'Jane', lastName: 'Investor', email: 'jane@example.com', phone: '(949) 555-0123' },
	],
	[
		'Add Lead',
		createLeadSchema,
		{
			firstName: 'Phone',
			lastName: 'Caller',
			email: 'caller@example.com',
			phone: '(949) 555-0100',
			loanProgram: 'dscr',
			propertyType: 'multi-family',
			transactionType: 'purchase',
			propertyState: 'TX',
			propertyAddress: '400 Elm St, Austin',
			purchasePrice: '$410,000',
			monthlyRent: '$3,100',
			message: 'Called about a duplex',
			sourcePage: 'Trade show',
		},
	],
	['lead note', leadNoteSchema, { leadId: '0b6c0c0e-6f7e-4a8b-9a51-2f6a9c1d7e11', body: 'Call back Monday' }],
	['lead note correction', leadNoteEditSchema, { noteId: '0b6c0c0e-6f7e-4a8b-9a51-2f6a9c1d7e11', body: 'Call back Tuesday' }],
	['Add User', addUserSchema, { email: 'new@example.com', fullName: 'New Staff', roles: ['admin'] }],
	['user roles', setRolesSchema, { userId: 'user-1', roles: ['admin'] }],
	['login', loginSchema, { email: 'staff@example.com', password: 'Correct-Horse-Battery-9' }],
	...contentKeys.map((key): [string, z.ZodType, unknown] => [`content: ${key}`, contentSchemas[key], content[key]]),
]

describe('every schema refuses NUL and lone surrogates in every text field', () => {
	test.each(schemas)('%s', (_name, schema, sample) => {
		expect(schema.safeParse(sample).success).toBe(true)
		const paths = stringPaths(sample).filter((path) => path.at(-1) !== 'leadId' && path.at(-2) !== 'roles')
		expect(paths.length).toBeGreaterThan(0)
		for (const path of paths) {
			for (const bad of [NUL, LONE_HIGH]) {
				const result = schema.safeParse(withValueAt(sample, path, `text${bad}`))
				expect(result.success, `${path.join('.')} with ${JSON.stringify(bad)}`).toBe(false)
				expect(
					result.error!.issues.some((issue) => issue.path.join('.') === path.join('.')),
					path.join('.'),
				).toBe(true)
			}
		}
	})
})

describe('the leads screen search', () => {
	test('drops NUL and control characters instead of failing the page', () => {
		expect(parseLeadListQuery(new URLSearchParams({ search: `jane${NUL}\u0007 doe` })).search).toBe('jane doe')
	})
})
