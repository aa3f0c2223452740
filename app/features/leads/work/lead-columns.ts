import { z } from 'zod'

/**
 * spec 2 §2 table columns (plus the assigned officer) that a staff member may show, hide and order
 * (docs/decisions/0052). The select box and Actions are always there.
 */
export const LEAD_COLUMNS = [
	{ key: 'date', label: 'Date' },
	{ key: 'firstName', label: 'First Name' },
	{ key: 'lastName', label: 'Last Name' },
	{ key: 'phone', label: 'Phone' },
	{ key: 'email', label: 'Email' },
	{ key: 'loanType', label: 'Loan Type' },
	{ key: 'propertyType', label: 'Property Type' },
	{ key: 'transactionType', label: 'Transaction Type' },
	{ key: 'propertyValue', label: 'Property Value' },
	{ key: 'status', label: 'Status' },
	{ key: 'formStatus', label: 'Form Status' },
	{ key: 'assigned', label: 'Assigned' },
	{ key: 'source', label: 'Source' },
] as const

export type LeadColumn = (typeof LEAD_COLUMNS)[number]['key']
export const LEAD_COLUMN_KEYS = LEAD_COLUMNS.map((column) => column.key) as [LeadColumn, ...LeadColumn[]]
export const leadColumnLabel = (key: LeadColumn) => LEAD_COLUMNS.find((column) => column.key === key)!.label

/** spec 2 §2: every column but the optional Source, in the spec's order. */
export const DEFAULT_LEAD_COLUMNS: readonly LeadColumn[] = LEAD_COLUMN_KEYS.filter((key) => key !== 'source')

export const LEAD_COLUMN_MESSAGES = {
	saved: 'Columns saved',
	failed: 'The columns could not be saved',
	atLeastOne: 'Show at least one column',
	unknown: 'Unknown column',
	repeated: 'Each column may appear once',
} as const

/** What the Columns control posts: the visible columns in order (form field `column`, repeated). */
export const leadColumnsSchema = z.object({
	columns: z
		.array(z.enum(LEAD_COLUMN_KEYS, { message: LEAD_COLUMN_MESSAGES.unknown }))
		.min(1, LEAD_COLUMN_MESSAGES.atLeastOne)
		.max(LEAD_COLUMN_KEYS.length, LEAD_COLUMN_MESSAGES.repeated)
		.refine((columns) => new Set(columns).size === columns.length, LEAD_COLUMN_MESSAGES.repeated),
})

/** A stored list read back: unknown keys (a column since removed) dropped; nothing left means the default. */
export function visibleLeadColumns(stored: readonly string[] | null | undefined): LeadColumn[] {
	const known = [...new Set((stored ?? []).filter((key): key is LeadColumn => (LEAD_COLUMN_KEYS as string[]).includes(key)))]
	return known.length > 0 ? known : [...DEFAULT_LEAD_COLUMNS]
}

/** The list with one column moved one place up (-1) or down (+1). */
export function moveLeadColumn(columns: readonly LeadColumn[], key: LeadColumn, by: -1 | 1): LeadColumn[] {
	const from = columns.indexOf(key)
	const to = from + by
	if (from < 0 || to < 0 || to >= columns.length) return [...columns]
	const next = [...columns]
	next.splice(from, 1)
	next.splice(to, 0, key)
	return next
}
