import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadTasks, leads } from '#db/schema.ts'
import { can } from '#app/features/auth/roles.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import { leadInScope } from './lead-access.server.ts'
import { type AssignLeadInput, type ContactAttemptInput, type LogContactInput, reachedBorrower } from '../model/lead-assignment.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { findActiveOfficer } from '../routing/lead-routing.server.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import { parseApplication } from '../model/lead-application.ts'
import { managerAssignedLeadEmail } from '../routing/lead-assignment-mail.ts'
import { notifyAssignee } from '../routing/notify-assignee.server.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'
import { leadWorkCounts } from './lead-timeline.server.ts'

/** Where a lead event's link points (docs/decisions/0068); absent, the link is relative. */
export type WebhookOptions = { baseUrl?: string }

export type AssignOutcome = 'assigned' | 'unassigned' | 'missing' | 'not-an-officer'

/** docs/decisions/0035: a manager or admin gives the lead to an active officer (or back to the pool), logged in its history. */
export async function assignLead(
	db: Database,
	actor: StaffUser,
	{ leadId, assigneeId }: AssignLeadInput,
	{ baseUrl, timeZone, staffMail }: { baseUrl: string; timeZone: string; staffMail?: StaffMailDetail },
): Promise<AssignOutcome> {
	return db.transaction(async (tx) => {
		const officer = assigneeId ? await findActiveOfficer(tx, assigneeId) : null
		if (assigneeId && !officer) return 'not-an-officer'
		const [before] = await tx.select({ assignedTo: leads.assignedTo }).from(leads).where(leadInScope(actor, leadId)).for('update')
		if (!before) return 'missing'
		const [lead] = await tx
			.update(leads)
			.set({ assignedTo: officer?.id ?? null, assignedAt: officer ? sql`now()` : null })
			.where(eq(leads.id, leadId))
			.returning()
		// docs/decisions/0053: the officer a manager gives a lead to hears of it, in this same transaction.
		if (officer && officer.id !== before.assignedTo && officer.id !== actor.id) {
			const answers = parseApplication(lead!.message) ?? {}
			// docs/decisions/0107: the e-mail says how many notes and calls the lead's timeline already holds.
			const history = await leadWorkCounts(tx, leadId)
			// docs/decisions/0111: by e-mail, by text, both or neither, as the officer chose.
			await notifyAssignee(tx, officer, leadId, {
				kind: 'notify-assigned-lead',
				draft: managerAssignedLeadEmail(officer, lead!, answers, actor, baseUrl, timeZone, staffMail, history),
			})
		}
		// docs/decisions/0105: the open follow-up tasks the former officer held on the lead follow it to the new one (a task a
		// manager gave someone else stays theirs); back in the pool, they stay with their owner, who can still open it.
		if (officer && before.assignedTo && officer.id !== before.assignedTo)
			await tx
				.update(leadTasks)
				.set({ assignedTo: officer.id })
				.where(and(eq(leadTasks.leadId, leadId), eq(leadTasks.assignedTo, before.assignedTo), isNull(leadTasks.completedAt)))
		await recordLeadActivity(tx, actor, [
			{ leadId, action: 'assigned', detail: { fromId: before.assignedTo, toId: officer?.id ?? null, toName: officer?.name ?? null } },
		])
		if ((officer?.id ?? null) !== before.assignedTo)
			await enqueueLeadEvent(
				tx,
				'lead.assigned',
				leadId,
				{ change: { fromId: before.assignedTo, toId: officer?.id ?? null, by: 'manager' } },
				{ baseUrl },
			)
		return officer ? 'assigned' : 'unassigned'
	})
}

/** docs/decisions/0035: an officer takes an unassigned lead; only one of two officers claiming at once gets it. */
export async function claimLead(
	db: Database,
	actor: StaffUser,
	leadId: string,
	options: WebhookOptions = {},
): Promise<'claimed' | 'taken' | 'missing'> {
	return db.transaction(async (tx) => {
		const [claimed] = await tx
			.update(leads)
			.set({ assignedTo: actor.id, assignedAt: sql`now()` })
			.where(and(eq(leads.id, leadId), isNull(leads.assignedTo)))
			.returning({ id: leads.id })
		if (!claimed) {
			const [exists] = await tx.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, leadId))
			return exists ? 'taken' : 'missing'
		}
		await recordLeadActivity(tx, actor, [
			{ leadId, action: 'assigned', detail: { fromId: null, toId: actor.id, toName: actor.name, by: 'claim' } },
		])
		await enqueueLeadEvent(tx, 'lead.assigned', leadId, { change: { fromId: null, toId: actor.id, by: 'claim' } }, options)
		return 'claimed'
	})
}

