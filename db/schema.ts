import { sql } from 'drizzle-orm'
import {
	type AnyPgColumn,
	bigint,
	bigserial,
	boolean,
	check,
	date,
	index,
	integer,
	json,
	jsonb,
	numeric,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'

/** One row per editable content document (company, hero, loan products, ...), validated by its zod schema. */
export const contentEntries = pgTable('content_entries', {
	key: text('key').primaryKey(),
	data: jsonb('data').notNull(),
	version: integer('version').notNull().default(1),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	updatedBy: text('updated_by'),
})

/** Every saved version of a content document, so a previous one can be restored. */
export const contentVersions = pgTable(
	'content_versions',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		key: text('key').notNull(),
		version: integer('version').notNull(),
		data: jsonb('data').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		createdBy: text('created_by'),
		/** What changed and why, in the words of who saved it (docs/decisions/0073); optional, the rate sheet asks for one. */
		note: text('note'),
	},
	(table) => [index('content_versions_key_idx').on(table.key, table.version)],
)

export const contactMessages = pgTable(
	'contact_messages',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		name: text('name').notNull(),
		email: text('email').notNull(),
		phone: text('phone').notNull(),
		message: text('message').notNull(),
		userAgent: text('user_agent'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		readAt: timestamp('read_at', { withTimezone: true }),
		/** docs/decisions/0090: when retention replaced the sender's personal data (null: never). */
		anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
		/** docs/decisions/0109: the lead staff made of this message (null: none yet); deleting the lead unlinks it. */
		leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
	},
	(table) => [index('contact_messages_created_idx').on(table.createdAt)],
)

/** Durable queue of outgoing messages, written in the same transaction as the data that caused them. */
export const outbox = pgTable(
	'outbox',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		kind: text('kind').notNull(),
		/** docs/decisions/0111: how the message goes out; each channel has its own worker and transport. */
		channel: text('channel', { enum: ['email', 'sms'] })
			.notNull()
			.default('email'),
		payload: jsonb('payload').notNull(),
		/** docs/decisions/0097: dropped, a message composed when sent that had nothing left to send (its lead is gone). */
		status: text('status', { enum: ['pending', 'sent', 'dead', 'dropped'] })
			.notNull()
			.default('pending'),
		attempts: integer('attempts').notNull().default(0),
		nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
		lastError: text('last_error'),
		/** Set while a worker is sending the message (its lease runs until next_attempt_at). */
		claimedAt: timestamp('claimed_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		sentAt: timestamp('sent_at', { withTimezone: true }),
		/**
		 * docs/decisions/0113: the lead the message is about (its timeline lists it); null for mail about no lead. A
		 * deleted lead leaves its messages (a pending one is still sent or dropped, a copy kept until retention deletes it).
		 */
		leadId: uuid('lead_id').references((): AnyPgColumn => leads.id, { onDelete: 'set null' }),
	},
	(table) => [
		index('outbox_due_idx').on(table.status, table.nextAttemptAt),
		index('outbox_lead_idx').on(table.leadId, table.createdAt).where(sql`${table.leadId} is not null`),
	],
)

/** Fixed-window counters shared by every process (per-IP limits on public forms). */
export const rateLimits = pgTable('rate_limits', {
	key: text('key').primaryKey(),
	count: integer('count').notNull(),
	windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
})

