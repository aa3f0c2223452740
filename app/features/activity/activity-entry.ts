import { z } from 'zod'
import { singleLineText } from '#app/features/validation/safe-text.ts'

/**
 * docs/decisions/0087: every kind of activity entry, one member of a discriminated union each (as Documenso types its
 * audit events), so an entry cannot be logged with a shape nobody reads. Details are objects of declared fields only:
 * zod drops any other key, so a password, token, secret or a lead's answers never reach the log.
 */

/** What an entry is about. */
export const SUBJECT_KINDS = ['lead', 'user', 'document', 'endpoint', 'request'] as const
export type SubjectKind = (typeof SUBJECT_KINDS)[number]

const id = singleLineText().max(200)
const nullableId = id.nullable()
// docs/decisions/0077: what a person typed is one line without bidi or zero-width characters, as everywhere else.
const shortText = singleLineText().max(500)
/** Filters of a list or an export, as typed by the person (never the rows). */
const leadFilter = z.object({
	search: shortText,
	statuses: z.array(singleLineText().max(40)).max(20),
	assigned: singleLineText().max(40).nullable().optional(),
})
const activityFilter = z.object({
	actorId: nullableId,
	action: singleLineText().max(80).nullable(),
	leadId: nullableId,
	from: singleLineText().max(40).nullable(),
	to: singleLineText().max(40).nullable(),
})
const empty = z.object({})
const change = z.object({ field: singleLineText().max(80), from: z.unknown(), to: z.unknown() })
/** docs/decisions/0123: a funded loan's figures. */
const fundedLoan = z.object({ amount: z.number().int(), rate: z.number(), points: z.number(), fundedOn: singleLineText().max(10) })

const entry = <T extends string, D extends z.ZodType>(type: T, details: D) => z.object({ type: z.literal(type), details })

