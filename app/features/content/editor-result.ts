/** A message per field path ('dscr.minRate', '0.name', 'form' for the document as a whole). */
export type FieldErrors = Record<string, string>

/** What an editor's action answers to a save or a restore. */
export type EditorResult<T> =
	| { ok: true; intent: 'save' | 'restore'; content: T; restoredVersion?: number }
	| { ok: false; intent: string; errors: FieldErrors }

/** Equal documents whatever the order of their keys (a draft against the stored record). */
export function sameDocument(a: unknown, b: unknown) {
	return stableJson(a) === stableJson(b)
}

function stableJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
	if (value && typeof value === 'object') {
		const entries = Object.entries(value)
			.filter(([, entry]) => entry !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
		return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(',')}}`
	}
	return JSON.stringify(value) ?? 'undefined'
}

/** The errors under one path prefix, with the prefix removed: errorsUnder({ 'dscr.title': 'x' }, 'dscr') → { title: 'x' }. */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
	const result: FieldErrors = {}
	for (const [path, message] of Object.entries(errors)) {
		if (path.startsWith(`${prefix}.`)) result[path.slice(prefix.length + 1)] = message
		else if (path === prefix) result.form = message
	}
	return result
}