/** spec 1 §3 and spec 2 §3: a quote request, from the wizard or entered by staff. */
export const leads = pgTable(
	'leads',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		firstName: text('first_name').notNull(),
		lastName: text('last_name').notNull(),
		email: text('email').notNull(),
		phone: text('phone').notNull(),
		loanType: text('loan_type'),
		propertyType: text('property_type'),
		transactionType: text('transaction_type'),
		propertyValue: text('property_value'),
		sourcePage: text('source_page'),
		/** JSON text of the whole form plus submitted_at (or free notes for a manual lead). */
		message: text('message'),
		status: text('status').notNull().default('new'),
		formCompletionStatus: text('form_completion_status'),
		shortFormCompletedAt: timestamp('short_form_completed_at', { withTimezone: true }),
		longFormCompletedAt: timestamp('long_form_completed_at', { withTimezone: true }),
		ficoScoreDetailed: text('fico_score_detailed'),
		propertyDetails: jsonb('property_details'),
		loanCustomization: jsonb('loan_customization'),
		/** SHA-256 of the completion token handed to the visitor; the token itself is never stored. */
		completionTokenHash: text('completion_token_hash'),
		emailNormalized: text('email_normalized'),
		phoneNormalized: text('phone_normalized'),
		/** An earlier lead (last 90 days) with the same e-mail or phone. */
		repeatOfLeadId: uuid('repeat_of_lead_id'),
		attribution: jsonb('attribution'),
		/** docs/decisions/0035: the loan officer who works this lead (null: the unassigned pool) and since when. */
		assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
		assignedAt: timestamp('assigned_at', { withTimezone: true }),
		/** docs/decisions/0036, speed-to-lead: the first status change away from new, or the first logged call or e-mail. */
		firstContactedAt: timestamp('first_contacted_at', { withTimezone: true }),
		/** When managers were told that this new lead was untouched too long (or, for older leads, that nobody needs to be). */
		escalatedAt: timestamp('escalated_at', { withTimezone: true }),
		/** docs/decisions/0079: when the borrower pressed "Contact Me" on the thank-you screen (the first time); a priority flag. */
		contactRequestedAt: timestamp('contact_requested_at', { withTimezone: true }),
		/** spec 2 §5: what the staff search reads, "first last" and the e-mail lower-cased (a newline keeps a term from spanning both). */
		searchText: text('search_text').generatedAlwaysAs(sql`lower(first_name || ' ' || last_name) || chr(10) || lower(email)`),
		/**
		 * docs/decisions/0090: the last time the lead was worked on or the borrower came back (a trigger keeps it; reads,
		 * escalations, legal holds and disposal do not count). Retention counts its months from here.
		 */
		lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
		/** docs/decisions/0090: a legal hold stops disposal; who placed it, when and why. */
		legalHoldAt: timestamp('legal_hold_at', { withTimezone: true }),
		legalHoldBy: text('legal_hold_by'),
		legalHoldReason: text('legal_hold_reason'),
		/** docs/decisions/0090: when retention replaced the borrower's personal data (null: never). */
		anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
		/** docs/decisions/0096: the borrower's return links issued up to this moment no longer open the lead (staff revoked them). */
		returnLinksRevokedAt: timestamp('return_links_revoked_at', { withTimezone: true }),
	},
	(table) => [
		index('leads_created_idx').on(table.createdAt),
		// The leads screen reads its pages and its searches from this index alone, without the table (bench/leads-screen.ts).
		index('leads_search_idx').on(table.createdAt, table.id, table.searchText, table.phoneNormalized),
		index('leads_email_norm_idx').on(table.emailNormalized, table.createdAt),
		index('leads_phone_norm_idx').on(table.phoneNormalized, table.createdAt),
		index('leads_status_idx').on(table.status, table.createdAt),
		// docs/decisions/0114: the summary cards count every lead from this small index alone (few distinct keys, so
		// PostgreSQL's deduplication keeps it under a megabyte at 100,000 leads); the list's total reads it too.
		index('leads_status_assignee_idx').on(table.status, table.assignedTo),
		// docs/decisions/0114: a search for a fragment (spec 2 §5) finds its few rows by trigrams (pg_trgm) instead of
		// reading every lead; a term of under three characters, or one most leads match, still reads leads_search_idx.
		index('leads_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
		index('leads_phone_trgm_idx').using('gin', table.phoneNormalized.op('gin_trgm_ops')),
		// An officer's view (assigned to them or unassigned, by status, newest first): bench/leads-screen.ts.
		index('leads_assignee_idx').on(table.assignedTo, table.status, table.createdAt, table.id),
		// The escalation job reads only the few new leads nobody has contacted yet.
		index('leads_untouched_idx').on(table.createdAt).where(sql`${table.firstContactedAt} is null and ${table.escalatedAt} is null`),
		// The retention job reads the oldest leads not yet anonymised (docs/decisions/0090).
		index('leads_disposal_idx').on(table.lastActivityAt, table.id).where(sql`${table.anonymizedAt} is null`),
	],
)

/**
 * docs/decisions/0105: a follow-up task on a lead (call back, send terms, request documents, other), due at a moment
 * (stored UTC), owned by a staff member. Deleted with its lead; its note is staff's words about the borrower, so
 * anonymising the lead clears it (docs/decisions/0090, 0091).
 */
