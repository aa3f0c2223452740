import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadActivity, leads, users } from '#db/schema.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { escalationEmail } from './lead-assignment-mail.ts'
import { getRoutingSettings, managerEmails } from './lead-routing.server.ts'

/** Leads escalated per run; the next run (a few seconds later) takes the rest. */
const ESCALATION_BATCH = 50

/**
 * Issue 10 speed-to-lead: a new lead nobody has contacted for the configured minutes is escalated once
 * to the managers (moderators and admins; the settings' admin e-mail when there are none). Marking the
 * leads and queueing the e-mails is one transaction, and leads another process is escalating are
 * skipped, so several processes may run this at once without a second e-mail. Answers how many leads
 * were escalated.
 */
export async function escalateUntouchedLeads(db: Database, options: { baseUrl: string; fallbackEmail: () => Promise<string> }) {
	const { escalationMinutes } = await getRoutingSettings(db)
	if (escalationMinutes <= 0) return 0
	return db.transaction(async (tx) => {
		const due = tx
			.select({ id: leads.id })
			.from(leads)
			.where(
				and(
					isNull(leads.firstContactedAt),
					isNull(leads.escalatedAt),
					eq(leads.status, 'new'),
					lte(leads.createdAt, sql`now() - make_interval(mins => ${escalationMinutes})`),
				),
			)
			.orderBy(leads.createdAt)
			.limit(ESCALATION_BATCH)
			.for('update', { skipLocked: true })
		const escalated = await tx.update(leads).set({ escalatedAt: sql`now()` }).where(inArray(leads.id, due)).returning({
			id: leads.id,
			firstName: leads.firstName,
			lastName: leads.lastName,
			loanType: leads.loanType,
			createdAt: leads.createdAt,
			assignedTo: leads.assignedTo,
		})
		if (escalated.length === 0) return 0
		const managers = await managerEmails(tx)
		const to = managers.length > 0 ? managers : [await options.fallbackEmail()]
		const assigneeIds = [...new Set(escalated.map((lead) => lead.assignedTo).filter((id): id is string => id !== null))]
		const names = new Map(
			assigneeIds.length === 0
				? []
				: (await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, assigneeIds))).map((user) => [
						user.id,
						user.name,
					]),
		)
		for (const lead of escalated) {
			const assigneeName = lead.assignedTo ? (names.get(lead.assignedTo) ?? null) : null
			await enqueueMail(tx, 'lead-escalation', escalationEmail(to, { ...lead, assigneeName }, escalationMinutes, options.baseUrl))
		}
		await tx
			.insert(leadActivity)
			.values(escalated.map((lead) => ({ leadId: lead.id, action: 'escalated' as const, detail: { minutes: escalationMinutes } })))
		return escalated.length
	})
}
