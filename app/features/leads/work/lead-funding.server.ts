import { eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadFundings, leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { dayInTimeZone } from '#app/features/content/time-zone.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'
import type { LeadFundingInput, LeadFundingView } from '../model/lead-funding.ts'
import { leadInScope } from './lead-access.server.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { type WebhookOptions, takeIfUnassigned } from './assign-lead.server.ts'

type Executor = Pick<Database, 'select'>

/** The figures of a funded loan, as the details, the history and the payloads carry them. */
const fundingColumns = {
	amount: leadFundings.amount,
	rate: leadFundings.rate,
	points: leadFundings.points,
	fundedOn: leadFundings.fundedOn,
}

const sameFunding = (a: LeadFundingView, b: LeadFundingView) =>
	a.amount === b.amount && a.rate === b.rate && a.points === b.points && a.fundedOn === b.fundedOn

/** docs/decisions/0123: the funded loan recorded on a lead, or null. */
export async function fundingOfLead(db: Executor, leadId: string): Promise<LeadFundingView | null> {
	const [row] = await db.select(fundingColumns).from(leadFundings).where(eq(leadFundings.leadId, leadId))
	return row ?? null
}

export type SaveFundingOutcome =
	| 'missing'
	| 'not-closed'
	| 'before-lead'
	| { taken: boolean; change: 'recorded' | 'corrected' | 'unchanged'; funding: LeadFundingView }

/**
 * docs/decisions/0123: records the loan a closed lead funded, or corrects it. Only a lead whose status is Closed takes
 * one; a lead that came in through the wizard never funded before it came in (the office's calendar, `timeZone`), while
 * one entered by staff may be a deal back-filled after it funded. The history and the activity log keep each version
 * beside the one it replaced, and `lead.funded` tells the CRM; saving the same figures again changes nothing and sends
 * nothing. Working an unassigned lead takes it (docs/decisions/0043).
 */
export async function saveLeadFunding(
	db: Database,
	actor: StaffUser,
	input: LeadFundingInput,
	options: WebhookOptions & { timeZone: string },
): Promise<SaveFundingOutcome> {
	return db.transaction(async (tx) => {
		const [lead] = await tx
			.select({
				status: leads.status,
				assignedTo: leads.assignedTo,
				createdAt: leads.createdAt,
				formCompletionStatus: leads.formCompletionStatus,
			})
			.from(leads)
			.where(leadInScope(actor, input.leadId))
			.for('update')
		if (!lead) return 'missing'
		if (lead.status !== 'closed') return 'not-closed'
		if (lead.formCompletionStatus !== null && input.fundedOn < dayInTimeZone(lead.createdAt, options.timeZone)) return 'before-lead'
		const funding: LeadFundingView = { amount: input.amount, rate: input.rate, points: input.points, fundedOn: input.fundedOn }
		const before = await fundingOfLead(tx, input.leadId)
		if (before && sameFunding(before, funding)) return { taken: false, change: 'unchanged', funding }
		const taken = await takeIfUnassigned(tx, actor, input.leadId, lead.assignedTo, options)
		const values = { ...funding, recordedBy: actor.id, recordedAt: sql`now()` }
		await tx
			.insert(leadFundings)
			.values({ leadId: input.leadId, ...values })
			.onConflictDoUpdate({ target: leadFundings.leadId, set: values })
		await recordLeadActivity(tx, actor, [
			{ leadId: input.leadId, action: 'funding_recorded', detail: { ...funding, ...(before ? { previous: before } : {}) } },
		])
		await enqueueLeadEvent(tx, 'lead.funded', input.leadId, { funding: { ...funding, corrected: before !== null } }, options)
		return { taken, change: before ? 'corrected' : 'recorded', funding }
	})
}

/**
 * docs/decisions/0123: removes a funded loan recorded by mistake (on any status: a closing that fell through may carry
 * one). The history and the activity log keep what was removed, and `lead.funded` carries `funding: null`. 'none':
 * there was none. Working an unassigned lead takes it (docs/decisions/0043).
 */
export async function removeLeadFunding(
	db: Database,
	actor: StaffUser,
	leadId: string,
	options: WebhookOptions,
): Promise<'missing' | 'none' | { taken: boolean }> {
	return db.transaction(async (tx) => {
		const [lead] = await tx.select({ assignedTo: leads.assignedTo }).from(leads).where(leadInScope(actor, leadId)).for('update')
		if (!lead) return 'missing'
		const [removed] = await tx.delete(leadFundings).where(eq(leadFundings.leadId, leadId)).returning(fundingColumns)
		if (!removed) return 'none'
		const taken = await takeIfUnassigned(tx, actor, leadId, lead.assignedTo, options)
		await recordLeadActivity(tx, actor, [{ leadId, action: 'funding_removed', detail: { previous: removed } }])
		await enqueueLeadEvent(tx, 'lead.funded', leadId, { funding: null }, options)
		return { taken }
	})
}