export const leadTasks = pgTable(
	'lead_tasks',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		leadId: uuid('lead_id')
			.notNull()
			.references(() => leads.id, { onDelete: 'cascade' }),
		kind: text('kind', { enum: ['call_back', 'send_terms', 'request_documents', 'other'] }).notNull(),
		dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
		note: text('note'),
		/** Whose task it is (null: the account was deleted). */
		assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
		createdBy: text('created_by'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
		completedBy: text('completed_by'),
		/** When the reminder e-mail was queued (once, by whichever process claimed the task first). */
		remindedAt: timestamp('reminded_at', { withTimezone: true }),
		/** When managers were told the task is overdue (once, as with an untouched lead, docs/decisions/0036). */
		escalatedAt: timestamp('escalated_at', { withTimezone: true }),
	},
	(table) => [
		// My tasks: one person's open tasks by due time.
		index('lead_tasks_assignee_idx').on(table.assignedTo, table.dueAt).where(sql`${table.completedAt} is null`),
		index('lead_tasks_lead_idx').on(table.leadId, table.dueAt),
		// The reminder and escalation jobs read only the open tasks not yet reminded or escalated.
		index('lead_tasks_remind_idx').on(table.dueAt).where(sql`${table.completedAt} is null and ${table.remindedAt} is null`),
		index('lead_tasks_escalate_idx').on(table.dueAt).where(sql`${table.completedAt} is null and ${table.escalatedAt} is null`),
	],
)

/**
 * docs/decisions/0123: the loan a closed lead funded, as the officer records it from the closing: the amount in whole
 * dollars, the note rate and the points in percent (three decimals), the day it funded (the office's calendar). One per
 * lead, corrected in place (the history keeps each version); deleted with its lead. The borrower's financial data while
 * the lead names them (a data request lists it); once the lead is anonymised it names nobody and is kept, so the funnel
 * of a year ago still adds up.
 */
export const leadFundings = pgTable(
	'lead_fundings',
	{
		leadId: uuid('lead_id')
			.primaryKey()
			.references(() => leads.id, { onDelete: 'cascade' }),
		amount: integer('amount').notNull(),
		rate: numeric('rate', { precision: 6, scale: 3, mode: 'number' }).notNull(),
		points: numeric('points', { precision: 6, scale: 3, mode: 'number' }).notNull(),
		fundedOn: date('funded_on').notNull(),
		recordedBy: text('recorded_by'),
		recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		check('lead_fundings_amount_check', sql`${table.amount} > 0`),
		check('lead_fundings_rate_check', sql`${table.rate} > 0 and ${table.rate} <= 30`),
		check('lead_fundings_points_check', sql`${table.points} >= 0 and ${table.points} <= 10`),
	],
)

/**
 * docs/decisions/0124: one visit of the quote wizard, as counted for its step-to-step drop-off: a random id the browser
 * made for this tab, the program last chosen, the first touch's source and campaign, and each step reached once. No
 * address, no browser, no link to a lead or a person; deleted after 370 days (retention).
 */
export const wizardVisits = pgTable(
	'wizard_visits',
	{
		id: uuid('id').primaryKey(),
		startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
		lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
		program: text('program'),
		source: text('source').notNull(),
		campaign: text('campaign').notNull(),
		steps: text('steps').array().notNull(),
	},
	(table) => [index('wizard_visits_started_idx').on(table.startedAt)],
)

/**
 * docs/decisions/0107: one note of staff about a lead, never overwritten: its author may correct it within
 * NOTE_EDIT_WINDOW_MINUTES, and each earlier text is kept in `revisions`. Deleted with its lead (an erase or a delete);
 * anonymising the lead deletes its notes too (docs/decisions/0090, 0091).
 */
export const leadNotes = pgTable(
	'lead_notes',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		leadId: uuid('lead_id')
			.notNull()
			.references(() => leads.id, { onDelete: 'cascade' }),
		/** Who wrote it (null: the notes carried over from the one shared box, author unknown; or the account is gone). */
		authorId: text('author_id'),
		/** The author's name as it was when the note was written (null: the earlier shared notes). */
		authorName: text('author_name'),
		body: text('body').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		editedAt: timestamp('edited_at', { withTimezone: true }),
		/** The texts before each edit, oldest first: [{ body, replacedAt }]. */
		revisions: jsonb('revisions').$type<Array<{ body: string; replacedAt: string }>>().notNull().default(sql`'[]'::jsonb`),
	},
	(table) => [index('lead_notes_lead_idx').on(table.leadId, table.createdAt)],
)

