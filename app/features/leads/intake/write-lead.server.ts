import crypto from 'node:crypto'
import { type Placeholder, type SQL, and, desc, eq, gt, sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { Database } from '#db/client.ts'
import { leadActivity, leadConsents, leads, outbox, webhookDeliveries, webhookEvents } from '#db/schema.ts'
import type { Company } from '#app/features/content/content-schemas.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import { type MailDraft, outboxRow } from '#app/features/mail/outbox.server.ts'
import { BORROWER_CONFIRMATION, CONFIRMATION_DELAY_SECONDS, confirmationRow } from './borrower-confirmation.server.ts'
import { CONSENT_VERSION, consentText } from '#app/features/quote-wizard/consent.ts'
import { VERBAL_CONSENT_METHOD, VERBAL_CONSENT_PLACE, VERBAL_CONSENT_VERSION, verbalConsentScript } from '../model/verbal-consent.ts'
import { type RoutedLead, routingAssignmentWrites, routingWouldAssign } from '../routing/lead-routing.server.ts'
import { subscribedEndpoints } from '#app/features/webhooks/webhooks.server.ts'
import { REPEAT_INQUIRY_DAYS } from '../model/repeat-inquiry.ts'

/**
 * docs/decisions/0081: the ONE place a lead is written (the wizard's short form keyed or not, routed or not, kept
 * quietly over its contact's limit, and staff's manual entry), and the ONE builder of the consent record it keeps.
 */

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

/** What the consent record keeps: the text shown, where, when, and from which addresses and browser. */
export type ConsentEvidence = {
	consentText: string
	consentVersion: string
	consentHash: string
	consentedAt: Date
	ipAddress: string
	/** docs/decisions/0077: the connection's own address, kept beside the client's. */
	socketIpAddress: string
	userAgent: string | null
	pageUrl: string
	/** docs/decisions/0109: 'web' (the wizard's page) or 'verbal-phone', with the staff member who heard it. */
	method?: string
	takenById?: string | null
	takenByName?: string | null
}

/** The request facts the evidence is made of. */
export type ConsentSource = {
	company: Pick<Company, 'name' | 'phone'>
	baseUrl: string
	clientIp: string
	socketIp: string
	userAgent: string | null
}

/**
 * docs/decisions/0081: the consent evidence of a lead, the same for the record, the lead.created payload and every
 * path. The version stored is the server's (the text it rendered), whatever the browser claims.
 */
export function consentEvidence(
	submitted: { sourcePage: string; consentVersion: string },
	source: ConsentSource,
	at: Date,
): ConsentEvidence {
	const shownText = consentText(source.company)
	return {
		consentText: shownText,
		consentVersion:
			submitted.consentVersion === CONSENT_VERSION ? CONSENT_VERSION : `${submitted.consentVersion} (rendered as ${CONSENT_VERSION})`,
		consentHash: sha256(shownText),
		consentedAt: at,
		ipAddress: source.clientIp,
		socketIpAddress: source.socketIp,
		userAgent: source.userAgent?.slice(0, 500) ?? null,
		pageUrl: `${source.baseUrl}${submitted.sourcePage}`,
	}
}

/**
 * docs/decisions/0109: the consent evidence of a caller who agreed on the phone: the script read (its text, version
 * and hash, as the wizard's text is kept), when, and who read it; the method stands where the page and addresses do.
 */
export function verbalConsentEvidence(
	company: Pick<Company, 'name' | 'phone'>,
	takenBy: { id: string; name: string; email: string },
	at: Date,
): ConsentEvidence {
	const script = verbalConsentScript(company)
	return {
		consentText: script,
		consentVersion: VERBAL_CONSENT_VERSION,
		consentHash: sha256(script),
		consentedAt: at,
		ipAddress: VERBAL_CONSENT_PLACE,
		socketIpAddress: VERBAL_CONSENT_PLACE,
		userAgent: null,
		pageUrl: VERBAL_CONSENT_PLACE,
		method: VERBAL_CONSENT_METHOD,
		takenById: takenBy.id,
		takenByName: `${takenBy.name} <${takenBy.email}>`,
	}
}

/** A lead's columns as written; the id is chosen before the write (tokens and payloads name it). */
export type NewLead = PgInsertValue<typeof leads> & { id: string }
/** A wizard lead's columns: plain values only, so the prepared statement can take them as parameters. */
export type ShortFormLead = typeof leads.$inferInsert & {
	id: string
	createdAt: Date
	shortFormCompletedAt: Date
	emailNormalized: string
	phoneNormalized: string
}
export type LeadMail = { kind: string; draft: MailDraft }

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
 * the caller takes the transaction path. Built once per database as a prepared statement; its parameters are
 * the columns of the same lead and consent objects the other statement writes (unroutedParameters).
 */
function prepareCreateUnroutedLead(db: Database) {
	const p = (name: string) => sql.placeholder(name)
	const facts = sql`select (${repeatOfQuery(db)}) as repeat_of, ${routingWouldAssign(db, routedPlaceholders)} as officer_fits`
	const newLead = sql`insert into ${leads} (id, created_at, first_name, last_name, email, phone, loan_type, property_type,
		transaction_type, property_value, source_page, message, status, form_completion_status, short_form_completed_at,
		completion_token_hash, email_normalized, phone_normalized, repeat_of_lead_id, attribution)
		select ${p('id')}::uuid, ${p('createdAt')}::timestamptz, ${p('firstName')}::text, ${p('lastName')}::text,
			${p('typedEmail')}::text, ${p('typedPhone')}::text, ${p('loanType')}::text, ${p('propertyType')}::text,
			${p('transactionType')}::text, ${p('propertyValue')}::text, ${p('sourcePage')}::text, ${p('message')}::text,
			${p('status')}::text, ${p('formCompletionStatus')}::text, ${p('shortFormCompletedAt')}::timestamptz,
			${p('completionTokenHash')}::text, ${p('email')}::text, ${p('phone')}::text, facts.repeat_of, ${p('attribution')}::jsonb
		from facts where not facts.officer_fits
		returning id, repeat_of_lead_id`
	const newConsent = sql`insert into ${leadConsents} (lead_id, consent_text, consent_version, consent_hash, consented_at,
		ip_address, socket_ip_address, user_agent, page_url)
		select new_lead.id, ${p('consentText')}::text, ${p('consentVersion')}::text, ${p('consentHash')}::text,
			${p('consentedAt')}::timestamptz, ${p('ipAddress')}::text, ${p('socketIpAddress')}::text, ${p('userAgent')}::text,
			${p('pageUrl')}::text
		from new_lead
		returning id`
	const newMail = sql`insert into ${outbox} (kind, lead_id, payload)
		select 'notify-new-lead', new_lead.id, case when new_lead.repeat_of_lead_id is null then ${p('mail')}::jsonb
			else replace(${p('repeatMail')}::text, ${p('marker')}::text, new_lead.repeat_of_lead_id::text)::jsonb end
		from new_lead where ${p('mail')}::text is not null
		returning id`
	// docs/decisions/0097: the borrower's confirmation, composed when it is sent, due once the terms have had time to show.
	const newConfirmation = sql`insert into ${outbox} (kind, lead_id, payload, next_attempt_at)
		select ${BORROWER_CONFIRMATION}::text, new_lead.id,
			jsonb_build_object('render', ${BORROWER_CONFIRMATION}::text, 'leadId', new_lead.id, 'stage', 'short'),
			now() + make_interval(secs => ${CONFIRMATION_DELAY_SECONDS}::int)
		from new_lead
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
			with_('new_confirmation', newConfirmation),
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

/** The prepared statement's parameters: the lead's and the consent record's columns, one for one. */
function unroutedParameters(write: UnlessOfficerFits) {
	const { lead, consent } = write
	const iso = (date: Date | null | undefined) => date?.toISOString() ?? null
	return {
		// What the statement reads first (repeat and routing).
		email: lead.emailNormalized,
		phone: lead.phoneNormalized,
		state: write.routed.state,
		loanType: lead.loanType ?? null,
		// The lead.
		id: lead.id,
		createdAt: iso(lead.createdAt),
		firstName: lead.firstName,
		lastName: lead.lastName,
		typedEmail: lead.email,
		typedPhone: lead.phone,
		propertyType: lead.propertyType ?? null,
		transactionType: lead.transactionType ?? null,
		propertyValue: lead.propertyValue ?? null,
		sourcePage: lead.sourcePage ?? null,
		message: lead.message ?? null,
		status: lead.status ?? 'new',
		formCompletionStatus: lead.formCompletionStatus ?? 'short_form',
		shortFormCompletedAt: iso(lead.shortFormCompletedAt),
		completionTokenHash: lead.completionTokenHash ?? null,
		attribution: lead.attribution == null ? null : JSON.stringify(lead.attribution),
		// Its consent record.
		consentText: consent.consentText,
		consentVersion: consent.consentVersion,
		consentHash: consent.consentHash,
		consentedAt: iso(consent.consentedAt),
		ipAddress: consent.ipAddress,
		socketIpAddress: consent.socketIpAddress,
		userAgent: consent.userAgent,
		pageUrl: consent.pageUrl,
		// Its staff e-mail and lead.created, each composed for a first inquiry and for a repeat (the marker).
		mail: write.mail?.first ?? null,
		repeatMail: write.mail?.repeat ?? null,
		marker: write.marker,
		webhookId: write.webhook?.id ?? null,
		webhookPayload: write.webhook?.body ?? null,
	}
}

/**
 * docs/decisions/0062: the lead, its consent record, its notifications and (when routed) the officer's turn
 * and the lead's history in ONE statement: each part is a common table expression, and PostgreSQL applies
 * a statement whole or not at all, inside a transaction or on its own. A lead with no consent record (entered by
 * staff) ends the statement with the lead itself.
 */
function leadStatement(db: Database | Transaction, write: InOneStatement) {
	const webhookTargets = subscribedEndpoints('lead.created')
	const leadId = write.lead.id
	const ctes = [
		...(write.mails.length > 0
			? [
					db.$with('new_mail').as(
						db
							.insert(outbox)
							.values(write.mails.map((mail) => outboxRow({ ...mail, leadId })))
							.returning({ id: outbox.id }),
					),
				]
			: []),
		// docs/decisions/0097: the borrower's confirmation, composed when it is sent.
		...(write.confirmation
			? [db.$with('new_confirmation').as(db.insert(outbox).values(confirmationRow(leadId, 'short')).returning({ id: outbox.id }))]
			: []),
		...(write.routing ? routingAssignmentWrites(db as Transaction, leadId, write.routing) : []),
		...(write.webhook
			? [
					db.$with('new_event', {}).as(sql`insert into ${webhookEvents} (id, type, lead_id, payload)
						select ${write.webhook.id}, 'lead.created', ${leadId}::uuid, ${write.webhook.body}::json
						where exists (${webhookTargets}) returning id`),
					db.$with('new_deliveries', {}).as(sql`insert into ${webhookDeliveries} (endpoint_id, event_id, ordering_key)
						select targets.id, new_event.id, ${leadId}::text from (${webhookTargets}) as targets, new_event returning id`),
				]
			: []),
	]
	const wantsWebhook = sql<boolean>`exists (${webhookTargets})`
	if (!write.consent) {
		return db
			.with(...ctes)
			.insert(leads)
			.values(write.lead)
			.returning({ wantsWebhook })
	}
	return db
		.with(db.$with('new_lead').as(db.insert(leads).values(write.lead).returning({ id: leads.id })), ...ctes)
		.insert(leadConsents)
		.values({ ...write.consent, leadId })
		.returning({ wantsWebhook })
}

/** Written whatever routing says, inside the caller's transaction when it has one. */
type InOneStatement = {
	lead: NewLead
	/** Null only for a lead entered by staff, which no visitor consented for. */
	consent: ConsentEvidence | null
	mails: LeadMail[]
	/** The officer routing gave the lead to: their turn and the lead's history are written with it. */
	routing?: { id: string; name: string }
	/** docs/decisions/0068: lead.created, queued for every endpoint that wants it (nothing when none does). */
	webhook?: { id: string; body: string }
	/** docs/decisions/0079: kept over its contact's limit: its history says why nobody was told. */
	quiet?: boolean
	/** docs/decisions/0097: the borrower is sent a confirmation (a visitor's lead, not over its contact's limit). */
	confirmation?: boolean
}

/** docs/decisions/0062: written in one prepared statement unless routing would give the lead to an officer. */
type UnlessOfficerFits = {
	lead: ShortFormLead
	consent: ConsentEvidence
	routed: RoutedLead
	/** The staff e-mail's outbox payload, for a first inquiry and for a repeat (which holds the marker); null: none. */
	mail: { first: string; repeat: string } | null
	marker: string
	webhook?: { id: string; body: string }
}

export type LeadWrite = ({ when: 'always' } & InOneStatement) | ({ when: 'unless-an-officer-fits' } & UnlessOfficerFits)

/**
 * docs/decisions/0081: writes a lead, its consent record and what is told of it, whatever the path. `always` is one
 * Drizzle statement (inside the caller's transaction: keyed, routed, quiet, manual); `unless-an-officer-fits` is the
 * prepared statement of the common case (docs/decisions/0062), which writes nothing when an officer fits and says so.
 */
export async function writeLead(
	db: Database | Transaction,
	write: LeadWrite,
): Promise<{ written: boolean; repeatOfLeadId: string | null; wantsWebhook: boolean }> {
	if (write.when === 'unless-an-officer-fits') {
		const database = db as Database
		let prepared = preparedCreates.get(database)
		if (!prepared) {
			prepared = prepareCreateUnroutedLead(database)
			preparedCreates.set(database, prepared)
		}
		const [row] = await prepared.execute(unroutedParameters(write))
		return {
			written: row?.officerFits !== true,
			repeatOfLeadId: row?.repeatOfLeadId ?? null,
			wantsWebhook: row?.wantsWebhook === true,
		}
	}
	const [written] = await leadStatement(db, write)
	if (write.quiet) {
		await db.insert(leadActivity).values({ leadId: write.lead.id, action: 'created', detail: { status: 'new', quiet: 'contact-limit' } })
	}
	return {
		written: true,
		repeatOfLeadId: (write.lead.repeatOfLeadId as string | null | undefined) ?? null,
		wantsWebhook: written?.wantsWebhook === true,
	}
}
