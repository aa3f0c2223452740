import { z } from 'zod'
import { emailField, personNameField, phoneField } from '#app/features/validation/form-fields.ts'
import { safeText, singleLineText, withoutUnsafeText } from '#app/features/validation/safe-text.ts'
import { ASSIGNED_FILTERS, type AssignedFilter } from '../model/lead-assignment.ts'
import { LEAD_MESSAGES } from './lead-messages.ts'
import { MANUAL_LOAN_TYPES, MANUAL_PROPERTY_TYPES, MANUAL_SOURCE_PAGE, MANUAL_TRANSACTION_TYPES } from '../model/lead-form-options.ts'
import { LEAD_STATUS_VALUES, type LeadStatus, isLeadStatus } from '../model/lead-statuses.ts'

/** Beyond the spec (which loads every lead): the screen shows one page at a time. */
export const LEADS_PAGE_SIZE = 50
/** docs/decisions/0052: by date, by last name, or by property value (highest or lowest first). */
export const LEAD_SORTS = ['newest', 'oldest', 'name', 'value-high', 'value-low'] as const
export type LeadSort = (typeof LEAD_SORTS)[number]

export type LeadFilter = { search: string; statuses: readonly LeadStatus[]; assigned?: AssignedFilter | null }
export type LeadListQuery = LeadFilter & { sort: LeadSort; page: number }

const MAX_SEARCH_LENGTH = 200

/** The screen's state from its URL (?search=&status=new&status=hot&sort=&page=), so it can be linked; bad values fall back to defaults. */
export function parseLeadListQuery(params: URLSearchParams): LeadListQuery {
	const sort = params.get('sort')
	const page = Number.parseInt(params.get('page') ?? '', 10)
	const assigned = params.get('assigned')
	return {
		search: withoutUnsafeText(params.get('search') ?? '')
			.trim()
			.slice(0, MAX_SEARCH_LENGTH),
		statuses: [...new Set(params.getAll('status').filter(isLeadStatus))],
		sort: LEAD_SORTS.includes(sort as LeadSort) ? (sort as LeadSort) : 'newest',
		page: Number.isSafeInteger(page) && page > 0 ? page : 1,
		// docs/decisions/0035: ?assigned=me (My leads) or ?assigned=unassigned.
		assigned: ASSIGNED_FILTERS.includes(assigned as AssignedFilter) ? (assigned as AssignedFilter) : null,
	}
}

/** The query string of a screen state, leaving out the defaults. */
export function leadListSearch(query: Partial<LeadListQuery>) {
	const params = new URLSearchParams()
	if (query.search) params.set('search', query.search)
	for (const status of query.statuses ?? []) params.append('status', status)
	if (query.assigned) params.set('assigned', query.assigned)
	if (query.sort && query.sort !== 'newest') params.set('sort', query.sort)
	if (query.page && query.page > 1) params.set('page', String(query.page))
	const text = params.toString()
	return text ? `?${text}` : ''
}

// spec 2 §5: optional fields left empty are saved as null.
const optionalText = (max: number, base = singleLineText) =>
	base()
		.trim()
		.max(max, `Must be at most ${max} characters`)
		.optional()
		.transform((value) => value || null)
const optionalChoice = <V extends string>(values: readonly V[], message: string) =>
	z
		.enum(['', ...values] as ['', ...V[]], { message })
		.optional()
		.transform((value) => (value || null) as V | null)
const valuesOf = <V extends string>(list: ReadonlyArray<{ value: V }>) => list.map((option) => option.value)

/** spec 2 §2 Add Lead dialog and §5; shared by the dialog and the action. */
export const createLeadSchema = z.object({
	// spec 2 §5: the four contact fields are required together, with one message.
	firstName: personNameField({ label: 'First name', max: 100, required: LEAD_MESSAGES.requiredFields }),
	lastName: personNameField({ label: 'Last name', max: 100, required: LEAD_MESSAGES.requiredFields }),
	email: emailField(LEAD_MESSAGES.requiredFields),
	phone: phoneField({ required: LEAD_MESSAGES.requiredFields }),
	loanType: optionalChoice(valuesOf(MANUAL_LOAN_TYPES), 'Choose a loan type'),
	propertyType: optionalChoice(valuesOf(MANUAL_PROPERTY_TYPES), 'Choose a property type'),
	transactionType: optionalChoice(valuesOf(MANUAL_TRANSACTION_TYPES), 'Choose a transaction type'),
	propertyValue: optionalText(50),
	message: optionalText(5000, safeText),
	sourcePage: optionalText(200).transform((value) => value ?? MANUAL_SOURCE_PAGE),
	// spec 2 §4: manual leads default to new and may start in any status.
	status: z
		.enum(['', ...LEAD_STATUS_VALUES], { message: 'Choose a status' })
		.optional()
		.transform((value): LeadStatus => value || 'new'),
})
export type CreateLeadInput = z.output<typeof createLeadSchema>

const leadId = z.uuid('Unknown lead')

export const leadStatusSchema = z.object({ leadId, status: z.enum(LEAD_STATUS_VALUES, { message: 'Choose a status' }) })
export type LeadStatusInput = z.output<typeof leadStatusSchema>

/** Select all picks one page, so a few hundred ids at most. */
export const deleteLeadsSchema = z.object({
	leadIds: z.array(leadId).min(1, 'Select at least one lead').max(500, 'Delete at most 500 leads at a time'),
})

export const leadNotesSchema = z.object({
	leadId,
	notes: safeText()
		.max(10_000, 'Notes must be at most 10000 characters')
		.transform((value) => (value.trim() === '' ? null : value)),
})
export type LeadNotesInput = z.output<typeof leadNotesSchema>

export const LEAD_INTENTS = ['create', 'status', 'delete', 'notes', 'assign', 'claim', 'contact'] as const
export type LeadIntent = (typeof LEAD_INTENTS)[number]

/** What the leads action answers; `error` is a text of spec 2 §8 (or a field's message). */
export type LeadActionResult =
	| { ok: true; intent: LeadIntent; message: string; description?: string; leadId?: string; adminNotesUpdatedAt?: Date }
	| { ok: false; intent: LeadIntent | null; error: string }