/** TCPA consent evidence: append-only (a trigger refuses updates and deletes), kept even if the lead is deleted. */
export const leadConsents = pgTable(
	'lead_consents',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		leadId: uuid('lead_id').notNull(),
		consentText: text('consent_text').notNull(),
		consentVersion: text('consent_version').notNull(),
		consentHash: text('consent_hash').notNull(),
		consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
		/** The visitor's address: a valid forwarded one, else the connection's (docs/decisions/0077). */
		ipAddress: text('ip_address').notNull(),
		/** docs/decisions/0077: the connection's own address, beside the forwarded one (null in rows from before). */
		socketIpAddress: text('socket_ip_address'),
		userAgent: text('user_agent'),
		pageUrl: text('page_url').notNull(),
		/**
		 * What the visitor stated (docs/decisions/0066): 'contact' is the short form's consent to be contacted;
		 * 'business-purpose' and 'owner-occupant' are the statement made before indicative terms are shown.
		 */
		kind: text('kind').notNull().default('contact'),
		/**
		 * docs/decisions/0109: how the consent was given: 'web' (the wizard's page; the addresses and browser are its
		 * evidence) or 'verbal-phone' (a caller agreed on the phone to the script staff read: taken_by is the evidence).
		 */
		method: text('method').notNull().default('web'),
		/** docs/decisions/0109: the staff member who read the script and heard the caller agree (their id and name then). */
		takenById: text('taken_by_id'),
		takenByName: text('taken_by_name'),
	},
	(table) => [
		index('lead_consents_lead_idx').on(table.leadId),
		// The retention job walks consent evidence oldest first (docs/decisions/0090).
		index('lead_consents_consented_idx').on(table.consentedAt, table.id),
	],
)

/**
 * docs/decisions/0066: a frozen copy of each indicative quote a borrower was shown and of the one chosen: the rate
 * sheet's version, the request priced and the whole answer. Re-pricing the request on that version gives the answer
 * again to the cent. Rows are never changed (a trigger refuses updates); they go with their lead.
 */
export const leadQuotes = pgTable(
	'lead_quotes',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		leadId: uuid('lead_id')
			.notNull()
			.references(() => leads.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		event: text('event', { enum: ['presented', 'chosen'] }).notNull(),
		sheetVersion: integer('sheet_version').notNull(),
		request: jsonb('request').notNull(),
		response: jsonb('response').notNull(),
		/**
		 * docs/decisions/0112: a 'chosen' copy a staff member attached (the staff quick-pricer): who, kept as they were
		 * then ("Name <e-mail>"), with no key to users so the frozen row outlives the account. Null: the borrower chose.
		 */
		chosenById: text('chosen_by_id'),
		chosenByName: text('chosen_by_name'),
	},
	(table) => [index('lead_quotes_lead_idx').on(table.leadId, table.createdAt)],
)