export const activityActionSchema = z.discriminatedUnion('type', [
	// A lead: read, listed, changed, exported.
	entry('lead.viewed', empty),
	entry('lead.list_searched', leadFilter.extend({ total: z.number().int() })),
	entry('lead.created', z.object({ status: singleLineText().max(40), sourcePage: shortText.nullable() })),
	entry('lead.status_changed', z.object({ from: singleLineText().max(40), to: singleLineText().max(40) })),
	entry('lead.note_saved', z.object({ length: z.number().int() })),
	// docs/decisions/0107: a note added or corrected (its id and lengths; the words stay with the note, which an erase removes).
	entry('lead.note_added', z.object({ note: id, length: z.number().int() })),
	entry('lead.note_edited', z.object({ note: id, fromLength: z.number().int(), length: z.number().int() })),
	entry('lead.assigned', z.object({ from: nullableId, to: nullableId, by: z.enum(['manager', 'claim', 'work', 'routing']) })),
	// docs/decisions/0104: how it went (absent from entries logged before outcomes were asked).
	entry('lead.contact_logged', z.object({ channel: singleLineText().max(40), outcome: singleLineText().max(40).nullable().optional() })),
	entry('lead.contact_started', z.object({ channel: singleLineText().max(40) })),
	// docs/decisions/0105: a follow-up task (what and when; never its note).
	entry('lead.task_added', z.object({ task: id, kind: singleLineText().max(40), dueAt: singleLineText().max(40), assignee: nullableId })),
	entry('lead.task_completed', z.object({ task: id, kind: singleLineText().max(40) })),
	entry('lead.task_reopened', z.object({ task: id, kind: singleLineText().max(40) })),
	entry('lead.task_deleted', z.object({ task: id, kind: singleLineText().max(40) })),
	// docs/decisions/0112: priced terms a staff member attached to the lead (the frozen copy's id and its rate sheet).
	entry('lead.terms_attached', z.object({ quote: id, sheetVersion: z.number().int() })),
	// docs/decisions/0123: the closed lead's funded loan, and the one it replaced (or the one removed).
	entry('lead.funding_recorded', fundedLoan.extend({ previous: fundedLoan.nullable() })),
	entry('lead.funding_removed', z.object({ previous: fundedLoan })),
	entry('lead.deleted', empty),
	entry('leads.exported', leadFilter.extend({ rows: z.number().int() })),
	entry('lead.legal_hold_placed', z.object({ reason: shortText })),
	entry('lead.legal_hold_released', empty),
	// docs/decisions/0096: the borrower's links back to the quote stop opening it.
	entry('lead.return_links_revoked', empty),
	// Retention (docs/decisions/0090): what a run disposed of, one entry per batch with its ids, and the run's counts.
	entry(
		'retention.disposed',
		z.object({
			category: z.enum(['leads', 'contact_messages', 'consent_records']),
			count: z.number().int(),
			ids: z.array(id).max(1000),
		}),
	),
	entry(
		'retention.run_finished',
		z.object({
			day: singleLineText().max(10),
			leads: z.number().int(),
			contactMessages: z.number().int(),
			consentRecords: z.number().int(),
			activityEntries: z.number().int(),
		}),
	),
	// Staff sign-in and account security.
	entry('auth.signed_in', z.object({ method: z.enum(['password', 'totp', 'backup_code', 'passkey', 'other']) })),
	entry('auth.sign_in_failed', z.object({ email: shortText.nullable(), step: z.enum(['password', 'second_factor', 'passkey']) })),
	entry('auth.signed_out', empty),
	entry('auth.password_changed', empty),
	entry('auth.password_reset', z.object({ sessionsRevoked: z.boolean() })),
	entry('auth.session_revoked', z.object({ sessionId: nullableId })),
	entry('auth.second_factor_added', z.object({ method: z.literal('totp') })),
	entry('auth.second_factor_removed', z.object({ method: z.literal('totp') })),
	// docs/decisions/0093: a passkey by the name its owner gave it (never its key or credential id).
	entry('auth.passkey_added', z.object({ name: shortText })),
	entry('auth.passkey_removed', z.object({ name: shortText })),
	entry('auth.step_up', z.object({ passed: z.boolean(), method: z.enum(['password', 'totp', 'recovery_code', 'passkey']).nullable() })),
	entry('auth.recovery_code_used', z.object({ left: z.number().int().nullable() })),
	entry('auth.recovery_codes_regenerated', z.object({ count: z.number().int() })),
	// docs/decisions/0111: how one hears of an assigned lead, and the mobile texts go to (its last four digits only).
	entry(
		'account.alerts_changed',
		z.object({
			from: singleLineText().max(20),
			to: singleLineText().max(20),
			mobileChanged: z.boolean(),
			mobileEnding: singleLineText().max(4).nullable(),
		}),
	),
	// Admin changes.
	entry('user.invited', z.object({ email: shortText, roles: z.array(singleLineText().max(40)) })),
	entry('user.roles_changed', z.object({ from: z.array(singleLineText().max(40)), to: z.array(singleLineText().max(40)) })),
	entry('user.disabled', z.object({ disabled: z.boolean() })),
	entry(
		'user.second_factor_reset',
		// `passkeys`: how many were removed with the app (docs/decisions/0093); entries from before passkeys lack it.
		z.object({ reason: shortText, authenticatorApp: z.boolean(), passkeys: z.number().int().optional(), sessionsEnded: z.number().int() }),
	),
	entry('settings.two_factor_requirement', z.object({ required: z.boolean(), reason: shortText.nullable() })),
	entry('settings.saved', z.object({ changes: z.array(change).max(100) })),
	entry('routing.saved', z.object({ changes: z.array(change).max(200) })),
	entry(
		'content.published',
		z.object({ key: singleLineText().max(40), version: z.number().int(), restoredFrom: z.number().int().nullable() }),
	),
	entry('rate_sheet.published', z.object({ version: z.number().int(), note: shortText.nullable() })),
	entry(
		'webhook.endpoint_added',
		z.object({ name: shortText, url: singleLineText().max(2000), events: z.array(singleLineText().max(80)) }),
	),
	entry('webhook.endpoint_edited', z.object({ changes: z.array(change).max(50) })),
	entry('webhook.endpoint_removed', empty),
	entry('webhook.secret_rotated', empty),
	entry(
		'webhook.replayed',
		z.object({ deliveryId: z.number().int().nullable(), since: singleLineText().max(40).nullable(), count: z.number().int() }),
	),
	// docs/decisions/0091: every step of a borrower's data request (the subject is the request; never its e-mail or phone).
	entry(
		'data_request.recorded',
		z.object({ requestType: singleLineText().max(20), channel: singleLineText().max(20), receivedOn: singleLineText().max(10) }),
	),
	entry(
		'data_request.verified',
		z.object({ points: z.array(singleLineText().max(40)).max(20), declaration: z.boolean(), level: singleLineText().max(20) }),
	),
	entry('data_request.acknowledged', z.object({ mailed: z.boolean() })),
	entry('data_request.extended', z.object({ reason: shortText, answerDue: singleLineText().max(10), mailed: z.boolean() })),
	entry('data_request.searched', z.object({ rows: z.record(singleLineText().max(40), z.number().int()) })),
	entry('data_request.exported', z.object({ format: z.enum(['json', 'html']), rows: z.number().int() })),
	entry(
		'data_request.erased',
		z.object({
			reason: shortText,
			leads: z.number().int(),
			contactMessages: z.number().int(),
			emails: z.number().int(),
			webhookEvents: z.number().int(),
			consentRecordsKept: z.number().int(),
			leadsOnHold: z.number().int(),
			leadsThatBecameLoans: z.number().int(),
		}),
	),
	entry('data_request.closed', z.object({ outcome: z.enum(['answered', 'denied']), mailed: z.boolean() })),
	entry('data_request.reminded', z.object({ deadline: z.enum(['acknowledgement', 'answer']), due: singleLineText().max(10) })),
	// This log itself.
	entry('activity.exported', activityFilter.extend({ rows: z.number().int() })),
	entry('activity.pruned', z.object({ throughId: z.number().int(), deleted: z.number().int(), hash: z.string().regex(/^[0-9a-f]{64}$/) })),
])

