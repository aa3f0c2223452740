import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import type { ActivityType } from '#app/features/activity/activity-entry.ts'
import { e164Phone, formatPhone, mailboxKey, normalizeEmail, normalizePhone } from '#app/features/validation/form-fields.ts'
import { DATA_REQUEST_MAIL_KIND_PREFIX } from './requester-mail.ts'
import { FOUND_CATEGORIES, type FoundCategory, type FoundRow, type PersonalDataFound } from './found-categories.ts'

/** The most rows of one category a search reads. */
export const SEARCH_LIMIT = 1000

type Executor = Database | Transaction

/**
 * The activity entries whose details hold what staff typed (a search box, a sign-in form): the only ones that can name
 * a borrower in their text. The others hold ids and figures, and are found by their subject; reading only these keeps
 * the search off the rest of a log kept 5 years.
 */
const TYPED_TEXT_ACTIONS = ['lead.list_searched', 'leads.exported', 'auth.sign_in_failed'] as const satisfies readonly ActivityType[]
const rowsOf = async (executor: Executor, query: SQL) => ((await executor.execute(query)) as unknown as { rows: FoundRow[] }).rows

/** JSON-safe copies: dates as ISO text. */
const plain = (rows: FoundRow[]): FoundRow[] =>
	rows.map(
		(row) =>
			Object.fromEntries(
				Object.entries(row).map(([key, value]) => [
					key,
					value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? Number(value) : value,
				]),
			) as FoundRow,
	)

