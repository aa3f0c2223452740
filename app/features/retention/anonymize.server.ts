import { sql } from 'drizzle-orm'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import type { Database } from '#db/client.ts'
import { ANONYMIZED_NAME, anonymizedAttribution, anonymizedDetails, anonymizedMessage } from './anonymize.ts'

/** The columns of a lead that anonymising reads, as selected with `select id, message, attribution, ...`. */
export type LeadToAnonymize = {
	id: string
	message: string | null
	attribution: unknown
	property_details: unknown
	loan_customization: unknown
}

/**
 * docs/decisions/0090: replaces the personal data of these leads (already read and locked by the caller) in one
 * statement, keeping the figures reports count; their history keeps its entries without a note's excerpt or a call's
 * summary, and their notes are deleted (docs/decisions/0107). Shared by the daily disposal and a borrower's erase request (docs/decisions/0091).
 */
export async function anonymizeLeadRows(tx: Database | Transaction, due: readonly LeadToAnonymize[], now: Date) {
	if (due.length === 0) return
	const kept = due.map((lead) => ({
		id: lead.id,
		message: anonymizedMessage(lead.message),
		attribution: anonymizedAttribution(lead.attribution),
		property_details: anonymizedDetails(lead.property_details),
		loan_customization: anonymizedDetails(lead.loan_customization),
	}))
	await tx.execute(sql`update leads l set
			first_name = ${ANONYMIZED_NAME}, last_name = '', email = '', phone = '',
			email_normalized = null, phone_normalized = null, completion_token_hash = null,
			message = v.message, attribution = v.attribution, property_details = v.property_details,
			loan_customization = v.loan_customization, anonymized_at = ${now.toISOString()}
		from jsonb_to_recordset(${JSON.stringify(kept)}::jsonb)
			as v(id uuid, message text, attribution jsonb, property_details jsonb, loan_customization jsonb)
		where l.id = v.id`)
	// A note's excerpt and a call's summary are staff's words about the borrower: they go too; the fact stays.
	const ids = `{${due.map((lead) => lead.id).join(',')}}`
	await tx.execute(sql`update lead_activity set detail = detail - 'excerpt' - 'summary'
		where lead_id = any(${ids}::uuid[]) and action in ('note_saved', 'contact_logged')`)
	// docs/decisions/0107: the lead's notes are staff's words about the borrower, each an own row (with its earlier texts): deleted.
	await tx.execute(sql`delete from lead_notes where lead_id = any(${ids}::uuid[])`)
	// docs/decisions/0105: a follow-up task's note is staff's words about the borrower too; the task (what, when) stays.
	await tx.execute(sql`update lead_tasks set note = null where lead_id = any(${ids}::uuid[]) and note is not null`)
}

/** What anonymising a contact message sets: the sender's name, address, phone, words and browser go. */
export const ANONYMIZED_CONTACT_SET = sql`name = ${ANONYMIZED_NAME}, email = '', phone = '', message = '', user_agent = null`
