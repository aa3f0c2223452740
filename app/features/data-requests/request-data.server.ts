import { eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { dataRequests } from '#db/schema.ts'
import { type ActingStaff, actorOfStaff, recordActivity } from '#app/features/activity/activity-log.server.ts'
import { ANONYMIZED_CONTACT_SET, type LeadToAnonymize, anonymizeLeadRows } from '#app/features/retention/anonymize.server.ts'
import { LOAN_STATUS } from '#app/features/retention/disposal.server.ts'
import { DATA_REQUEST_MESSAGES, verificationLevel } from './data-request-schema.ts'
import { type DataRequest, logDataRequestStep, onOpenRequest, refuse } from './data-requests.server.ts'
import { type PersonalDataExport, exportRowCount } from './export-document.ts'
import { foundCounts, searchPersonalData } from './personal-data-search.server.ts'
import { DATA_REQUEST_MAIL_KIND_PREFIX } from './requester-mail.ts'

/** docs/decisions/0091: what is held about a request's requester, read by an admin (logged as a read, with counts only). */
export async function searchForRequest(db: Database, actor: ActingStaff, request: DataRequest) {
	const found = await searchPersonalData(db, { email: request.email, phone: request.phone })
	await recordActivity(
		db,
		actorOfStaff(actor),
		{ type: 'data_request.searched', details: { rows: foundCounts(found) } },
		{ kind: 'request', id: request.id },
	)
	return found
}

/**
 * The export of a request to know: every row the search finds now, for a requester verified for specific pieces (3 data
 * points and a signed declaration, 11 CCR 7062). Logged with its format and row count, and written in the request's steps.
 */
export async function exportForRequest(
	db: Database,
	actor: ActingStaff,
	input: { id: string; format: 'json' | 'html' },
	company: string,
): Promise<{ ok: true; document: PersonalDataExport } | { ok: false; status: number; message: string }> {
	return onOpenRequest(db, input.id, async (tx, request) => {
		if (verificationLevel(request.verifiedPoints, request.signedDeclaration) !== 'specific')
			return refuse(409, DATA_REQUEST_MESSAGES.needsSpecific)
		const found = await searchPersonalData(tx, { email: request.email, phone: request.phone })
		const document: PersonalDataExport = {
			company,
			request: { id: request.id, type: request.type, receivedOn: request.receivedOn },
			generatedAt: new Date().toISOString(),
			categories: found,
		}
		const rows = exportRowCount(document)
		await logDataRequestStep(
			tx,
			actor,
			request,
			'exported',
			{ format: input.format, rows: foundCounts(found) },
			{ type: 'data_request.exported', details: { format: input.format, rows } },
		)
		return { ok: true, document }
	})
}

export type EraseSummary = {
	leads: number
	contactMessages: number
	emails: number
	webhookEvents: number
	consentRecordsKept: number
	leadsOnHold: number
	leadsThatBecameLoans: number
}

/** What the requester is told of an erase: what went and what was kept, and why (the law's own exceptions). */
export function eraseReply(summary: EraseSummary) {
	const lines = [
		`We deleted your personal data from ${summary.leads} quote ${summary.leads === 1 ? 'request' : 'requests'} and ${summary.contactMessages} contact ${
			summary.contactMessages === 1 ? 'message' : 'messages'
		}, and the copies of e-mails and notifications about them.`,
	]
	if (summary.consentRecordsKept > 0)
		lines.push(
			`We kept the record of your consent to be contacted (${summary.consentRecordsKept} ${summary.consentRecordsKept === 1 ? 'record' : 'records'}): the law lets a claim about calls and texts be brought for 4 years, and this record is our evidence.`,
		)
	if (summary.leadsOnHold > 0)
		lines.push(
			`We did not delete ${summary.leadsOnHold} ${summary.leadsOnHold === 1 ? 'request that is' : 'requests that are'} under a legal hold: the law requires us to keep ${summary.leadsOnHold === 1 ? 'it' : 'them'} until the hold ends.`,
		)
	if (summary.leadsThatBecameLoans > 0)
		lines.push(
			`We did not delete ${summary.leadsThatBecameLoans} ${summary.leadsThatBecameLoans === 1 ? 'request that became a loan' : 'requests that became loans'}: a loan’s file is kept as lending law requires.`,
		)
	lines.push(
		'We keep the security log of who at our company viewed or changed your data, which cannot be altered, for 5 years, and a record of this request and our answer for 24 months, as the California privacy regulations require.',
	)
	return lines.join('\n')
}

/**
 * docs/decisions/0091: a delete request's erase. The requester's leads and contact messages are anonymised as retention
 * does (decision 0090); the outbox's copies of e-mails about them and the webhook events of those leads are deleted.
 * Kept, as the law allows: consent evidence (TCPA), a lead on legal hold or that became a loan, the activity log
 * (append-only) and the request itself. One transaction: all of it or nothing.
 */
export async function eraseForRequest(db: Database, actor: ActingStaff, input: { id: string; reason: string }) {
	return onOpenRequest(db, input.id, async (tx, request) => {
		if (request.type !== 'delete') return refuse(409, DATA_REQUEST_MESSAGES.notDelete)
		if (request.erasedAt) return refuse(409, DATA_REQUEST_MESSAGES.erasedAlready)
		if (verificationLevel(request.verifiedPoints, request.signedDeclaration) === 'unverified')
			return refuse(409, DATA_REQUEST_MESSAGES.needsCategories)
		const now = new Date()
		const found = await searchPersonalData(tx, { email: request.email, phone: request.phone })
		const held = found.leads.filter((lead) => lead.legal_hold_at !== null)
		const loans = found.leads.filter((lead) => lead.legal_hold_at === null && lead.status === LOAN_STATUS)
		const erasable = found.leads.filter((lead) => lead.legal_hold_at === null && lead.status !== LOAN_STATUS)
		const ids = (rows: ReadonlyArray<{ id: string | number }>) => `{${rows.map((row) => row.id).join(',')}}`
		// Read again under lock: a hold placed since the search keeps its lead.
		const locked = (await tx.execute(sql`select id, message, attribution, property_details, loan_customization from leads
			where id = any(${ids(erasable)}::uuid[]) and legal_hold_at is null and status <> ${LOAN_STATUS} and anonymized_at is null
			for update`)) as unknown as { rows: LeadToAnonymize[] }
		await anonymizeLeadRows(tx, locked.rows, now)
		await tx.execute(sql`update contact_messages set ${ANONYMIZED_CONTACT_SET}, anonymized_at = ${now.toISOString()}
			where id = any(${ids(found.contactMessages)}::uuid[])`)
		// E-mails about a kept lead stay with it; the rest of the person's mail copies go.
		const keptLeadIds = [...held, ...loans].map((lead) => String(lead.id))
		const mails = found.emails.filter(
			(mail) => !keptLeadIds.includes(String(mail.lead_id)) && !keptLeadIds.some((id) => String(mail.text ?? '').includes(id)),
		)
		const deletedMail = (await tx.execute(sql`delete from outbox where id = any(${ids(mails)}::bigint[])
			and kind not like ${`${DATA_REQUEST_MAIL_KIND_PREFIX}%`} returning id`)) as unknown as { rows: unknown[] }
		const keptIdArray = `{${keptLeadIds.join(',')}}`
		const events = [...new Set(found.webhookDeliveries.map((delivery) => String(delivery.event_id)))]
		// The events found, and any other event of an erased lead (one whose endpoint is gone has no delivery to find it by).
		const deletedEvents = (await tx.execute(sql`delete from webhook_events
			where (id = any(${`{${events.join(',')}}`}::text[]) or lead_id = any(${ids(locked.rows)}::uuid[]))
				and (lead_id is null or lead_id <> all(${keptIdArray}::uuid[])) returning id`)) as unknown as { rows: unknown[] }
		const summary: EraseSummary = {
			leads: locked.rows.length,
			contactMessages: found.contactMessages.length,
			emails: deletedMail.rows.length,
			webhookEvents: deletedEvents.rows.length,
			consentRecordsKept: found.consentRecords.length,
			leadsOnHold: held.length,
			leadsThatBecameLoans: loans.length,
		}
		await tx.update(dataRequests).set({ erasedAt: now, eraseReason: input.reason }).where(eq(dataRequests.id, request.id))
		const reply = eraseReply(summary)
		await logDataRequestStep(
			tx,
			actor,
			request,
			'erased',
			{ reason: input.reason, ...summary, heldLeadIds: held.map((lead) => lead.id), reply },
			{ type: 'data_request.erased', details: { reason: input.reason, ...summary } },
		)
		return { ok: true, summary, reply }
	})
}