export type ActivityAction = z.infer<typeof activityActionSchema>
export type ActivityType = ActivityAction['type']
export const ACTIVITY_TYPES = activityActionSchema.options.map((option) => option.shape.type.value) as readonly ActivityType[]

/** Words the Activity screen shows for each kind of entry. */
export const ACTIVITY_LABELS: Readonly<Record<ActivityType, string>> = {
	'lead.viewed': 'Lead opened',
	'lead.list_searched': 'Leads searched',
	'lead.created': 'Lead added',
	'lead.status_changed': 'Lead status changed',
	'lead.note_saved': 'Lead notes saved',
	'lead.note_added': 'Lead note added',
	'lead.note_edited': 'Lead note corrected',
	'lead.assigned': 'Lead assigned',
	'lead.contact_logged': 'Lead contact logged',
	'lead.contact_started': 'Lead call, text or e-mail started',
	'lead.task_added': 'Lead task added',
	'lead.task_completed': 'Lead task completed',
	'lead.task_reopened': 'Lead task reopened',
	'lead.task_deleted': 'Lead task deleted',
	'lead.terms_attached': 'Terms attached to a lead',
	'lead.funding_recorded': 'Funded loan recorded on a lead',
	'lead.funding_removed': 'Funded loan removed from a lead',
	'lead.deleted': 'Lead deleted',
	'leads.exported': 'Leads exported',
	'lead.legal_hold_placed': 'Legal hold placed',
	'lead.legal_hold_released': 'Legal hold released',
	'lead.return_links_revoked': 'Borrower’s return links revoked',
	'retention.disposed': 'Personal data disposed of',
	'retention.run_finished': 'Retention run finished',
	'auth.signed_in': 'Signed in',
	'auth.sign_in_failed': 'Sign-in failed',
	'auth.signed_out': 'Signed out',
	'auth.password_changed': 'Password changed',
	'auth.password_reset': 'Password reset',
	'auth.session_revoked': 'Session ended',
	'auth.second_factor_added': 'Two-factor sign-in turned on',
	'auth.second_factor_removed': 'Two-factor sign-in turned off',
	'auth.passkey_added': 'Passkey added',
	'auth.passkey_removed': 'Passkey removed',
	'auth.step_up': 'Identity confirmed again (step-up)',
	'auth.recovery_code_used': 'Recovery code used',
	'auth.recovery_codes_regenerated': 'Recovery codes regenerated',
	'account.alerts_changed': 'Lead alert preference changed',
	'user.invited': 'User invited',
	'user.roles_changed': 'User roles changed',
	'user.disabled': 'User disabled or enabled',
	'user.second_factor_reset': 'Second factor reset by an admin',
	'settings.two_factor_requirement': 'Second-factor requirement changed',
	'settings.saved': 'Settings saved',
	'routing.saved': 'Lead routing saved',
	'content.published': 'Content published',
	'rate_sheet.published': 'Rate sheet published',
	'webhook.endpoint_added': 'Webhook endpoint added',
	'webhook.endpoint_edited': 'Webhook endpoint edited',
	'webhook.endpoint_removed': 'Webhook endpoint removed',
	'webhook.secret_rotated': 'Webhook secret rotated',
	'webhook.replayed': 'Webhook deliveries replayed',
	'data_request.recorded': 'Data request recorded',
	'data_request.verified': 'Data request verified',
	'data_request.acknowledged': 'Data request acknowledged',
	'data_request.extended': 'Data request extended',
	'data_request.searched': 'Data request: personal data searched',
	'data_request.exported': 'Data request: personal data exported',
	'data_request.erased': 'Data request: personal data erased',
	'data_request.closed': 'Data request closed',
	'data_request.reminded': 'Data request deadline reminder sent',
	'activity.exported': 'Activity exported',
	'activity.pruned': 'Activity older than 5 years deleted',
}

