import { z } from 'zod'
import type { PricingRequest, PricingResponse } from '#app/features/pricing/pricing-request.ts'
import { withoutUnsafeText } from '#app/features/validation/safe-text.ts'
import { ASSIGNED_FILTERS, type AssignedFilter } from '../model/lead-assignment.ts'
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

/** docs/decisions/0109: Add Lead's schema, shared by the dialog and the action. */
export { type CreateLeadInput, createLeadSchema } from './add-lead-schema.ts'

const leadId = z.uuid('Unknown lead')

export const leadStatusSchema = z.object({ leadId, status: z.enum(LEAD_STATUS_VALUES, { message: 'Choose a status' }) })
export type LeadStatusInput = z.output<typeof leadStatusSchema>

/** Select all picks one page, so a few hundred ids at most. */
export const deleteLeadsSchema = z.object({
	leadIds: z.array(leadId).min(1, 'Select at least one lead').max(500, 'Delete at most 500 leads at a time'),
})

export const LEAD_INTENTS = [
	'create',
	'status',
	'delete',
	// docs/decisions/0107: a note added to the lead's timeline, or corrected by its author.
	'note-add',
	'note-edit',
	'assign',
	'claim',
	'contact',
	'attempt',
	'return-links',
	// docs/decisions/0105: follow-up tasks.
	'task-add',
	'task-complete',
	'task-reopen',
	'task-delete',
	// docs/decisions/0108: a sales manager's changes to the selected leads.
	'bulk-assign',
	'bulk-status',
	// docs/decisions/0112: the staff quick-pricer prices a lead's scenario, and attaches its terms to the lead.
	'price',
	'attach',
	// docs/decisions/0123: the loan a closed lead funded, recorded (or corrected) and removed.
	'funding-save',
	'funding-remove',
] as const
export type LeadIntent = (typeof LEAD_INTENTS)[number]

/** What the leads action answers; `error` is a text of spec 2 §8 (or a field's message). */
export type LeadActionResult =
	| {
			ok: true
			intent: LeadIntent
			message: string
			description?: string
			leadId?: string
			/** docs/decisions/0107: the note added or corrected. */
			noteId?: string
			/** docs/decisions/0104: a contact logged reached the borrower (the lead's first contact if it had none). */
			reached?: boolean
			/** docs/decisions/0105: the task added. */
			taskId?: string
			/** docs/decisions/0108: the selected leads a bulk change left as they were, and why. */
			skipped?: ReadonlyArray<{ leadId: string; name: string; reason: string }>
			/** docs/decisions/0112: the terms priced (and attached: the frozen copy's id), in one line too. */
			request?: PricingRequest
			terms?: PricingResponse
			summary?: string
			quoteId?: number
	  }
	| { ok: false; intent: LeadIntent | null; error: string }
