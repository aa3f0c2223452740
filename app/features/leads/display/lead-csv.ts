import { ANSWER_FIELDS, type Application, answerText } from '../model/lead-answers.ts'

import { type Options, stringify } from 'csv-stringify/sync'

/**
 * The one CSV dialect of the exports (RFC 4180, CRLF): `escape_formulas` is OWASP's CSV-injection rule
 * (a cell a spreadsheet would read as a formula, starting with = + - @ tab or CR, gets a leading quote);
 * a cell with a comma, quote or line break is quoted.
 */
export const CSV_OPTIONS = { escape_formulas: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const satisfies Options

type Cell = string | number | null | undefined

/** One CSV line, ending in CRLF. */
export const csvLine = (cells: ReadonlyArray<Cell>) => stringify([cells.map((cell) => cell ?? null)], CSV_OPTIONS)

/** One CSV cell as it stands in a line. */
export const csvCell = (value: Cell) => csvLine([value]).slice(0, -2)

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

/** Every instant in the export is ISO 8601 in UTC ("2026-11-24T14:05:00.000Z"): one format per column, read by any spreadsheet. */
export const isoTime = (value: unknown) => {
	if (typeof value !== 'string' && !(value instanceof Date)) return null
	const date = new Date(value)
	return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** Answers that are instants or calendar days: ISO 8601 in the export, not the words the dialog and e-mails use. */
const INSTANT_ANSWERS: ReadonlySet<string> = new Set(['submitted_at', 'long_form_submitted_at'])
const DAY_ANSWERS: ReadonlySet<string> = new Set(['closingDate'])
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

function csvAnswer(key: string, application: Application) {
	const value = application[key]
	if (INSTANT_ANSWERS.has(key)) return isoTime(value) ?? answerText(key, application) ?? null
	if (DAY_ANSWERS.has(key) && typeof value === 'string' && ISO_DAY.test(value.trim())) return value.trim()
	return answerText(key, application) ?? null
}

/** Speed to lead in the export: who works the lead, when it was first contacted and how many minutes after it arrived. */
export const LEAD_CSV_CONTACT_HEADER = ['Assigned Officer', 'First Contacted At', 'Minutes to First Contact'] as const

export function leadCsvContactCells(lead: {
	createdAt: Date
	firstContactedAt: Date | null
	assignedTo: string | null
	assigneeName: string | null
}): Array<string | null> {
	const minutes = lead.firstContactedAt === null ? null : Math.max(0, (lead.firstContactedAt.getTime() - lead.createdAt.getTime()) / 60_000)
	return [
		lead.assignedTo ? (lead.assigneeName ?? 'Former staff') : null,
		isoTime(lead.firstContactedAt),
		minutes === null ? null : String(Math.round(minutes * 10) / 10),
	]
}
const touchValue = (attribution: unknown, touch: string, key: string) => {
	const record = attribution && typeof attribution === 'object' ? (attribution as Record<string, unknown>)[touch] : undefined
	const value = record && typeof record === 'object' ? (record as Record<string, unknown>)[key] : undefined
	return typeof value === 'string' ? value : null
}

/** The answer, consent and attribution cells of one lead, in LEAD_CSV_EXTRA_HEADER's order. */
export function leadCsvExtraCells(application: Application, consent: LeadConsentCells | null, attribution: unknown): Array<string | null> {
	return [
		...CSV_ANSWER_FIELDS.map((field) => csvAnswer(field.key, application)),
		consent?.version ?? null,
		isoTime(consent?.at),
		consent?.ip ?? null,
		consent?.pageUrl ?? null,
		...TOUCHES.flatMap(([touch]) =>
			TOUCH_COLUMNS.map(([key]) => (key === 'at' ? isoTime(touchValue(attribution, touch, key)) : touchValue(attribution, touch, key))),
		),
	]
}