/** Answers already given to a request with the same Idempotency-Key, replayed on a retry. */
export const idempotencyKeys = pgTable(
	'idempotency_keys',
	{
		scope: text('scope').notNull(),
		key: text('key').notNull(),
		requestHash: text('request_hash').notNull(),
		status: integer('status').notNull(),
		body: jsonb('body').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [primaryKey({ columns: [table.scope, table.key] })],
)

// Staff accounts (better-auth's tables, plural names; the admin plugin adds role and ban fields).
export const users = pgTable('users', {
	id: text('id').primaryKey(),
	name: text('name').notNull(),
	email: text('email').notNull().unique(),
	emailVerified: boolean('email_verified').notNull().default(false),
	image: text('image'),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	/** Comma-separated roles: admin, moderator, user (spec 2 §6: a user may hold several). */
	role: text('role'),
	banned: boolean('banned').default(false),
	banReason: text('ban_reason'),
	banExpires: timestamp('ban_expires', { withTimezone: true }),
	twoFactorEnabled: boolean('two_factor_enabled').default(false),
})

export const sessions = pgTable(
	'sessions',
	{
		id: text('id').primaryKey(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		token: text('token').notNull().unique(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		ipAddress: text('ip_address'),
		userAgent: text('user_agent'),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		impersonatedBy: text('impersonated_by'),
		/** docs/decisions/0089: the session's latest request (within a minute), which the idle timeout counts from. */
		lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
		/** docs/decisions/0088: when the password (and second factor) were last entered again at /dashboard/confirm. */
		reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
	},
	(table) => [index('sessions_user_idx').on(table.userId)],
)

export const accounts = pgTable(
	'accounts',
	{
		id: text('id').primaryKey(),
		accountId: text('account_id').notNull(),
		providerId: text('provider_id').notNull(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		accessToken: text('access_token'),
		refreshToken: text('refresh_token'),
		idToken: text('id_token'),
		accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
		refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
		scope: text('scope'),
		password: text('password'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('accounts_user_idx').on(table.userId)],
)

export const verifications = pgTable(
	'verifications',
	{
		id: text('id').primaryKey(),
		identifier: text('identifier').notNull(),
		value: text('value').notNull(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('verifications_identifier_idx').on(table.identifier)],
)

/** Secrets the app generates for itself when none is configured (shared by every process). */
export const appSecrets = pgTable('app_secrets', {
	name: text('name').primaryKey(),
	value: text('value').notNull(),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Who did what to a lead and when (created, status_changed, note_saved, deleted, exported). No foreign
 * key: the history of a deleted lead is kept.
 */
export const leadActivity = pgTable(
	'lead_activity',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		leadId: uuid('lead_id'),
		action: text('action', {
			enum: [
				'created',
				'status_changed',
				'note_saved',
				// docs/decisions/0107: one note added to the lead's timeline, or corrected by its author.
				'note_added',
				'note_edited',
				'deleted',
				'exported',
				'assigned',
				'contact_logged',
				// docs/decisions/0104: a tap on Call, Text or E-mail in the lead details.
				'contact_started',
				// docs/decisions/0105: a follow-up task added, completed, reopened or deleted; an overdue one escalated.
				'task_added',
				'task_completed',
				'task_reopened',
				'task_deleted',
				'task_escalated',
				'escalated',
				'contact_requested',
				'legal_hold_placed',
				'legal_hold_released',
				'term_sheet_downloaded',
				'return_link_opened',
				'return_links_revoked',
				// docs/decisions/0112: a staff member attached priced terms to the lead (the staff quick-pricer).
				'terms_attached',
				// docs/decisions/0123: the closed lead's funded loan recorded (or corrected), or removed.
				'funding_recorded',
				'funding_removed',
			],
		}).notNull(),
		detail: jsonb('detail'),
		actorId: text('actor_id'),
		actorEmail: text('actor_email'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('lead_activity_lead_idx').on(table.leadId, table.createdAt),
		// docs/decisions/0122: the funnel asks of every lead of a period whether it was ever qualified; this small index
		// holds only the status changes to or from a qualified status, so the question is one look-up, not a read of the
		// lead's history (a lead entered as Qualified and then lost has only the change from it).
		index('lead_activity_qualified_idx')
			.on(table.leadId)
			.where(
				sql`${table.action} = 'status_changed' and (${table.detail}->>'to' in ('qualified', 'hot', 'closed') or ${table.detail}->>'from' in ('qualified', 'hot', 'closed'))`,
			),
	],
)

/** TOTP secrets and backup codes of staff who use two-factor sign-in (better-auth's two-factor plugin). */
export const twoFactors = pgTable(
	'two_factors',
	{
		id: text('id').primaryKey(),
		secret: text('secret').notNull(),
		backupCodes: text('backup_codes').notNull(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		verified: boolean('verified').default(true),
		failedVerificationCount: integer('failed_verification_count').default(0),
		lockedUntil: timestamp('locked_until', { withTimezone: true }),
		/** The TOTP time step of the last code accepted, so a code cannot be used twice (docs/decisions/0076). */
		lastTotpStep: integer('last_totp_step'),
	},
	(table) => [index('two_factors_user_idx').on(table.userId), index('two_factors_secret_idx').on(table.secret)],
)

/**
 * docs/decisions/0093: staff passkeys (WebAuthn credentials, better-auth's passkey plugin). The public key and the
 * signature counter are what a sign-in is checked against; nothing here signs anything. `lastUsedAt` is the app's own.
 */
export const passkeys = pgTable(
	'passkeys',
	{
		id: text('id').primaryKey(),
		name: text('name'),
		publicKey: text('public_key').notNull(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		credentialID: text('credential_id').notNull().unique(),
		counter: integer('counter').notNull(),
		deviceType: text('device_type').notNull(),
		backedUp: boolean('backed_up').notNull(),
		transports: text('transports'),
		createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
		aaguid: text('aaguid'),
		/** When it last signed someone in (the app writes it after a passkey sign-in). */
		lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
	},
	(table) => [index('passkeys_user_idx').on(table.userId)],
)

/** docs/decisions/0035: how a loan officer takes part in automatic lead routing (no row: receives every lead). */
export const leadRoutingOfficers = pgTable('lead_routing_officers', {
	userId: text('user_id')
		.primaryKey()
		.references(() => users.id, { onDelete: 'cascade' }),
	receivesLeads: boolean('receives_leads').notNull().default(true),
	/** Two-letter property states this officer takes; empty: every state. */
	states: text('states').array().notNull().default(sql`'{}'::text[]`),
	/** Loan types (leads.loan_type) this officer takes; empty: every program. */
	loanTypes: text('loan_types').array().notNull().default(sql`'{}'::text[]`),
	/** When the round-robin last gave this officer a lead. */
	lastRoutedAt: timestamp('last_routed_at', { withTimezone: true }),
})

/** docs/decisions/0036: the one row of routing and escalation settings (missing: the defaults). */
export const leadRoutingSettings = pgTable('lead_routing_settings', {
	id: integer('id').primaryKey().default(1),
	autoAssign: boolean('auto_assign').notNull().default(true),
	/** A new lead nobody contacted for this many minutes is escalated to managers; 0 turns it off. */
	escalationMinutes: integer('escalation_minutes').notNull().default(15),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	updatedBy: text('updated_by'),
})

/** docs/decisions/0052: a staff member's own view of the dashboard (one row per user; missing: the defaults). */
export const staffPreferences = pgTable('staff_preferences', {
	userId: text('user_id')
		.primaryKey()
		.references(() => users.id, { onDelete: 'cascade' }),
	/** The leads table's visible columns, in order (keys of LEAD_COLUMNS); null: the spec's default set. */
	leadColumns: text('lead_columns').array(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * docs/decisions/0111: how a staff member hears of a lead assigned to them (one row per user; missing: by e-mail only).
 * A text needs a mobile number (E.164) and the moment its owner agreed to receive texts.
 */
export const staffAlertSettings = pgTable('staff_alert_settings', {
	userId: text('user_id')
		.primaryKey()
		.references(() => users.id, { onDelete: 'cascade' }),
	byEmail: boolean('by_email').notNull().default(true),
	byText: boolean('by_text').notNull().default(false),
	mobile: text('mobile'),
	textConsentAt: timestamp('text_consent_at', { withTimezone: true }),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** docs/decisions/0111: numbers that replied STOP (or another opt-out word); no text goes to them until START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
	phone: text('phone').primaryKey(),
	optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * docs/decisions/0068: a receiver of signed webhooks (Standard Webhooks). The signing secret is kept encrypted with a
 * key derived from the auth secret (AES-256-GCM); during a rotation the previous one signs beside it until it expires.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
	id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
	url: text('url').notNull(),
	description: text('description').notNull().default(''),
	/** The event types this endpoint receives (lead.created, ...). */
	eventTypes: text('event_types').array().notNull(),
	/**
	 * docs/decisions/0070: `standard` (signed Standard Webhooks JSON) or `hubspot` (each event submitted to a HubSpot
	 * form through the Forms API; `url` is then the form's submission address, built from `hubspot`).
	 */
	kind: text('kind', { enum: ['standard', 'hubspot'] })
		.notNull()
		.default('standard'),
	/** A HubSpot endpoint's form: `{portalId, formGuid, subscriptionTypeId}`; null for a standard one. */
	hubspot: jsonb('hubspot').$type<{ portalId: string; formGuid: string; subscriptionTypeId: string | null }>(),
	/** A HubSpot private app's access token (then the authenticated submission address is used), sealed like the secret. */
	accessTokenEncrypted: text('access_token_encrypted'),
	enabled: boolean('enabled').notNull().default(true),
	/** `v1.` + base64url(iv | ciphertext | tag) of the `whsec_...` secret. */
	secretEncrypted: text('secret_encrypted').notNull(),
	previousSecretEncrypted: text('previous_secret_encrypted'),
	previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
	/** Why it was switched off by the system (410, failing for 5 days); null when an admin did or it is on. */
	disabledReason: text('disabled_reason'),
	/** The first failure since the last success; an endpoint failing for 5 days is disabled. */
	failingSince: timestamp('failing_since', { withTimezone: true }),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	createdBy: text('created_by'),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** docs/decisions/0068: one event as it is signed and sent (its id `msg_...` is the receivers' idempotency key). */
export const webhookEvents = pgTable(
	'webhook_events',
	{
		id: text('id').primaryKey(),
		type: text('type').notNull(),
		leadId: uuid('lead_id'),
		/**
		 * The whole body sent: {type, timestamp, data}. `json`, not `jsonb`: the text is kept as written, so the worker
		 * signs and sends it as read, without parsing and writing it again for each endpoint (docs/decisions/0071).
		 */
		payload: json('payload').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('webhook_events_created_idx').on(table.createdAt),
		// docs/decisions/0107: the lead's timeline reads its events.
		index('webhook_events_lead_idx').on(table.leadId, table.createdAt),
	],
)

/**
 * docs/decisions/0068: one event to one endpoint, drained like the mail outbox (FOR UPDATE SKIP LOCKED plus a lease).
 * Deliveries of one lead to one endpoint go in order: one waits while an earlier one with the same ordering key is pending.
 */
export const webhookDeliveries = pgTable(
	'webhook_deliveries',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		endpointId: uuid('endpoint_id')
			.notNull()
			.references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
		eventId: text('event_id')
			.notNull()
			.references(() => webhookEvents.id, { onDelete: 'cascade' }),
		/** The lead's id (its events go in order); null for events of no lead. */
		orderingKey: text('ordering_key'),
		status: text('status', { enum: ['pending', 'delivered', 'failed'] })
			.notNull()
			.default('pending'),
		attempts: integer('attempts').notNull().default(0),
		nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
		/** Set while a worker is posting it (its lease runs until next_attempt_at). */
		claimedAt: timestamp('claimed_at', { withTimezone: true }),
		lastStatusCode: integer('last_status_code'),
		lastError: text('last_error'),
		lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
		deliveredAt: timestamp('delivered_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		uniqueIndex('webhook_deliveries_endpoint_event_idx').on(table.endpointId, table.eventId),
		index('webhook_deliveries_due_idx').on(table.nextAttemptAt, table.id).where(sql`${table.status} = 'pending'`),
		index('webhook_deliveries_order_idx').on(table.endpointId, table.orderingKey, table.id).where(sql`${table.status} = 'pending'`),
		index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.id),
	],
)

/**
 * docs/decisions/0087: who did or read what, append-only and chained. The writer sets `canonical` (the entry's
 * canonical content); a trigger takes the chain's lock, links the row to the last one (`prev_hash`), sets
 * `hash = sha256(prev_hash || canonical)` and clears `canonical`. Another trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const activityLog = pgTable(
	'activity_log',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		at: timestamp('at', { withTimezone: true }).notNull(),
		actorId: text('actor_id'),
		actorEmail: text('actor_email'),
		/** The actor's roles as they were, comma-separated. */
		actorRoles: text('actor_roles'),
		ip: text('ip'),
		userAgent: text('user_agent'),
		action: text('action').notNull(),
		subjectKind: text('subject_kind'),
		subjectId: text('subject_id'),
		details: jsonb('details').notNull(),
		/** Only while the row is inserted: the trigger hashes it and stores null. */
		canonical: text('canonical'),
		prevHash: text('prev_hash').notNull().default(''),
		hash: text('hash').notNull().default(''),
	},
	(table) => [
		index('activity_log_at_idx').on(table.at, table.id),
		index('activity_log_subject_idx').on(table.subjectKind, table.subjectId, table.at),
		index('activity_log_actor_idx').on(table.actorId, table.at),
		index('activity_log_action_idx').on(table.action, table.at),
	],
)

/**
 * docs/decisions/0090: one row per day the disposal job ran: the first process to insert the day's row runs it, the
 * others see the row and do nothing. `result` holds what it did (counts and ids).
 */
/**
 * docs/decisions/0087 and 0090: where the activity log now starts. Entries older than 5 years are deleted from the
 * oldest by the retention job; the hash of the last one deleted is kept here, so the chain still verifies from it.
 * Append-only, like the log.
 */
export const activityLogAnchors = pgTable('activity_log_anchors', {
	/** The last entry deleted: every entry up to it is gone. */
	throughId: bigint('through_id', { mode: 'number' }).primaryKey(),
	/** That entry's hash: the prev_hash of the first entry kept. */
	hash: text('hash').notNull(),
	deleted: integer('deleted').notNull(),
	at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
})

export const retentionRuns = pgTable('retention_runs', {
	day: text('day').primaryKey(),
	startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
	finishedAt: timestamp('finished_at', { withTimezone: true }),
	result: jsonb('result'),
})

/**
 * docs/decisions/0091: a borrower's request to know, delete or correct what the lender holds about them (CCPA/CPRA,
 * 11 CCR 7021, 7060-7062, 7101). Kept at least 24 months with its steps: neither retention job touches it.
 */
export const dataRequests = pgTable(
	'data_requests',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		type: text('type', { enum: ['know', 'delete', 'correct'] }).notNull(),
		/** The calendar day the request reached the lender (the clocks count from it). */
		receivedOn: date('received_on', { mode: 'string' }).notNull(),
		channel: text('channel', { enum: ['email', 'phone', 'web', 'mail', 'in_person'] }).notNull(),
		/** As the requester gave them (at least one of the two); the normalised copies are what the search matches. */
		email: text('email'),
		phone: text('phone'),
		emailNormalized: text('email_normalized'),
		phoneNormalized: text('phone_normalized'),
		/** Which data points matched what the lender holds (name, email, phone, property_address, ...). */
		verifiedPoints: text('verified_points').array().notNull().default(sql`'{}'::text[]`),
		signedDeclaration: boolean('signed_declaration').notNull().default(false),
		verifiedAt: timestamp('verified_at', { withTimezone: true }),
		status: text('status', { enum: ['open', 'closed'] })
			.notNull()
			.default('open'),
		acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
		extendedAt: timestamp('extended_at', { withTimezone: true }),
		extensionReason: text('extension_reason'),
		erasedAt: timestamp('erased_at', { withTimezone: true }),
		eraseReason: text('erase_reason'),
		answeredAt: timestamp('answered_at', { withTimezone: true }),
		outcome: text('outcome', { enum: ['answered', 'denied'] }),
		notes: text('notes').notNull().default(''),
		/** Set once the admins were reminded of the acknowledgement's deadline (once per deadline). */
		ackRemindedAt: timestamp('ack_reminded_at', { withTimezone: true }),
		/** The answer deadline the admins were last reminded of: an extension moves it, and earns a reminder of its own. */
		answerRemindedFor: date('answer_reminded_for', { mode: 'string' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		createdBy: text('created_by'),
	},
	(table) => [
		index('data_requests_status_idx').on(table.status, table.receivedOn),
		index('data_requests_email_idx').on(table.emailNormalized),
		index('data_requests_phone_idx').on(table.phoneNormalized),
	],
)

/** docs/decisions/0091: every step of a data request, in order (the request's own log, kept with it). */
export const dataRequestSteps = pgTable(
	'data_request_steps',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		requestId: uuid('request_id')
			.notNull()
			.references(() => dataRequests.id),
		at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
		step: text('step').notNull(),
		actorEmail: text('actor_email'),
		detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
	},
	(table) => [index('data_request_steps_request_idx').on(table.requestId, table.at)],
)

/**
 * docs/decisions/0095: a term sheet the borrower downloaded, verifiable at /verify/<code>. One row per download; the
 * PDF itself is made on the fly and never stored. The snapshot holds figures only (program, property type, state,
 * amounts, rate, build-up, assumptions): no name, contact or street address, so an anonymised lead's sheets keep
 * nothing personal; they go with a deleted lead.
 */
export const termSheets = pgTable(
	'term_sheets',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		/** 10 characters of Crockford base32 from 50 random bits: what the borrower types or scans. */
		code: text('code').notNull().unique(),
		leadId: uuid('lead_id')
			.notNull()
			.references(() => leads.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		rateSheetVersion: integer('rate_sheet_version').notNull(),
		snapshot: jsonb('snapshot').notNull(),
	},
	// A deleted lead's sheets go with it (the cascade reads them by lead).
	(table) => [index('term_sheets_lead_idx').on(table.leadId)],
)
