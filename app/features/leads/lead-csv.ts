import { ANSWER_FIELDS, type Application, answerText } from './lead-answers.ts'

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

/** docs/decisions/0029: the answers the lead's own columns (name, e-mail, phone, types) do not already hold. */
const ANSWERS_IN_LEAD_COLUMNS: ReadonlySet<string> = new Set(['firstName', 'lastName', 'email', 'phone', 'propertyType', 'transactionType'])
export const CSV_ANSWER_FIELDS = ANSWER_FIELDS.filter((field) => !ANSWERS_IN_LEAD_COLUMNS.has(field.key))

export type LeadConsentCells = { version: string; at: string; ip: string; pageUrl: string }

const TOUCH_COLUMNS = [
	['utm_source', 'UTM Source'],
	['utm_medium', 'UTM Medium'],
	['utm_campaign', 'UTM Campaign'],
	['utm_term', 'UTM Term'],
	['utm_content', 'UTM Content'],
	['gclid', 'GCLID'],
	['fbclid', 'FBCLID'],
	['msclkid', 'MSCLKID'],
	['gbraid', 'GBRAID'],
	['wbraid', 'WBRAID'],
	['referrer', 'Referrer'],
	['landingPage', 'Landing Page'],
	['at', 'Time'],
] as const
const TOUCHES = [
	['firstTouch', 'First Touch'],
	['lastTouch', 'Last Touch'],
] as const

export const LEAD_CSV_EXTRA_HEADER = [
	...CSV_ANSWER_FIELDS.map((field) => field.label),
	'Consent Version',
	'Consent Time',
	'Consent IP Address',
	'Consent Page URL',
	...TOUCHES.flatMap(([, touch]) => TOUCH_COLUMNS.map(([, column]) => `${touch} ${column}`)),
]

const isoTime = (value: unknown) => {
	if (typeof value !== 'string' && !(value instanceof Date)) return null
	const date = new Date(value)
	return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
const touchValue = (attribution: unknown, touch: string, key: string) => {
	const record = attribution && typeof attribution === 'object' ? (attribution as Record<string, unknown>)[touch] : undefined
	const value = record && typeof record === 'object' ? (record as Record<string, unknown>)[key] : undefined
	return typeof value === 'string' ? value : null
}

/** The answer, consent and attribution cells of one lead, in LEAD_CSV_EXTRA_HEADER's order. */
export function leadCsvExtraCells(application: Application, consent: LeadConsentCells | null, attribution: unknown): Array<string | null> {
	return [
		...CSV_ANSWER_FIELDS.map((field) => answerText(field.key, application) ?? null),
		consent?.version ?? null,
		isoTime(consent?.at),
		consent?.ip ?? null,
		consent?.pageUrl ?? null,
		...TOUCHES.flatMap(([touch]) =>
			TOUCH_COLUMNS.map(([key]) => (key === 'at' ? isoTime(touchValue(attribution, touch, key)) : touchValue(attribution, touch, key))),
		),
	]
}
