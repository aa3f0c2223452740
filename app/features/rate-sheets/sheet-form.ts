import type { FieldErrors } from '#app/features/content/editor-result.ts'
import { type LeafKind, type SheetPath, acceptsNull, holdsArray, leafKindAt, schemasAt } from '../pricing/sheet-shape.ts'

/**
 * The rate sheet as a posted form (docs/decisions/0073): one field per leaf of the document, named by its path, on
 * top of the document the grid was drawn from (posted with it as `base`). A field sets its leaf; a leaf without a
 * field keeps the base's value, so a field the screen does not show is never dropped. What a posted text becomes
 * (a number, text, true/false, empty = not offered) is read from the sheet's schema (`sheet-shape.ts`).
 */

export const SHEET_FIELD_PREFIX = 'sheet:'
/** The document the grid was drawn from, as JSON. */
export const SHEET_BASE_FIELD = 'base'

const escapeSegment = (segment: string | number) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1')

/** The form field of a leaf: "sheet:/dscr/creditLtv/740-759/3" (a JSON Pointer, so any key survives). */
export function sheetFieldName(path: SheetPath) {
	return `${SHEET_FIELD_PREFIX}${path.map((segment) => `/${escapeSegment(segment)}`).join('')}`
}

/** The path a field name stands for; null for any other field. */
export function sheetPathOfField(name: string): string[] | null {
	if (!name.startsWith(`${SHEET_FIELD_PREFIX}/`)) return null
	return name
		.slice(SHEET_FIELD_PREFIX.length + 1)
		.split('/')
		.map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
}

/** A unique HTML id for a leaf's control: "sheet-dscr-creditLtv-800_2b-0". */
export function sheetFieldId(path: SheetPath) {
	return `sheet-${path.map((segment) => String(segment).replace(/[^A-Za-z0-9-]/g, (char) => `_${char.charCodeAt(0).toString(16)}`)).join('-')}`
}

/** The id of the message shown at a part of the sheet that is not one field (a row of the wrong length, the buckets' order). */
export const sheetMessageId = (path: SheetPath) => `${sheetFieldId(path)}-message`

/** The key of a leaf's message in the errors a refused sheet answers with (zod's path joined by dots, as every editor's). */
export const sheetErrorKey = (path: SheetPath) => path.join('.')

export const sheetFormMessages = {
	number: 'Write a number, such as 75',
	wholeNumber: 'Write a whole number, such as 150000',
	bothOrNeither: 'Fill in every figure of this cell, or leave them all empty (not offered)',
} as const

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
/** Keys that would reach an object's prototype instead of its own fields. */
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor'])

/** Sets a leaf, making the containers on the way as the schema says (an array or an object) where there are none. */
function setAt(document: Record<string, unknown>, path: string[], value: unknown): boolean {
	let here: unknown = document
	for (let index = 0; index < path.length; index++) {
		const segment = path[index]!
		const last = index === path.length - 1
		if (Array.isArray(here)) {
			const position = Number(segment)
			// Only the rows the grid drew (or the one after them): a made-up index cannot blow an array up.
			if (!/^\d+$/.test(segment) || position > here.length) return false
			if (last) here[position] = value
			else {
				if (!isRecord(here[position]) && !Array.isArray(here[position])) here[position] = holdsArray(path.slice(0, index + 1)) ? [] : {}
				here = here[position]
			}
		} else if (isRecord(here)) {
			if (last) here[segment] = value
			else {
				if (!isRecord(here[segment]) && !Array.isArray(here[segment])) here[segment] = holdsArray(path.slice(0, index + 1)) ? [] : {}
				here = here[segment]
			}
		} else return false
	}
	return true
}

function getAt(document: unknown, path: string[]): unknown {
	let here = document
	for (const segment of path) {
		if (Array.isArray(here)) here = here[Number(segment)]
		else if (isRecord(here)) here = Object.hasOwn(here, segment) ? here[segment] : undefined
		else return undefined
	}
	return here
}

/** A typed number as the sheet keeps it: "$150,000", "75 %" and "0.5" are read; anything else is not a number. */
function readNumber(text: string): number | null {
	const compact = text.replace(/[$,%\s]/g, '')
	return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : null
}

function kindOfValue(value: unknown): LeafKind {
	return {
		number: typeof value === 'number',
		integer: false,
		text: typeof value === 'string' || value === undefined || value === null,
		boolean: typeof value === 'boolean',
		nullable: value === null,
		choices: null,
	}
}

export type SheetFromForm = {
	/** The proposed document, to be checked by `rateSheetSchema` (it may hold what a person typed that is not a figure). */
	document: unknown
	/** Leaves whose text could not be read as what they hold (a number), by the key of `sheetErrorKey`. */
	problems: FieldErrors
}

/** The proposed sheet from a posted grid: the base document with every posted leaf set. */
export function sheetFromForm(form: FormData, base: unknown): SheetFromForm {
	const document = (isRecord(base) ? structuredClone(base) : {}) as Record<string, unknown>
	const problems: FieldErrors = {}
	const parents = new Map<string, string[]>()
	for (const name of new Set(form.keys())) {
		const path = sheetPathOfField(name)
		if (!path || path.length === 0 || path.some((segment) => UNSAFE_KEYS.has(segment))) continue
		// A checkbox posts a hidden "false" before its "true": the last value is the one chosen.
		const raw = String(form.getAll(name).at(-1) ?? '')
		const text = raw.trim()
		const before = getAt(document, path)
		// A leaf the schema does not know keeps the type it has in the base document.
		const kind = schemasAt(path).length > 0 ? leafKindAt(path) : kindOfValue(before)
		let value: unknown = text
		if (kind.boolean && !kind.text) value = text === 'true' ? true : text === 'false' ? false : text
		else if (text === '' && kind.nullable) value = null
		else if (kind.number && (!kind.text || typeof before === 'number')) {
			const number = readNumber(text)
			if (number === null) problems[sheetErrorKey(path)] = sheetFormMessages.number
			else if (kind.integer && !Number.isInteger(number)) problems[sheetErrorKey(path)] = sheetFormMessages.wholeNumber
			value = number ?? text
		}
		if (setAt(document, path, value) && path.length > 1) parents.set(sheetErrorKey(path.slice(0, -1)), path.slice(0, -1))
	}
	// A cell made of several figures (a short-term grid's rate and points) left empty is a cell not offered.
	for (const parent of parents.values()) {
		const cell = getAt(document, parent)
		if (!isRecord(cell) || !acceptsNull(parent)) continue
		const values = Object.values(cell)
		const empty = values.filter((value) => value === '' || value === null)
		if (empty.length === values.length) setAt(document, parent, null)
		else if (empty.length > 0)
			for (const [key, value] of Object.entries(cell))
				if (value === '' || value === null) problems[sheetErrorKey([...parent, key])] = sheetFormMessages.bothOrNeither
	}
	return { document, problems }
}