/** `lower(column) like '%pattern%'` for any pattern (LIKE's own characters escaped); false for none. */
function mentionsAny(column: SQL, patterns: readonly string[]) {
	if (patterns.length === 0) return sql`false`
	const likes = patterns.map((pattern) => sql`lower(${column}) like ${`%${pattern.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`)
	return sql`(${sql.join(likes, sql` or `)})`
}

const phoneForms = (digits: string) => [digits, e164Phone(digits), formatPhone(digits)]

/**
 * docs/decisions/0091: everything the site holds about one e-mail address or phone, by category. The address and the
 * phone are matched as lead intake normalises them (the mailbox an address delivers to, the phone's 10 digits); the
 * addresses and phones of the leads and messages found are matched too, and the leads' ids, so an e-mail or a webhook
 * about a lead is found whatever it printed. A data request's own e-mails are its correspondence, not data held.
 */
export async function searchPersonalData(executor: Executor, who: { email: string | null; phone: string | null }) {
	const emailKey = who.email ? mailboxKey(who.email) : null
	const emailText = who.email ? normalizeEmail(who.email) : null
	const phone = who.phone ? normalizePhone(who.phone) : null

	const leads = await rowsOf(
		executor,
		sql`select id, created_at, first_name, last_name, email, phone, status, loan_type, property_type, transaction_type,
				property_value, source_page, message, form_completion_status, short_form_completed_at, long_form_completed_at,
				fico_score_detailed, property_details, loan_customization, attribution, assigned_to, contact_requested_at,
				last_activity_at, legal_hold_at, legal_hold_reason, anonymized_at
			from leads
			where email_normalized = ${emailKey} or phone_normalized = ${phone}
			order by created_at limit ${SEARCH_LIMIT}`,
	)
	const domain = emailKey?.split('@')[1] ?? null
	const domains = domain === 'gmail.com' ? ['gmail.com', 'googlemail.com'] : domain ? [domain] : []
	const contactCandidates = await rowsOf(
		executor,
		sql`select id, created_at, name, email, phone, message, user_agent, read_at, anonymized_at from contact_messages
			where ${domains.length > 0 ? sql`split_part(lower(email), '@', 2) in (${sql.join(domains, sql`, `)})` : sql`false`}
				or (${phone}::text is not null and right(regexp_replace(phone, '\\D', '', 'g'), 10) = ${phone})
			order by created_at limit ${SEARCH_LIMIT}`,
	)
	const contactMessages = contactCandidates.filter(
		(row) =>
			(emailKey !== null && typeof row.email === 'string' && row.email !== '' && mailboxKey(row.email) === emailKey) ||
			(phone !== null && typeof row.phone === 'string' && normalizePhone(row.phone) === phone),
	)

	const leadIds = leads.map((lead) => String(lead.id))
	const leadIdArray = `{${leadIds.join(',')}}`
	const consentRecords = await rowsOf(
		executor,
		sql`select id, lead_id, kind, consent_text, consent_version, consent_hash, consented_at, ip_address, socket_ip_address,
				user_agent, page_url
			from lead_consents where lead_id = any(${leadIdArray}::uuid[]) order by consented_at, id limit ${SEARCH_LIMIT}`,
	)

	// docs/decisions/0107: staff's notes on the leads (with each earlier text of a corrected one) and the tasks' notes.
	const leadNotes = await rowsOf(
		executor,
		sql`select id, lead_id, author_name, body, created_at, edited_at, revisions
			from lead_notes where lead_id = any(${leadIdArray}::uuid[]) order by created_at, id limit ${SEARCH_LIMIT}`,
	)
	const taskNotes = await rowsOf(
		executor,
		sql`select id, lead_id, kind, due_at, note, created_at, completed_at
			from lead_tasks where lead_id = any(${leadIdArray}::uuid[]) and note is not null order by created_at, id limit ${SEARCH_LIMIT}`,
	)

	const fundedLoans = await rowsOf(
		executor,
		sql`select lead_id as id, amount, rate, points, funded_on, recorded_at
			from lead_fundings where lead_id = any(${leadIdArray}::uuid[]) order by recorded_at, lead_id limit ${SEARCH_LIMIT}`,
	)

	// The person's addresses and phones as the rows found hold them, in the ways text prints them.
	const emails = new Set<string>(emailText ? [emailText] : [])
	const phones = new Set<string>(phone ? [phone] : [])
	for (const row of [...leads, ...contactMessages]) {
		if (typeof row.email === 'string' && row.email) emails.add(normalizeEmail(row.email))
		if (typeof row.phone === 'string' && normalizePhone(row.phone).length === 10) phones.add(normalizePhone(row.phone))
	}
	const personal = [...emails, ...[...phones].flatMap(phoneForms)]
	const aboutLeads = [...personal, ...leadIds]

	const sent = await rowsOf(
		executor,
		sql`select id, kind, status, created_at, sent_at, lead_id, payload->'to' as "to", payload->>'replyTo' as reply_to,
				payload->>'subject' as subject, payload->>'text' as text
			from outbox
			where kind not like ${`${DATA_REQUEST_MAIL_KIND_PREFIX}%`}
				-- docs/decisions/0113: a message about one of the leads, whatever its text names.
				and (lead_id = any(${leadIdArray}::uuid[]) or ${mentionsAny(sql`payload::text`, aboutLeads)})
			order by id limit ${SEARCH_LIMIT}`,
	)
	const webhookDeliveries = await rowsOf(
		executor,
		sql`select d.id, e.id as event_id, e.type as event_type, en.url as endpoint_url, d.status, d.created_at, d.delivered_at,
				e.lead_id, e.payload
			from webhook_deliveries d join webhook_events e on e.id = d.event_id join webhook_endpoints en on en.id = d.endpoint_id
			where e.lead_id = any(${leadIdArray}::uuid[]) or ${mentionsAny(sql`e.payload::text`, personal)}
			order by d.id limit ${SEARCH_LIMIT}`,
	)
	const activity = await rowsOf(
		executor,
		sql`select id, at, actor_email, action, subject_kind, subject_id, details from activity_log
			where (subject_kind = 'lead' and subject_id = any(${`{${leadIds.join(',')}}`}::text[]))
				or (action in (${sql.join(
					TYPED_TEXT_ACTIONS.map((action) => sql`${action}`),
					sql`, `,
				)}) and ${mentionsAny(sql`details::text`, personal)})
			order by id limit ${SEARCH_LIMIT}`,
	)
	return {
		leads: plain(leads),
		leadNotes: plain(leadNotes),
		taskNotes: plain(taskNotes),
		fundedLoans: plain(fundedLoans),
		contactMessages: plain(contactMessages),
		consentRecords: plain(consentRecords),
		emails: plain(sent),
		webhookDeliveries: plain(webhookDeliveries),
		activity: plain(activity),
	} satisfies PersonalDataFound
}

/** How many rows of each category were found (what the activity log records of a search, never the rows). */
export const foundCounts = (found: PersonalDataFound) =>
	Object.fromEntries(FOUND_CATEGORIES.map((category) => [category, found[category].length])) as Record<FoundCategory, number>

export const foundTotal = (found: PersonalDataFound) => FOUND_CATEGORIES.reduce((sum, category) => sum + found[category].length, 0)
