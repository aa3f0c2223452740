import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { isSafeMultiLineText } from './safe-text.ts'

/**
 * docs/decisions/0077: every single-line text field of every schema refuses zero-width and bidirectional-control
 * characters. The schemas are found, not listed: each module of app/features is imported, each exported zod schema
 * (and each exported `...Schema` function, called without options) is walked to its string fields, and each field is
 * tried with those characters. A field added tomorrow is tried too.
 */
const modules = import.meta.glob<Record<string, unknown>>(['/app/features/**/*.ts', '!**/*.test.ts', '!**/*.server.ts'], {
	eager: true,
})

const INVISIBLE = [
	'\u202E',
	'\u202D',
	'\u2066',
	'\u2067',
	'\u2068',
	'\u2069',
	'\u200B',
	'\u200C',
	'\u200D',
	'\u200E',
	'\u200F',
	'\u2060',
	'\uFEFF',
	'\u061C',
]
/** Values each kind of field would take, each with an invisible character inside. */
const probes = (c: string) => [
	`Inv${c}gnp.exe`,
	`Jo${c}hn`,
	`T${c}X`,
	`1${c}2`,
	`12345${c}`,
	`(555) 010-0123${c}`,
	`jo${c}hn@example.com`,
	`https://hooks.example.com/a${c}b`,
	`/fast${c}-quote`,
	`1.${c}25`,
	c,
]

type Schema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } }
const isSchema = (value: unknown): value is Schema =>
	typeof value === 'object' && value !== null && '_zod' in value && typeof (value as Schema)._zod?.def?.type === 'string'

/** Every string schema inside `schema`, with the path that reaches it. */
function stringFields(schema: Schema, path: string, found: Map<Schema, string>, seen = new Set<Schema>()) {
	if (seen.has(schema)) return
	seen.add(schema)
	const def = schema._zod.def as Record<string, unknown> & { type: string }
	const walk = (inner: unknown, suffix = '') => {
		if (isSchema(inner)) stringFields(inner, `${path}${suffix}`, found, seen)
	}
	switch (def.type) {
		case 'string':
			if (!found.has(schema)) found.set(schema, path)
			return
		case 'object':
			for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, `.${key}`)
			walk(def.catchall, '.*')
			return
		case 'array':
			return walk(def.element, '[]')
		case 'union':
			for (const option of def.options as unknown[]) walk(option)
			return
		case 'intersection':
			walk(def.left)
			return walk(def.right)
		case 'pipe':
			walk(def.in)
			return walk(def.out)
		case 'record':
			walk(def.keyType, '{key}')
			return walk(def.valueType, '{}')
		case 'tuple':
			for (const item of def.items as unknown[]) walk(item)
			return walk(def.rest)
		case 'lazy':
			return walk((def.getter as () => unknown)())
		default:
			walk(def.innerType)
	}
}

const isMultiLine = (schema: Schema) =>
	((schema._zod.def.checks as Array<{ _zod: { def: { fn?: unknown } } }> | undefined) ?? []).some(
		(check) => check._zod.def.fn === isSafeMultiLineText,
	)

function everyStringField() {
	const found = new Map<Schema, string>()
	for (const [file, exports] of Object.entries(modules)) {
		for (const [name, value] of Object.entries(exports)) {
			if (isSchema(value)) stringFields(value, `${file}:${name}`, found)
			else if (typeof value === 'function' && /Schema$/.test(name)) {
				let made: unknown
				try {
					made = value()
				} catch {
					made = value({})
				}
				if (isSchema(made)) stringFields(made, `${file}:${name}()`, found)
			}
		}
	}
	return found
}

describe('every single-line text field (docs/decisions/0077)', () => {
	const fields = everyStringField()

	it('finds the fields of the wizard, the API, the contact form, the dashboard editors and the users screen', () => {
		const paths = [...fields.values()].join('\n')
		for (const expected of [
			'lead-schema.ts:contactInfoSchema.firstName',
			'lead-schema.ts:loanFormDataSchema.propertyFullAddress',
			'lead-schema.ts:shortFormSubmissionSchema().consentVersion',
			'contact-schema.ts:contactMessageSchema.name',
			'content-schemas.ts:companySchema.tagline',
			'add-lead-schema.ts:createLeadSchema.firstName',
			'user-schemas.ts:addUserSchema.fullName',
			'webhook-schema.ts:webhookEndpointSchema().description',
		])
			expect(paths).toContain(expected)
	})

	it('refuses zero-width and bidirectional-control characters in each of them', () => {
		const accepted: string[] = []
		for (const [schema, path] of fields) {
			if (isMultiLine(schema)) continue
			for (const c of INVISIBLE) {
				// A character trimmed off the ends before any check is not kept: only what the field stores counts.
				const taken = probes(c).find((value) => {
					const parsed = schema.safeParse(value)
					// The character itself, not the code's own hasInvisibleText: a range shortened there would hide it here too.
					return parsed.success && (JSON.stringify(parsed.data) ?? '').includes(c)
				})
				if (taken !== undefined) accepted.push(`${path} took ${JSON.stringify(taken)}`)
			}
		}
		expect(accepted).toEqual([])
	})
})
