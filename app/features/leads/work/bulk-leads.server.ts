import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { DEFAULT_TIME_ZONE } from '#app/features/content/time-zone.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import type { Logger } from '#app/context.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import type { Database } from '#db/client.ts'
import { leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'
import { parseApplication } from '../model/lead-application.ts'
import { BULK_MESSAGES, type BulkAssignInput, type BulkSkip, type BulkStatusInput, ruleMiss, ruleMissText } from '../model/lead-bulk.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { propertyStateOf } from '../model/property-state.ts'
import { assignedLeadEmail } from '../routing/lead-assignment-mail.ts'
import { getRoutingSettings, listOfficers, routeNewLead } from '../routing/lead-routing.server.ts'
import { notifyAssignee } from '../routing/notify-assignee.server.ts'
import { assignLead } from './assign-lead.server.ts'
import { leadScope } from './lead-access.server.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import type { ActingStaff } from '#app/features/activity/activity-log.server.ts'
import { updateLeadStatus } from './update-lead-status.server.ts'

type Options = { baseUrl?: string; timeZone?: string; staffMail?: StaffMailDetail }

/** The property's state and the loan program, as automatic routing reads them (docs/decisions/0035). */
const routedOf = (lead: { message: string | null; loanType: string | null }) => ({
	state: propertyStateOf((parseApplication(lead.message) ?? {}) as Partial<LoanFormData>),
	loanType: lead.loanType,
})

/** The selected leads in the actor's reach, with what the rules read and the name the answer gives them. */
async function selectedLeads(db: Database, actor: StaffUser, leadIds: readonly string[]) {
	const rows = await db
		.select({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName, message: leads.message, loanType: leads.loanType })
		.from(leads)
		.where(and(inArray(leads.id, [...leadIds]), leadScope(actor)))
	return new Map(rows.map((row) => [row.id, row]))
}

/**
 * One change per selected lead, each through its own transaction, so a lead that fails leaves the others changed and
 * the answer says which (docs/decisions/0108).
 */
async function eachLead(
	leadIds: readonly string[],
	found: Map<string, { firstName: string; lastName: string }>,
	log: Logger,
	change: (leadId: string) => Promise<string | null>,
) {
	const skipped: BulkSkip[] = []
	for (const leadId of leadIds) {
		const lead = found.get(leadId)
		const name = lead ? `${lead.firstName} ${lead.lastName}` : 'A selected lead'
		if (!lead) {
			skipped.push({ leadId, name, reason: BULK_MESSAGES.notInReach })
			continue
		}
		try {
			const reason = await change(leadId)
			if (reason) skipped.push({ leadId, name, reason })
		} catch (error) {
			log.error({ err: errorForLog(error), leadId }, 'bulk lead change failed')
			skipped.push({ leadId, name, reason: BULK_MESSAGES.failed })
		}
	}
	return skipped
}

/**
 * docs/decisions/0108: the selected leads to one officer, each through assignLead (history, activity log, lead.assigned,
 * the officer's e-mail through the outbox). A lead whose state or program the officer does not take (their routing rule,
 * docs/decisions/0035) is left as it is, and the answer says why. Null: not an active officer.
 */
export async function bulkAssignLeads(db: Database, actor: StaffUser, input: BulkAssignInput, log: Logger, options: Options = {}) {
	const officer = (await listOfficers(db)).find((candidate) => candidate.id === input.assigneeId)
	if (!officer) return null
	const found = await selectedLeads(db, actor, input.leadIds)
	const skipped = await eachLead(input.leadIds, found, log, async (leadId) => {
		const miss = ruleMiss(officer, routedOf(found.get(leadId)!))
		if (miss) return ruleMissText(miss, officer.name)
		const outcome = await assignLead(
			db,
			actor,
			{ leadId, assigneeId: officer.id },
			{ baseUrl: options.baseUrl ?? '', timeZone: options.timeZone ?? DEFAULT_TIME_ZONE, staffMail: options.staffMail },
		)
		if (outcome === 'not-an-officer') throw new Error('the officer stopped being active')
		return outcome === 'missing' ? BULK_MESSAGES.notInReach : null
	})
	return { officer: officer.name, total: input.leadIds.length, skipped }
}

/** docs/decisions/0108: the selected leads to one status, each through updateLeadStatus (history, activity log, webhooks). */
export async function bulkUpdateStatus(db: Database, actor: StaffUser, input: BulkStatusInput, log: Logger, options: Options = {}) {
	const found = await selectedLeads(db, actor, input.leadIds)
	const skipped = await eachLead(input.leadIds, found, log, async (leadId) => {
		const work = await updateLeadStatus(db, actor, { leadId, status: input.status }, options)
		return work ? null : BULK_MESSAGES.notInReach
	})
	return { total: input.leadIds.length, skipped }
}

/** docs/decisions/0108: how many leads wait in the unassigned pool. */
export async function countUnassigned(db: Database) {
	return db.$count(leads, isNull(leads.assignedTo))
}

export type BacklogOutcome = { off: true } | { off: false; assigned: number; unmatched: number }

/**
 * docs/decisions/0108: every lead of the unassigned pool through the routing rules, one lead at a time with the same
 * function as a new lead's routing (routeNewLead: round-robin, the routing lock, the officer's turn), and the routed
 * officer's e-mail through the outbox; a lead no officer takes stays in the pool. Oldest first, so the longest waiting
 * borrower is called first. Nothing when automatic assignment is off.
 */
export async function assignBacklog(db: Database, actor: ActingStaff, options: Options = {}): Promise<BacklogOutcome> {
	if (!(await getRoutingSettings(db)).autoAssign) return { off: true }
	const waiting = await db.select({ id: leads.id }).from(leads).where(isNull(leads.assignedTo)).orderBy(asc(leads.createdAt), asc(leads.id))
	let assigned = 0
	let unmatched = 0
	for (const { id } of waiting) {
		const routed = await db.transaction(async (tx) => {
			// Claimed or assigned since the list was read: not this run's to route.
			const [lead] = await tx
				.select()
				.from(leads)
				.where(and(eq(leads.id, id), isNull(leads.assignedTo)))
				.for('update')
			if (!lead) return 'gone'
			const officer = await routeNewLead(tx, { id, ...routedOf(lead) }, (inTx, entry) => recordLeadActivity(inTx, actor, [entry]))
			if (!officer) return 'unmatched'
			const answers = (parseApplication(lead.message) ?? {}) as LoanFormData
			// docs/decisions/0111: by e-mail, by text, both or neither, as the officer chose.
			if (options.baseUrl !== undefined)
				await notifyAssignee(tx, officer, id, {
					kind: 'notify-assigned-lead',
					draft: assignedLeadEmail(officer, lead, answers, options.baseUrl, options.timeZone ?? DEFAULT_TIME_ZONE, options.staffMail),
				})
			await enqueueLeadEvent(tx, 'lead.assigned', id, { change: { fromId: null, toId: officer.id, by: 'routing' } }, options)
			return 'assigned'
		})
		if (routed === 'assigned') assigned++
		if (routed === 'unmatched') unmatched++
	}
	return { off: false, assigned, unmatched }
}
