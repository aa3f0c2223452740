import { z } from 'zod'
import { rateSheetSchema } from './rate-sheet.ts'

/**
 * The rate sheet's shape as data (docs/decisions/0073): the JSON Schema zod writes for `rateSheetSchema`, read to
 * know what each leaf of the document may hold (a number, text, a choice, true/false, empty), so the grid editor and
 * the form it posts handle a field nobody wrote a screen for, and never drop it.
 */

/** The part of JSON Schema (draft 2020-12, as zod 4 writes it) that the editor reads. */
export type JsonSchema = {
	type?: string | string[]
	anyOf?: JsonSchema[]
	oneOf?: JsonSchema[]
	allOf?: JsonSchema[]
	properties?: Record<string, JsonSchema>
	additionalProperties?: JsonSchema | boolean
	items?: JsonSchema
	prefixItems?: JsonSchema[]
	enum?: unknown[]
	const?: unknown
	$ref?: string
	$defs?: Record<string, JsonSchema>
}

/** A path into the document: object keys and array indexes. */
export type SheetPath = ReadonlyArray<string | number>

let sheetSchema: JsonSchema | null = null

/** The rate sheet's JSON Schema, written once (refinements are not part of it; the server's parse still checks them). */
export function rateSheetJsonSchema(): JsonSchema {
	sheetSchema ??= z.toJSONSchema(rateSheetSchema, { unrepresentable: 'any', io: 'input' }) as JsonSchema
	return sheetSchema
}

function resolve(root: JsonSchema, schema: JsonSchema | undefined): JsonSchema | undefined {
	let current = schema
	for (let hops = 0; current?.$ref && hops < 20; hops++) {
		const name = /^#\/\$defs\/(.+)$/.exec(current.$ref)?.[1]
		current = name === undefined ? undefined : root.$defs?.[decodeURIComponent(name)]
	}
	return current
}

/** The alternatives a schema allows (a nullable cell: the cell and null), each resolved. */
function alternatives(root: JsonSchema, schema: JsonSchema | undefined): JsonSchema[] {
	const resolved = resolve(root, schema)
	if (!resolved) return []
	const union = resolved.anyOf ?? resolved.oneOf
	if (union) return union.flatMap((option) => alternatives(root, option))
	if (resolved.allOf?.length === 1) return alternatives(root, resolved.allOf[0])
	return [resolved]
}

const typesOf = (schema: JsonSchema) => {
	if (schema.type !== undefined) return Array.isArray(schema.type) ? schema.type : [schema.type]
	if (schema.const !== undefined) return [schema.const === null ? 'null' : typeof schema.const]
	if (schema.enum) return [...new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)))]
	// No type at all (a value zod cannot describe): anything.
	return ['string', 'number', 'boolean', 'null', 'object', 'array']
}

/** The schema of what sits at `path` (every alternative of it), or [] where the sheet knows no such place. */
export function schemasAt(path: SheetPath, root: JsonSchema = rateSheetJsonSchema()): JsonSchema[] {
	let here = alternatives(root, root)
	for (const segment of path) {
		here = here.flatMap((schema) => {
			const types = typesOf(schema)
			if (typeof segment === 'number' || /^\d+$/.test(segment)) {
				if (types.includes('array')) {
					const index = Number(segment)
					return alternatives(root, schema.prefixItems?.[index] ?? schema.items)
				}
			}
			if (!types.includes('object')) return []
			const property = schema.properties?.[String(segment)]
			if (property) return alternatives(root, property)
			return typeof schema.additionalProperties === 'object' ? alternatives(root, schema.additionalProperties) : []
		})
	}
	return here
}

/** What a leaf may hold, read from its schema: how a posted text is turned back into the document's value. */
export type LeafKind = {
	number: boolean
	/** Whole numbers only. */
	integer: boolean
	text: boolean
	boolean: boolean
	/** Empty means "not offered" (or not set): the field may be left blank. */
	nullable: boolean
	/** The values to choose from, when the leaf is one of a list. */
	choices: string[] | null
}

const sheetKinds = new Map<string, LeafKind>()

/** The kind of leaf at `path`; a place the schema does not know is text, so nothing typed there is lost. */
export function leafKindAt(path: SheetPath, root: JsonSchema = rateSheetJsonSchema()): LeafKind {
	// The grid asks for every leaf on every drawing: the sheet's own answers are kept (a few hundred places at most).
	if (root !== rateSheetJsonSchema()) return readLeafKind(path, root)
	const key = path.join('\u0000')
	let kind = sheetKinds.get(key)
	if (!kind) {
		kind = readLeafKind(path, root)
		if (sheetKinds.size < 5000) sheetKinds.set(key, kind)
	}
	return kind
}

function readLeafKind(path: SheetPath, root: JsonSchema): LeafKind {
	const schemas = schemasAt(path, root)
	const types = new Set(schemas.flatMap(typesOf))
	const choices = schemas.flatMap((schema) => (schema.enum ?? (schema.const === undefined ? [] : [schema.const])) as unknown[])
	const valued = schemas.filter((schema) => !(typesOf(schema).length === 1 && typesOf(schema)[0] === 'null'))
	const onlyChoices = valued.length > 0 && valued.every((schema) => schema.enum !== undefined || schema.const !== undefined)
	const textChoices = choices.filter((choice): choice is string => typeof choice === 'string')
	return {
		number: types.has('number') || types.has('integer'),
		integer: types.has('integer') && !types.has('number'),
		text: types.has('string') || schemas.length === 0,
		boolean: types.has('boolean'),
		nullable: types.has('null'),
		choices: onlyChoices && textChoices.length > 0 ? textChoices : null,
	}
}

/** Whether the schema lets the place at `path` be null (a short-term grid's cell: not offered). */
export function acceptsNull(path: SheetPath, root: JsonSchema = rateSheetJsonSchema()) {
	return schemasAt(path, root).some((schema) => typesOf(schema).includes('null'))
}

/** Whether the place at `path` holds an array (else an object) where the document has none yet. */
export function holdsArray(path: SheetPath, root: JsonSchema = rateSheetJsonSchema()) {
	const schemas = schemasAt(path, root).filter((schema) => !typesOf(schema).includes('null'))
	return schemas.length > 0 && schemas.every((schema) => typesOf(schema).includes('array'))
}