/**
 * Docs/decisions/0043: a loan officer who works an unassigned lead (a status, a note, a call) takes it in
 * the same transaction, so two officers never call the same borrower unknowingly. Managers and admins
 * work any lead without taking it.
 */
export async function takeIfUnassigned(
	tx: Transaction,
	actor: StaffUser,
	leadId: string,
	assignedTo: string | null,
	options: WebhookOptions = {},
): Promise<boolean> {
	if (assignedTo !== null || can(actor.roles, 'leads.all') || !actor.roles.includes('user')) return false
	await tx.update(leads).set({ assignedTo: actor.id, assignedAt: sql`now()` }).where(eq(leads.id, leadId))
	await recordLeadActivity(tx, actor, [
		{ leadId, action: 'assigned', detail: { fromId: null, toId: actor.id, toName: actor.name, by: 'work' } },
	])
	await enqueueLeadEvent(tx, 'lead.assigned', leadId, { change: { fromId: null, toId: actor.id, by: 'work' } }, options)
	return true
}

/** What working a lead did beyond the change itself: whether the officer took it from the pool. */
export type LeadWork = { taken: boolean }

/**
 * Speed-to-lead: the first contact's time, kept once (later contacts do not move it); true when this was it. With
 * `announce` false the caller queues lead.first_contact itself, after its own event.
 */
export async function markFirstContact(tx: Transaction, leadId: string, options: WebhookOptions = {}, announce = true) {
	const first = await tx
		.update(leads)
		.set({ firstContactedAt: sql`now()` })
		.where(and(eq(leads.id, leadId), isNull(leads.firstContactedAt)))
		.returning({ at: leads.firstContactedAt })
	if (first.length > 0 && announce) await enqueueLeadEvent(tx, 'lead.first_contact', leadId, {}, options)
	return first.length > 0
}

/**
 * docs/decisions/0036, 0104: "Log call" / "Log e-mail" with how it went: an activity entry, and the lead's first contact
 * only when it reached the borrower (a voicemail, no answer or wrong number leaves the clock running and the lead
 * escalated when due); null when out of reach. `firstContact`: this contact was the lead's first.
 */
export async function logLeadContact(
	db: Database,
	actor: StaffUser,
	{ leadId, channel, outcome, summary }: LogContactInput,
	options: WebhookOptions = {},
): Promise<(LeadWork & { reached: boolean; firstContact: boolean }) | null> {
	return db.transaction(async (tx) => {
		const [lead] = await tx.select({ assignedTo: leads.assignedTo }).from(leads).where(leadInScope(actor, leadId)).for('update')
		if (!lead) return null
		const taken = await takeIfUnassigned(tx, actor, leadId, lead.assignedTo, options)
		const reached = reachedBorrower(outcome)
		const firstContact = reached ? await markFirstContact(tx, leadId, options) : false
		await recordLeadActivity(tx, actor, [{ leadId, action: 'contact_logged', detail: { channel, outcome, summary } }])
		return { taken, reached, firstContact }
	})
}

/**
 * docs/decisions/0104: a tap on Call, Text or E-mail in the lead details, recorded as "call started" (and so on) in the
 * lead's history. An attempt is work on the lead (an officer takes it from the pool, docs/decisions/0043) but never
 * its first contact. Null when out of reach.
 */
export async function recordContactAttempt(
	db: Database,
	actor: StaffUser,
	{ leadId, channel }: ContactAttemptInput,
	options: WebhookOptions = {},
): Promise<LeadWork | null> {
	return db.transaction(async (tx) => {
		const [lead] = await tx.select({ assignedTo: leads.assignedTo }).from(leads).where(leadInScope(actor, leadId)).for('update')
		if (!lead) return null
		const taken = await takeIfUnassigned(tx, actor, leadId, lead.assignedTo, options)
		await recordLeadActivity(tx, actor, [{ leadId, action: 'contact_started', detail: { channel } }])
		return { taken }
	})
}
