import { type SQL, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadQuotes, leads, users } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { scenarioFromAnswers } from '#app/features/pricing/scenario-from-answers.ts'
import { type ChosenTermsBrief, chosenTermsLine } from '#app/features/pricing/terms-text.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { parseApplication } from '../model/lead-application.ts'
import { LEADS_PAGE_SIZE, type LeadListQuery, type LeadSort } from './lead-admin-schema.ts'
import { leadFilterCondition } from './lead-filter.server.ts'
import { assignedCondition, leadScope, leadScopeParts } from './lead-access.server.ts'

/** The columns of the leads table (spec 2 §2), without the message or the token hash. */
export const leadRowColumns = {
	id: leads.id,
	createdAt: leads.createdAt,
	firstName: leads.firstName,
	lastName: leads.lastName,
	email: leads.email,
	phone: leads.phone,
	loanType: leads.loanType,
	propertyType: leads.propertyType,
	transactionType: leads.transactionType,
	propertyValue: leads.propertyValue,
	status: leads.status,
	formCompletionStatus: leads.formCompletionStatus,
	sourcePage: leads.sourcePage,
}

export type LeadRow = {
	id: string
	createdAt: Date
	firstName: string
	lastName: string
	email: string
	phone: string
	loanType: string | null
	propertyType: string | null
	transactionType: string | null
	propertyValue: string | null
	status: string
	formCompletionStatus: string | null
	sourcePage: string | null
}

/** docs/decisions/0036: what the table shows besides: the assigned officer, the repeat-inquiry flag and the first contact. */
export type LeadListRow = LeadRow & {
	/** Whether this lead repeats an earlier one; which one is only in the details, for those who may see it (docs/decisions/0049). */
	repeatInquiry: boolean
	assignedTo: string | null
	assigneeName: string | null
	firstContactedAt: Date | null
	/** docs/decisions/0079: the borrower pressed Contact Me (a priority flag), when. */
	contactRequestedAt: Date | null
	/** docs/decisions/0113: the loan asked for (the answers' priced request, else the chosen terms' loan), whole dollars. */
	loanAmount: number | null
	/** docs/decisions/0113: the latest chosen terms in a line ("6.125% · 30-year fixed"), null when none were chosen. */
	chosenTerms: string | null
}

/**
 * docs/decisions/0113: the figures of the lead's latest chosen terms (lead_quotes, event 'chosen'), read per row of the
 * page through lead_quotes_lead_idx (lead_id, created_at) backwards, one row at most; the grid of choices stays unread.
 */
const latestChosenBrief = sql<ChosenTermsBrief | null>`(
	select json_build_object('program', q.request->>'program', 'product', q.request->>'product',
		'interestOnly', q.request->'interestOnly', 'rate', q.response#>>'{quotes,0,quote,rate}',
		'loanAmount', q.response#>>'{quotes,0,quote,loanAmount}', 'termMonths', q.response#>'{quotes,0,quote,termMonths}')
	from ${leadQuotes} q where q.lead_id = ${leads.id} and q.event = 'chosen'
	order by q.created_at desc, q.id desc limit 1)`

/**
 * docs/decisions/0113: the loan amount the lead asks for is the one the terms price (scenarioFromAnswers: a purchase's
 * price less its down payment, a refinance's balance, a cash-out's share of the value, a shopping purchase's middle
 * range); a program priced at the largest loan its caps allow (a bridge purchase, a fix & flip, a build) shows the chosen
 * terms' loan once there are some.
 */
export function leadLoanAmount(message: string | null, chosen: ChosenTermsBrief | null): number | null {
	const asked = scenarioFromAnswers((parseApplication(message) ?? {}) as LoanFormData)?.request.loanAmount
	if (asked !== undefined) return asked
	const priced = chosen?.loanAmount == null ? Number.NaN : Number(chosen.loanAmount)
	return Number.isFinite(priced) && priced > 0 ? Math.round(priced) : null
}

/**
 * docs/decisions/0052: the property value as a number for sorting. The column holds what the wizard or
 * staff wrote ("$750,000", a range label such as "$250K - $500K" or "$3M+", "450k"): the first amount with
 * its K/M/B, so a range sorts by its lower bound and "Under $250K" by 0; text without digits is null (last).
 */
export const propertyValueAmount = sql<number | null>`(case
	when ${leads.propertyValue} ~* '^[[:space:]]*(under|less than)' then 0
	else (select (m[1])::numeric * case lower(m[2]) when 'k' then 1000 when 'm' then 1000000 when 'b' then 1000000000 else 1 end
		from regexp_match(replace(${leads.propertyValue}, ',', ''), '([0-9]+(?:[.][0-9]+)?)[[:space:]]*([kKmMbB]?)') as m)
	end)`

