import { type Placeholder, type SQL, and, desc, eq, gt, sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { Database } from '#db/client.ts'
import { leadConsents, leads, outbox, webhookDeliveries, webhookEvents } from '#db/schema.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import { type MailDraft, outboxRow } from '#app/features/mail/outbox.server.ts'
import { type RoutedLead, type routingAssignmentWrites, routingWouldAssign } from '../routing/lead-routing.server.ts'
import { subscribedEndpoints } from '#app/features/webhooks/webhooks.server.ts'
import { REPEAT_INQUIRY_DAYS } from './repeat-inquiry.ts'

/**
 * docs/decisions/0062: the statements that write a new lead, each built once per database: the read before it, the
 * common case (nobody to route to) in one statement, and the lead with everything it causes in one statement.
 */

/**
 * The latest lead of the last REPEAT_INQUIRY_DAYS days with the same e-mail or phone (docs/decisions/0049), as a
 * subquery on the placeholders `email` and `phone`.
 */
function repeatOfQuery(db: Database) {
	// The latest match by e-mail and the latest by phone, each read backwards from its own index, then the later of
	// the two: one index entry each, however many leads one address or number already sent (a single query
	// with "email or phone" sorted every match, and the bench's one visitor made that thousands per lead).
	const latestBy = (column: typeof leads.emailNormalized | typeof leads.phoneNormalized, value: Placeholder) =>
		db
			.select({ id: leads.id, createdAt: leads.createdAt })
			.from(leads)
			.where(and(eq(column, value), gt(leads.createdAt, sql`now() - make_interval(days => ${REPEAT_INQUIRY_DAYS})`)))
			.orderBy(desc(leads.createdAt))
			.limit(1)
	return sql`select latest.id from ((${latestBy(leads.emailNormalized, sql.placeholder('email'))}) union all (${latestBy(leads.phoneNormalized, sql.placeholder('phone'))})) as latest order by latest.created_at desc limit 1`
}

/** The placeholders of a prepared statement that reads before a lead. */
const routedPlaceholders = { state: sql.placeholder('state'), loanType: sql.placeholder('loanType') }

/**
 * docs/decisions/0062: what a new lead needs to know before it is written, in one read: the latest lead of
 * the last REPEAT_INQUIRY_DAYS days with the same e-mail or phone (docs/decisions/0049), and whether
 * routing would give the lead to an officer. Built once per database as a prepared statement.
 */
function prepareReadBeforeLead(db: Database) {
	const repeatOf = repeatOfQuery(db)
	return db
		.select({
			repeatOfLeadId: sql<string | null>`(${repeatOf})`,
			officerFits: sql<boolean>`${routingWouldAssign(db, routedPlaceholders)}`,
		})
		.from(sql`(select 1) as one`)
		.prepare('read_before_lead')
}

const preparedReads = new WeakMap<Database, ReturnType<typeof prepareReadBeforeLead>>()

export async function readBeforeLead(db: Database, contact: { emailNormalized: string; phoneNormalized: string }, routed: RoutedLead) {
	let prepared = preparedReads.get(db)
	if (!prepared) {
		prepared = prepareReadBeforeLead(db)
		preparedReads.set(db, prepared)
	}
	const [row] = await prepared.execute({
		email: contact.emailNormalized,
		phone: contact.phoneNormalized,
		state: routed.state,
		loanType: routed.loanType,
	})
	return { repeatOfLeadId: row?.repeatOfLeadId ?? null, officerFits: row?.officerFits === true }
}

/**
 * docs/decisions/0062, the common case in one statement: no Idempotency-Key and nobody to route to. It reads
 * what readBeforeLead reads and, only when routing would give the lead to nobody, writes the lead (linked to
 * its repeat), its consent record and the staff e-mail. The e-mail's text names the earlier lead, known only
 * inside the statement: it comes composed twice, and the repeat version's marker (a random UUID, which no
 * typed text can hold) is replaced by the earlier lead's id. When an officer fits nothing is written and
 * the caller takes the transaction path. Built once per database as a prepared statement.
 */
function prepareCreateUnroutedLead(db: Database) {
	const p = (name: string) => sql.placeholder(name)
	const facts = sql`select (${repeatOfQuery(db)}) as repeat_of, ${routingWouldAssign(db, routedPlaceholders)} as officer_fits`
	const newLead = sql`insert into ${leads} (id, created_at, first_name, last_name, email, phone, loan_type, property_type,
		transaction_type, property_value, source_page, message, status, form_completion_status, short_form_completed_at,
		completion_token_hash, email_normalized, phone_normalized, repeat_of_lead_id, attribution)
		select ${p('id')}::uuid, ${p('submittedAt')}::timestamptz, ${p('firstName')}::text, ${p('lastName')}::text,
			${p('typedEmail')}::text, ${p('typedPhone')}::text, ${p('loanType')}::text, ${p('propertyType')}::text,
			${p('transactionType')}::text, ${p('propertyValue')}::text, ${p('sourcePage')}::text, ${p('message')}::text, 'new',
			'short_form', ${p('submittedAt')}::timestamptz, ${p('completionTokenHash')}::text, ${p('email')}::text,
			${p('phone')}::text, facts.repeat_of, ${p('attribution')}::jsonb
		from facts where not facts.officer_fits
		returning id, repeat_of_lead_id`
	const newConsent = sql`insert into ${leadConsents} (lead_id, consent_text, consent_version, consent_hash, consented_at,
		ip_address, socket_ip_address, user_agent, page_url)
		select new_lead.id, ${p('consentText')}::text, ${p('consentVersion')}::text, ${p('consentHash')}::text,
			${p('submittedAt')}::timestamptz, ${p('ipAddress')}::text, ${p('socketIpAddress')}::text, ${p('userAgent')}::text,
			${p('pageUrl')}::text
		from new_lead
		returning id`
	const newMail = sql`insert into ${outbox} (kind, payload)
		select 'notify-new-lead', case when new_lead.repeat_of_lead_id is null then ${p('mail')}::jsonb
			else replace(${p('repeatMail')}::text, ${p('marker')}::text, new_lead.repeat_of_lead_id::text)::jsonb end
		from new_lead where ${p('notify')}::boolean
		returning id`
	// docs/decisions/0068: lead.created for every endpoint that wants it, when the caller built its payload (it does
	// when this process knows of such an endpoint). The payload names the earlier lead through the same marker.
	const webhookTargets = subscribedEndpoints('lead.created')
	const newEvent = sql`insert into ${webhookEvents} (id, type, lead_id, payload)
		select ${p('webhookId')}::text, 'lead.created', new_lead.id,
			replace(${p('webhookPayload')}::text, '"' || ${p('marker')}::text || '"', coalesce(to_json(new_lead.repeat_of_lead_id)::text, 'null'))::json
		from new_lead where ${p('webhookPayload')}::text is not null and exists (select 1 from webhook_targets)
		returning id, lead_id`
	const newDeliveries = sql`insert into ${webhookDeliveries} (endpoint_id, event_id, ordering_key)
		select webhook_targets.id, new_event.id, new_event.lead_id::text from webhook_targets, new_event
		returning id`
	const with_ = (alias: string, query: SQL) => db.$with(alias, {}).as(query)
	return db
		.with(
			with_('facts', facts),
			with_('new_lead', newLead),
			with_('new_consent', newConsent),
			with_('new_mail', newMail),
			with_('webhook_targets', webhookTargets),
			with_('new_event', newEvent),
			with_('new_deliveries', newDeliveries),
		)
		.select({
			repeatOfLeadId: sql<string | null>`facts.repeat_of`,
			officerFits: sql<boolean>`facts.officer_fits`,
			wantsWebhook: sql<boolean>`exists (select 1 from webhook_targets)`,
		})
		.from(sql`facts`)
		.prepare('create_unrouted_lead')
}

const preparedCreates = new WeakMap<Database, ReturnType<typeof prepareCreateUnroutedLead>>()

export function createUnroutedLead(db: Database, values: Record<string, unknown>) {
	let prepared = preparedCreates.get(db)
	if (!prepared) {
		prepared = prepareCreateUnroutedLead(db)
		preparedCreates.set(db, prepared)
	}
	return prepared.execute(values)
}

export type NewLead = PgInsertValue<typeof leads> & { id: string }
export type NewConsent = PgInsertValue<typeof leadConsents>
export type Mail = { kind: string; draft: MailDraft }

/**
 * docs/decisions/0062: the lead, its consent record, its notifications and (when routed) the officer's turn
 * and the lead's history in ONE statement: each part is a common table expression, and PostgreSQL applies
 * a statement whole or not at all, inside a transaction or on its own.
 */
export function insertLeadStatement(
	db: Database | Transaction,
	parts: {
		lead: NewLead
		consent: NewConsent
		mails: Mail[]
		routing?: ReturnType<typeof routingAssignmentWrites>
		/** docs/decisions/0068: lead.created, queued for every endpoint that wants it (nothing when none does). */
		webhook?: { id: string; body: string }
	},
) {
	const webhookTargets = subscribedEndpoints('lead.created')
	const ctes = [
		db.$with('new_lead').as(db.insert(leads).values(parts.lead).returning({ id: leads.id })),
		...(parts.mails.length > 0
			? [db.$with('new_mail').as(db.insert(outbox).values(parts.mails.map(outboxRow)).returning({ id: outbox.id }))]
			: []),
		...(parts.routing ?? []),
		...(parts.webhook
			? [
					db.$with('new_event', {}).as(sql`insert into ${webhookEvents} (id, type, lead_id, payload)
						select ${parts.webhook.id}, 'lead.created', ${parts.lead.id}::uuid, ${parts.webhook.body}::json
						where exists (${webhookTargets}) returning id`),
					db.$with('new_deliveries', {}).as(sql`insert into ${webhookDeliveries} (endpoint_id, event_id, ordering_key)
						select targets.id, new_event.id, ${parts.lead.id}::text from (${webhookTargets}) as targets, new_event returning id`),
				]
			: []),
	]
	return db
		.with(...ctes)
		.insert(leadConsents)
		.values(parts.consent)
		.returning({ wantsWebhook: sql<boolean>`exists (${webhookTargets})` })
}
