import { z } from 'zod'

// The browser's Content-Security-Policy forbids eval; without this zod probes for it and trips the CSP.
// Set once here: every form schema builds on these text types.
z.config({ jitless: true })

/**
 * Text every schema accepts (docs/decisions/0023): PostgreSQL cannot store NUL, and a lone UTF-16 surrogate
 * is not a character (the driver silently turns it into U+FFFD). Single-line fields also refuse the other
 * control characters; tab, line feed and carriage return pass everywhere (pasted text carries them, trim removes them).
 */
export const UNSAFE_TEXT_MESSAGE = 'Contains characters that are not allowed (control characters or broken symbols); please retype it'
export const INVISIBLE_TEXT_MESSAGE = 'Contains invisible or right-to-left control characters (often pasted along); please retype it'

const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
// C0 controls except tab, LF and CR; DEL; C1 controls.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

/**
 * docs/decisions/0077: zero-width characters (U+200B-U+200D, U+2060, U+FEFF, U+180E, the invisible operators U+2061-U+2064)
 * and bidirectional controls (U+061C, U+200E/U+200F, U+202A-U+202E, U+2066-U+2069). In one line of text they only hide
 * or reorder what staff read: "Inv\u202Egnp.exe" shows as "Invexe.png".
 */
const INVISIBLE_OR_BIDI = /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/

/** NUL or a lone surrogate: text no field may hold. */
export const hasUnsafeText = (value: string) => NUL_OR_LONE_SURROGATE.test(value)

/** Unsafe text, or a control character other than tab, line feed and carriage return. */
export const hasUnsafeSingleLineText = (value: string) => hasUnsafeText(value) || CONTROL_CHARACTER.test(value)

/** A zero-width or bidirectional-control character, refused in every single-line field (docs/decisions/0077). */
export const hasInvisibleText = (value: string) => INVISIBLE_OR_BIDI.test(value)

type StringParams = Parameters<typeof z.string>[0]

/** The check that makes a string multi-line text; the test of every field (single-line-fields.test.ts) knows it by it. */
export const isSafeMultiLineText = (value: string) => !hasUnsafeText(value)

/**
 * A string for multi-line text and secrets (messages, notes, passwords): no NUL, no lone surrogate. Zero-width joiners
 * stay allowed here: emoji and several scripts are written with them.
 */
export const safeText = (params?: StringParams) => z.string(params).refine(isSafeMultiLineText, UNSAFE_TEXT_MESSAGE)

/**
 * A string for a one-line field (names, e-mails, addresses, phones, titles, ids): no control characters, and no zero-width
 * or bidirectional-control character (docs/decisions/0077). Every single-line field of every schema is built from this
 * one, so each refuses them without a rule of its own.
 */
export const singleLineText = (params?: StringParams) =>
	z
		.string(params)
		.refine((value) => !hasUnsafeSingleLineText(value), UNSAFE_TEXT_MESSAGE)
		.refine((value) => !hasInvisibleText(value), INVISIBLE_TEXT_MESSAGE)

/** Removes what a safe single-line text may not hold, for inputs that fall back instead of failing (a search box). */
export const withoutUnsafeText = (value: string) =>
	value.replace(new RegExp(`${NUL_OR_LONE_SURROGATE.source}|${CONTROL_CHARACTER.source}|${INVISIBLE_OR_BIDI.source}`, 'g'), '')

const MAX_NODES = 1_000_000

/**
 * The path of the first string or key anywhere in a parsed JSON body that holds NUL or a lone surrogate,
 * so keys a schema does not know (and would drop) are checked too. Iterative: nesting depth cannot
 * overflow the stack. Null when the body is clean.
 */
export function findUnsafeText(input: unknown): (string | number)[] | null {
	// Each entry links to its parent, so a path is built only for the one bad value (no copying per level).
	type Entry = { value: unknown; key: string | number | null; parent: Entry | null }
	const pathOf = (entry: Entry | null, last?: string) => {
		const path: (string | number)[] = last === undefined ? [] : [last]
		for (let node = entry; node && node.key !== null; node = node.parent) path.push(node.key)
		return path.reverse()
	}
	const stack: Entry[] = [{ value: input, key: null, parent: null }]
	for (let visited = 0; stack.length > 0 && visited < MAX_NODES; visited++) {
		const entry = stack.pop()!
		const { value } = entry
		if (typeof value === 'string') {
			if (hasUnsafeText(value)) return pathOf(entry)
		} else if (Array.isArray(value)) {
			for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], key: index, parent: entry })
		} else if (value !== null && typeof value === 'object') {
			const keys = Object.keys(value)
			for (let index = keys.length - 1; index >= 0; index--) {
				const key = keys[index]!
				// The key is reported with its bad characters removed, so the answer never echoes them.
				if (hasUnsafeText(key)) return pathOf(entry, withoutUnsafeText(key) || '(key)')
				stack.push({ value: (value as Record<string, unknown>)[key], key, parent: entry })
			}
		}
	}
	return null
}

/** Wraps a JSON body's schema: NUL or a lone surrogate anywhere, even under an unknown key, fails on its path. */
export function rejectingUnsafeText<S extends z.ZodType>(schema: S) {
	return z.preprocess((input, context) => {
		const path = findUnsafeText(input)
		if (path) context.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MESSAGE, input })
		return input
	}, schema)
}
