import crypto from 'node:crypto'
import { type Placeholder, type SQL, and, desc, eq, gt, sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { Database } from '#db/client.ts'
import { leadActivity, leadConsents, leads, outbox, webhookDeliveries, webhookEvents } from '#db/schema.ts'
import type { Company, Settings } from '#app/features/content/content-schemas.ts'
import { type ApiResult, type Transaction, hashRequest, withIdempotency } from '#app/features/http/idempotency.server.ts'
import { type MailDraft, enqueueMail, outboxRow } from '#app/features/mail/outbox.server.ts'
import { CONSENT_VERSION, consentText } from '#app/features/quote-wizard/consent.ts'
import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { longFormPayload, loanTypeFor, propertyValueFor } from '#app/features/leads/intake/lead-mapping.ts'
import { mailboxKey, normalizePhone } from '#app/features/validation/form-fields.ts'
import type { LongFormSubmission, ShortFormSubmission } from '#app/features/leads/intake/lead-schema.ts'
import { parseApplication } from './lead-application.ts'
import { longFormEmail, newLeadEmail } from '../display/lead-notifications.ts'
import { assignedLeadEmail, ownLeadLongFormEmail } from '../routing/lead-assignment-mail.ts'
import {
	type RoutedLead,
	findActiveOfficer,
	propertyStateOf,
	routingAssignmentWrites,
	routingWouldAssign,
	takeRoutingTurn,
} from '../routing/lead-routing.server.ts'
import { completionTokenFor } from './completion-token.server.ts'
import { WRONG_CREDENTIALS } from './lead-api.server.ts'
import { newWebhookEventId } from '#app/features/webhooks/signing.server.ts'
import { type LeadForPayload, leadData, webhookBody } from '#app/features/webhooks/webhook-payloads.ts'
import {
	enqueueLeadEvent,
	enqueueWebhookEvent,
	forgetSubscriptions,
	subscribedEndpoints,
	subscribedTypes,
} from '#app/features/webhooks/webhooks.server.ts'
import { REPEAT_INQUIRY_DAYS } from './repeat-inquiry.ts'

export { REPEAT_INQUIRY_DAYS }

export type LeadRequestContext = {
	company: Company
	settings: Settings
	baseUrl: string
	clientIp: string
	/** docs/decisions/0077: the connection's own address, kept beside clientIp in the consent record. */
	socketIp: string
	userAgent: string | null
	idempotencyKey: string | null
	/** The key completion tokens are derived from (AppServices.leadTokenKey). */
	leadTokenKey: Buffer
	/** The program's maximum LTV when the lead came in, kept with the answers (docs/decisions/0051). */
	programMaxLtv?: number
	/**
	 * docs/decisions/0079: the e-mail or phone is over its hourly limit: the lead is kept as a repeat, unrouted, with
	 * no e-mail or webhook event and a line in its history saying why; the answer is the same as any lead's.
	 */
	quiet?: boolean
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

/** Does the bearer token belong to this lead? Compared in constant time. */
export function tokenMatches(token: string, storedHash: string | null) {
	if (!storedHash) return false
	const given = Buffer.from(sha256(token), 'hex')
	const stored = Buffer.from(storedHash, 'hex')
	return given.length === stored.length && crypto.timingSafeEqual(given, stored)
}

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

async function readBeforeLead(db: Database, contact: { emailNormalized: string; phoneNormalized: string }, routed: RoutedLead) {
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

function createUnroutedLead(db: Database, values: Record<string, unknown>) {
	let prepared = preparedCreates.get(db)
	if (!prepared) {
		prepared = prepareCreateUnroutedLead(db)
		preparedCreates.set(db, prepared)
	}
	return prepared.execute(values)
}

type NewLead = PgInsertValue<typeof leads> & { id: string }
type NewConsent = PgInsertValue<typeof leadConsents>
type Mail = { kind: string; draft: MailDraft }

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

/**
 * spec 1 §3 and §7 calls 3-4: creates the lead, its consent record and the staff notification atomically
 * (docs/decisions/0004, 0062: one statement). Answers 201 with the lead id and a completion token (only
 * its hash is stored).
 */
export async function createLeadFromShortForm(db: Database, input: ShortFormSubmission, context: LeadRequestContext): Promise<ApiResult> {
	const formData = input.formData as LoanFormData
	const submittedAt = new Date()
	// docs/decisions/0049: jane+quotes@ repeats jane@; the address itself is stored as typed.
	const emailNormalized = mailboxKey(formData.email!)
	const phoneNormalized = normalizePhone(formData.phone!)
	const routed = { state: propertyStateOf(formData), loanType: loanTypeFor(formData.loanProgram) }
	const { leadId: _ignored, ...formAnswers } = formData
	const answers = { ...formAnswers, ...(context.programMaxLtv === undefined ? {} : { program_max_ltv: context.programMaxLtv }) }
	const leadSummary = (id: string, repeatOfLeadId: string | null) => ({
		id,
		firstName: formData.firstName!,
		lastName: formData.lastName!,
		email: formData.email!,
		phone: formData.phone!,
		loanType: routed.loanType,
		propertyType: formData.propertyType ?? null,
		transactionType: formData.transactionType ?? null,
		propertyValue: propertyValueFor(formData),
		repeatOfLeadId,
	})
	const shownText = consentText(context.company)
	const consentVersion =
		input.consentVersion === CONSENT_VERSION ? CONSENT_VERSION : `${input.consentVersion} (rendered as ${CONSENT_VERSION})`
	const message = JSON.stringify({ ...answers, submitted_at: submittedAt.toISOString() })
	const newLeadMail = (lead: ReturnType<typeof leadSummary>): Mail => ({
		kind: 'notify-new-lead',
		draft: {
			to: [context.settings.adminEmail],
			replyTo: lead.email,
			...newLeadEmail(lead, answers, context.baseUrl, { timeZone: context.settings.timeZone }),
		},
	})

	// docs/decisions/0068: the lead.created payload, built only when this process knows an endpoint that wants it.
	const wantsWebhook = !context.quiet && (await subscribedTypes(db)).has('lead.created')
	const leadCreatedBody = (id: string, repeatOfLeadId: string | null, officer: { id: string; name: string; email: string } | null) => {
		const lead: LeadForPayload = {
			...leadSummary(id, repeatOfLeadId),
			createdAt: submittedAt,
			status: 'new',
			sourcePage: input.sourcePage,
			message,
			formCompletionStatus: 'short_form',
			shortFormCompletedAt: submittedAt,
			longFormCompletedAt: null,
			firstContactedAt: null,
			attribution: input.attribution ?? null,
			assignedAt: officer ? submittedAt : null,
		}
		const consent = {
			consentText: shownText,
			consentVersion,
			consentHash: sha256(shownText),
			consentedAt: submittedAt,
			ipAddress: context.clientIp,
			socketIpAddress: context.socketIp,
			userAgent: context.userAgent?.slice(0, 500) ?? null,
			pageUrl: `${context.baseUrl}${input.sourcePage}`,
		}
		return webhookBody('lead.created', { lead: leadData(lead, consent, officer, context.baseUrl) }, submittedAt)
	}

	let facts: { repeatOfLeadId: string | null; officerFits: boolean }
	if (context.idempotencyKey === null && !context.quiet) {
		// docs/decisions/0062: no key to claim: one statement, which writes the lead unless an officer fits.
		const leadId = crypto.randomUUID()
		const token = completionTokenFor(context.leadTokenKey, leadId, null)
		const marker = crypto.randomUUID()
		const mailPayload = (repeatOfLeadId: string | null) =>
			JSON.stringify(outboxRow(newLeadMail(leadSummary(leadId, repeatOfLeadId))).payload)
		const lead = leadSummary(leadId, null)
		const [row] = await createUnroutedLead(db, {
			email: emailNormalized,
			phone: phoneNormalized,
			state: routed.state,
			loanType: routed.loanType,
			id: leadId,
			firstName: lead.firstName,
			lastName: lead.lastName,
			typedEmail: lead.email,
			typedPhone: lead.phone,
			propertyType: lead.propertyType,
			transactionType: lead.transactionType,
			propertyValue: lead.propertyValue,
			sourcePage: input.sourcePage,
			message,
			submittedAt: submittedAt.toISOString(),
			completionTokenHash: sha256(token),
			attribution: input.attribution == null ? null : JSON.stringify(input.attribution),
			consentText: shownText,
			consentVersion,
			consentHash: sha256(shownText),
			ipAddress: context.clientIp,
			socketIpAddress: context.socketIp,
			userAgent: context.userAgent?.slice(0, 500) ?? null,
			pageUrl: `${context.baseUrl}${input.sourcePage}`,
			notify: context.settings.enableNotifications,
			mail: context.settings.enableNotifications ? mailPayload(null) : null,
			repeatMail: context.settings.enableNotifications ? mailPayload(marker) : null,
			marker,
			webhookId: newWebhookEventId(),
			webhookPayload: wantsWebhook ? JSON.stringify(leadCreatedBody(leadId, marker, null)) : null,
		})
		if (row?.officerFits !== true) {
			// An endpoint added in another process moments ago, which this process has not read yet (it reads them again
			// every 5 s): the lead is stored, and its event follows in the next statement (docs/decisions/0068).
			if (row?.wantsWebhook && !wantsWebhook) {
				forgetSubscriptions(db)
				await enqueueWebhookEvent(db, {
					type: 'lead.created',
					leadId,
					body: leadCreatedBody(leadId, row.repeatOfLeadId ?? null, null),
				})
			}
			// The repeat flag is for staff only: a public answer never depends on other people's leads.
			return { status: 201, body: { id: leadId, token } }
		}
		facts = { repeatOfLeadId: row.repeatOfLeadId ?? null, officerFits: true }
	} else {
		// Read committed: this read sees what a read inside the transaction would (nothing is locked by it).
		facts = await readBeforeLead(db, { emailNormalized, phoneNormalized }, routed)
	}
	const { repeatOfLeadId, officerFits } = facts

	const create = async (
		executor: Database | Transaction,
		officer: { id: string; name: string; email: string } | null,
	): Promise<ApiResult> => {
		// The id comes first: with an Idempotency-Key the token is derived from it (docs/decisions/0048).
		const leadId = crypto.randomUUID()
		const token = completionTokenFor(context.leadTokenKey, leadId, context.idempotencyKey)
		const lead = leadSummary(leadId, repeatOfLeadId)
		const mails: Mail[] = []
		// docs/decisions/0035: the routing rules pick an officer, who is e-mailed in this same statement.
		if (officer)
			mails.push({
				kind: 'notify-assigned-lead',
				draft: assignedLeadEmail(officer, lead, formData, context.baseUrl, context.settings.timeZone),
			})
		if (context.settings.enableNotifications && !context.quiet) mails.push(newLeadMail(lead))
		const webhook = wantsWebhook
			? { id: newWebhookEventId(), body: JSON.stringify(leadCreatedBody(leadId, repeatOfLeadId, officer)) }
			: undefined
		const [written] = await insertLeadStatement(executor, {
			lead: {
				...lead,
				// The moment the form arrived, as the consent record and lead.created say (docs/decisions/0068).
				createdAt: submittedAt,
				sourcePage: input.sourcePage,
				message,
				status: 'new',
				formCompletionStatus: 'short_form',
				shortFormCompletedAt: submittedAt,
				completionTokenHash: sha256(token),
				emailNormalized,
				phoneNormalized,
				attribution: input.attribution ?? null,
				...(officer ? { assignedTo: officer.id, assignedAt: sql`now()` } : {}),
			},
			consent: {
				leadId,
				consentText: shownText,
				consentVersion,
				consentHash: sha256(shownText),
				consentedAt: submittedAt,
				ipAddress: context.clientIp,
				socketIpAddress: context.socketIp,
				userAgent: context.userAgent?.slice(0, 500) ?? null,
				pageUrl: `${context.baseUrl}${input.sourcePage}`,
			},
			mails,
			routing: officer ? routingAssignmentWrites(executor as Transaction, leadId, officer) : undefined,
			webhook,
		})
		// An endpoint this process did not know of yet: queued in the same transaction (docs/decisions/0068).
		if (written?.wantsWebhook && !webhook && !context.quiet) {
			forgetSubscriptions(db)
			await enqueueWebhookEvent(executor, { type: 'lead.created', leadId, body: leadCreatedBody(leadId, repeatOfLeadId, officer) })
		}
		// docs/decisions/0079: staff read why nobody was told of this one.
		if (context.quiet) {
			await executor.insert(leadActivity).values({ leadId, action: 'created', detail: { status: 'new', quiet: 'contact-limit' } })
		}
		// The repeat flag is for staff only: a public answer never depends on other people's leads.
		return { status: 201, body: { id: leadId, token } }
	}

	// With a key to claim, or an officer to route to: a transaction around the one write.
	return withIdempotency(
		db,
		{
			scope: 'create-lead',
			key: context.idempotencyKey,
			requestHash: hashRequest(input),
			// decision 0011: the database never holds a usable token, so the stored answer leaves it out.
			storedBody: ({ token: _token, ...rest }) => rest,
		},
		async (tx) => create(tx, officerFits && !context.quiet ? await takeRoutingTurn(tx, routed) : null),
		// docs/decisions/0048: a retry (same key, same body) gets the same answer, byte for byte; nothing is revoked.
		async (_tx, first) => {
			if (first.status !== 201) return first
			const leadId = String(first.body.id)
			return { status: 201, body: { id: leadId, token: completionTokenFor(context.leadTokenKey, leadId, context.idempotencyKey) } }
		},
	)
}

/**
 * spec 1 §7 calls 5-6: applies the long form to the lead the token belongs to, marks it long_form
 * and queues the staff notification (once). Any other caller is refused.
 */
export async function completeLongForm(
	db: Database,
	leadId: string,
	token: string,
	input: LongFormSubmission,
	context: Pick<LeadRequestContext, 'settings' | 'baseUrl' | 'idempotencyKey'>,
): Promise<ApiResult> {
	const formData = input.formData as LoanFormData
	return withIdempotency(
		db,
		{ scope: `long-form:${leadId}:${sha256(token).slice(0, 16)}`, key: context.idempotencyKey, requestHash: hashRequest(input) },
		async (tx) => {
			const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for('update')
			if (!lead || !tokenMatches(token, lead.completionTokenHash)) {
				return { status: 403, body: WRONG_CREDENTIALS }
			}
			const firstCompletion = lead.formCompletionStatus !== 'long_form'
			const previous = parseApplication(lead.message) ?? {}
			const now = new Date()
			const payload = longFormPayload(formData)
			const { leadId: _ignored, ...answers } = formData
			const application = {
				...previous,
				...answers,
				submitted_at: previous.submitted_at ?? lead.createdAt.toISOString(),
				long_form_submitted_at: now.toISOString(),
			}
			const [updated] = await tx
				.update(leads)
				.set({
					ficoScoreDetailed: payload.ficoScoreDetailed,
					propertyDetails: payload.propertyDetails,
					loanCustomization: payload.loanCustomization,
					message: JSON.stringify(application),
					formCompletionStatus: 'long_form',
					longFormCompletedAt: firstCompletion ? now : lead.longFormCompletedAt,
				})
				.where(eq(leads.id, leadId))
				.returning()
			if (firstCompletion && context.settings.enableNotifications) {
				await enqueueMail(tx, 'notify-long-form', {
					to: [context.settings.adminEmail],
					replyTo: updated!.email,
					...longFormEmail(updated!, application, context.baseUrl, context.settings.timeZone),
				})
			}
			// docs/decisions/0053: the officer who owns the lead hears of its long form too, whatever the staff setting.
			const owner = firstCompletion && updated!.assignedTo ? await findActiveOfficer(tx, updated!.assignedTo) : null
			if (owner)
				await enqueueMail(
					tx,
					'notify-long-form-officer',
					ownLeadLongFormEmail(owner, updated!, application, context.baseUrl, context.settings.timeZone),
				)
			// docs/decisions/0068: every save of the long form (the first and any correction), in this transaction.
			await enqueueLeadEvent(tx, 'lead.updated', leadId, { firstCompletion }, { baseUrl: context.baseUrl })
			return { status: 200, body: { id: leadId, formCompletionStatus: 'long_form' } }
		},
	)
}
