// OWASP CSV injection: a cell a spreadsheet would read as a formula is prefixed with a quote.
const FORMULA_START = /^[=+\-@\t\r]/

/** One CSV cell: formula-like text neutralised, and quoted when it holds a quote, comma or line break (RFC 4180). */
export function csvCell(value: string | number | null | undefined) {
	if (value === null || value === undefined) return ''
	let text = String(value)
	if (FORMULA_START.test(text)) text = `'${text}`
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>) => `${cells.map(csvCell).join(',')}\r\n`