/** The fields whose values differ between two versions of a record, old → new (`fields`: only these). */
export function fieldChanges(before: unknown, after: unknown, fields?: readonly string[]) {
	const old = (before ?? {}) as Record<string, unknown>
	const now = (after ?? {}) as Record<string, unknown>
	return (fields ?? [...new Set([...Object.keys(old), ...Object.keys(now)])])
		.filter((field) => JSON.stringify(old[field]) !== JSON.stringify(now[field]))
		.map((field) => ({ field, from: old[field] ?? null, to: now[field] ?? null }))
}

/** One entry as hashed: who (as they were), from where, what, about what, and when. */
export type ActivityContent = {
	at: Date
	actor: { id: string | null; email: string | null; roles: string | null }
	ip: string | null
	userAgent: string | null
	action: string
	subject: { kind: string | null; id: string | null }
	details: unknown
}

/** JSON with object keys sorted at every depth: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
	if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null)
	if (value instanceof Date) return JSON.stringify(value.toISOString())
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
	const keys = Object.keys(value)
		.filter((key) => (value as Record<string, unknown>)[key] !== undefined)
		.sort()
	return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`
}

/** The text an entry's hash covers (the database stores the same fields in columns). */
export function canonicalContent(content: ActivityContent): string {
	return canonicalJson({
		v: 1,
		at: content.at.toISOString(),
		actor: content.actor,
		ip: content.ip,
		userAgent: content.userAgent,
		action: content.action,
		subject: content.subject,
		details: content.details,
	})
}

/** The previous hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64)

/** hash = SHA-256(prev_hash || canonical content), hex: what the insert trigger computes (drizzle/0019_activity_log.sql). */
export async function chainHash(prevHash: string, canonical: string): Promise<string> {
	const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(prevHash + canonical))
	return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