// The id breaks ties so a page boundary never repeats or skips a lead.
export const leadOrder = (sort: LeadSort) => {
	if (sort === 'value-high') return [sql`${propertyValueAmount} desc nulls last`, desc(leads.createdAt), desc(leads.id)]
	if (sort === 'value-low') return [sql`${propertyValueAmount} asc nulls last`, desc(leads.createdAt), desc(leads.id)]
	if (sort === 'oldest') return [asc(leads.createdAt), asc(leads.id)]
	if (sort === 'name') return [asc(leads.lastName), asc(leads.firstName), desc(leads.createdAt), asc(leads.id)]
	return [desc(leads.createdAt), desc(leads.id)]
}

export type LeadPage = { leads: LeadListRow[]; total: number; page: number; pageSize: number; pageCount: number }

/** spec 2 §2 and §4-5, beyond the spec paged: one page of the leads matching the search and statuses, in SQL. */
export async function listLeads(
	db: Database,
	actor: StaffUser,
	{ search, statuses, assigned, sort, page, pageSize = LEADS_PAGE_SIZE }: LeadListQuery & { pageSize?: number },
): Promise<LeadPage> {
	// docs/decisions/0034: an officer sees their own leads and the unassigned pool only.
	const where = and(leadFilterCondition({ search, statuses }), leadScope(actor), assignedCondition(actor, assigned))
	const offset = (page - 1) * pageSize
	const countAll = async () => Number((await db.select({ total: count() }).from(leads).where(where))[0]!.total)
	let ids: string[]
	let total: number
	if (search.trim() !== '') {
		// A search reads its matches once (by trigrams, or every row for a short or common term: docs/decisions/0114);
		// counting in the same pass halves the work.
		const matches = await db
			.select({ id: leads.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
			.from(leads)
			.where(where)
			.orderBy(...leadOrder(sort))
			.limit(pageSize)
			.offset(offset)
		ids = matches.map((match) => match.id)
		total = matches[0]?.total ?? (offset === 0 ? 0 : await countAll())
	} else {
		const [pageIds, counted] = await Promise.all([
			db
				.select({ id: leads.id })
				.from(leads)
				.where(where)
				.orderBy(...leadOrder(sort))
				.limit(pageSize)
				.offset(offset),
			countAll(),
		])
		ids = pageIds.map((row) => row.id)
		total = counted
	}
	// The ids come from an index (leads_search_idx alone, or the trigrams of a search); only the page's rows are read from the table.
	const rowColumns = {
		...leadRowColumns,
		repeatInquiry: sql<boolean>`${leads.repeatOfLeadId} is not null`,
		assignedTo: leads.assignedTo,
		assigneeName: users.name,
		firstContactedAt: leads.firstContactedAt,
		contactRequestedAt: leads.contactRequestedAt,
		message: leads.message,
		chosen: latestChosenBrief,
	}
	const read =
		ids.length === 0
			? []
			: await db
					.select(rowColumns)
					.from(leads)
					.leftJoin(users, eq(users.id, leads.assignedTo))
					.where(inArray(leads.id, ids))
					.orderBy(...leadOrder(sort))
	// The answers are read for the loan amount only: the page's rows do not carry them to the browser.
	const rows = read.map(({ message, chosen, ...row }) => ({
		...row,
		loanAmount: leadLoanAmount(message, chosen),
		chosenTerms: chosen ? chosenTermsLine(chosen) : null,
	}))
	return { leads: rows, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) }
}

export type LeadSummaryCounts = { total: number; new: number; qualified: number; hot: number; closed: number; unassigned: number }

/**
 * spec 2 §2: the five summary cards, counted in SQL over every lead the actor may see. docs/decisions/0114: one row
 * per status, summed here (a comparison per lead where five filters took five), in one statement (one snapshot) over
 * the parts of the actor's reach: a manager's every lead from leads_status_assignee_idx, an officer's own leads and the
 * pool each from its range of leads_assignee_idx instead of every lead.
 */
export async function leadSummaryCounts(db: Database, actor: StaffUser): Promise<LeadSummaryCounts> {
	const countsIn = (part: SQL | undefined) =>
		db
			.select({
				status: leads.status,
				count: count(),
				// docs/decisions/0106: the pool an officer's list points to while it shows their own leads.
				unassigned: sql<number>`count(*) filter (where ${leads.assignedTo} is null)`.mapWith(Number),
			})
			.from(leads)
			.where(part)
			.groupBy(leads.status)
	const [first, ...others] = leadScopeParts(actor).map(countsIn)
	const byStatus = await others.reduce((union, part) => union.unionAll(part), first!.$dynamic())
	const counts: LeadSummaryCounts = { total: 0, new: 0, qualified: 0, hot: 0, closed: 0, unassigned: 0 }
	for (const row of byStatus) {
		counts.total += row.count
		counts.unassigned += row.unassigned
		if (row.status === 'new' || row.status === 'qualified' || row.status === 'hot' || row.status === 'closed')
			counts[row.status] += row.count
	}
	return counts
}
