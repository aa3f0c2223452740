import { FOUND_CATEGORIES, FOUND_CATEGORY_LABELS, type FoundCategory, type FoundRow } from './found-categories.ts'
import { REQUEST_TYPE_LABELS, type RequestType } from './data-request-schema.ts'

/**
 * docs/decisions/0091: what a requester receives for a request to know: one JSON file and a readable HTML page of the
 * same content, every row the search found, by category.
 */
export type PersonalDataExport = {
	company: string
	request: { id: string; type: RequestType; receivedOn: string }
	generatedAt: string
	categories: Record<FoundCategory, FoundRow[]>
}

export const exportRowCount = (document: PersonalDataExport) =>
	FOUND_CATEGORIES.reduce((sum, category) => sum + document.categories[category].length, 0)

export const exportJson = (document: PersonalDataExport) => `${JSON.stringify(document, null, 2)}\n`

/** Text for HTML: every character that could open markup, an attribute or an entity is written as an entity. */
export function escapeHtml(value: string) {
	return value.replace(/[&<>"'`]/g, (character) => `&#${character.charCodeAt(0)};`)
}

const cellText = (value: unknown) => {
	if (value === null || value === undefined) return ''
	if (typeof value === 'string') return value
	return JSON.stringify(value)
}

function categoryHtml(category: FoundCategory, rows: readonly FoundRow[]) {
	const heading = `<h2>${escapeHtml(FOUND_CATEGORY_LABELS[category])} (${rows.length})</h2>`
	if (rows.length === 0) return `<section>${heading}<p>Nothing held.</p></section>`
	const entries = rows.map((row) => {
		const fields = Object.entries(row)
			.map(([key, value]) => `<tr><th scope="row">${escapeHtml(key)}</th><td>${escapeHtml(cellText(value))}</td></tr>`)
			.join('')
		return `<table>${fields}</table>`
	})
	return `<section>${heading}${entries.join('\n')}</section>`
}

/** A standalone page (no script, no outside resource) a person can open and print. */
export function exportHtml(document: PersonalDataExport) {
	const title = `Personal data held by ${document.company}`
	return [
		'<!doctype html>',
		'<html lang="en"><head><meta charset="utf-8">',
		`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
		`<title>${escapeHtml(title)}</title>`,
		'<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}',
		'table{border-collapse:collapse;width:100%;margin:0 0 1rem}th,td{border:1px solid #cbd5e1;padding:.25rem .5rem;',
		'text-align:left;vertical-align:top}th{width:14rem;background:#f1f5f9}td{white-space:pre-wrap;word-break:break-word}</style>',
		'</head><body>',
		`<h1>${escapeHtml(title)}</h1>`,
		`<p>Request ${escapeHtml(document.request.id)} (${escapeHtml(REQUEST_TYPE_LABELS[document.request.type])}), received ${escapeHtml(
			document.request.receivedOn,
		)}. Prepared ${escapeHtml(document.generatedAt)}.</p>`,
		...FOUND_CATEGORIES.map((category) => categoryHtml(category, document.categories[category])),
		'</body></html>',
		'',
	].join('\n')
}
