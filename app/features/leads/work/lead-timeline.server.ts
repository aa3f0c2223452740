import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadActivity, leadNotes, outbox, webhookDeliveries, webhookEvents } from '#db/schema.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'

/** docs/decisions/0107: one webhook event about the lead and how its deliveries went (one per endpoint). */
export type LeadWebhookEvent = {
	id: string
	type: string
	createdAt: Date
	delivered: number
	pending: number
	failed: number
}

/** The latest webhook events sent about a lead (the timeline shows them among the lead's other work). */
export const TIMELINE_WEBHOOK_LIMIT = 50

export async function webhookEventsOfLead(db: Database, leadId: string): Promise<LeadWebhookEvent[]> {
	return db
		.select({
			id: webhookEvents.id,
			type: webhookEvents.type,
			createdAt: webhookEvents.createdAt,
			delivered: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'delivered')`.mapWith(Number),
			pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(Number),
			failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')`.mapWith(Number),
		})
		.from(webhookEvents)
		.innerJoin(webhookDeliveries, eq(webhookDeliveries.eventId, webhookEvents.id))
		.where(eq(webhookEvents.leadId, leadId))
		.groupBy(webhookEvents.id)
		.orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
		.limit(TIMELINE_WEBHOOK_LIMIT)
}

/**
 * docs/decisions/0113: one message sent (or to be sent) about the lead, as the timeline shows it: its kind, channel,
 * subject and state. Never its body or its addresses: the recipient is named by role (mailRecipientRole).
 */
export type LeadMailView = {
	id: number
	kind: string
	channel: 'email' | 'sms'
	/** The subject as composed; null for a message composed when it is sent that has not been sent yet (decision 0097). */
	subject: string | null
	status: 'pending' | 'sent' | 'dead' | 'dropped'
	createdAt: Date
}

/** The latest messages about a lead on its timeline. */
export const TIMELINE_MAIL_LIMIT = 50

/** docs/decisions/0113: the lead's messages, newest first, through outbox_lead_idx (lead_id, created_at). */
export async function mailsOfLead(db: Database, leadId: string): Promise<LeadMailView[]> {
	return db
		.select({
			id: outbox.id,
			kind: outbox.kind,
			channel: outbox.channel,
			subject: sql<string | null>`${outbox.payload}->>'subject'`,
			status: outbox.status,
			createdAt: outbox.createdAt,
		})
		.from(outbox)
		.where(eq(outbox.leadId, leadId))
		.orderBy(desc(outbox.createdAt), desc(outbox.id))
		.limit(TIMELINE_MAIL_LIMIT)
}

/**
 * docs/decisions/0107: what the officer a lead is given already has to read: its notes and its calls, texts and e-mails
 * (logged, or started from the details).
 */
export async function leadWorkCounts(tx: Database | Transaction, leadId: string) {
	const [notes] = await tx.select({ n: count() }).from(leadNotes).where(eq(leadNotes.leadId, leadId))
	const [contacts] = await tx
		.select({ n: count() })
		.from(leadActivity)
		.where(and(eq(leadActivity.leadId, leadId), inArray(leadActivity.action, ['contact_logged', 'contact_started'])))
	return { notes: notes?.n ?? 0, contacts: contacts?.n ?? 0 }
}
