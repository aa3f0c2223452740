import { z } from 'zod'
import { safeText, singleLineText } from '#app/features/validation/safe-text.ts'
import { SESSION_IDLE_MINUTES, SESSION_LIFETIME_HOURS } from '#app/features/auth/session-limits.ts'

export { SESSION_IDLE_MINUTES, SESSION_LIFETIME_HOURS }

/**
 * docs/decisions/0089: how much of a borrower a staff e-mail about a lead carries. `minimal` (the default): the
 * first name, the program, the state and the link to the lead; `full`: the e-mail as it was before, with contact
 * details and every answer, switched on only with a typed reason.
 */
export const STAFF_MAIL_DETAILS = ['minimal', 'full'] as const
export type StaffMailDetail = (typeof STAFF_MAIL_DETAILS)[number]

export const STAFF_MAIL_REASON_MIN = 10
export const STAFF_MAIL_REASON_MAX = 500
export const STAFF_MAIL_REASON_MESSAGE = `Type why staff e-mail must carry the borrower's details (at least ${STAFF_MAIL_REASON_MIN} characters)`

/** The Settings form's choice, checked by the same schema in the browser and in the action. */
export const staffMailChoiceSchema = z.discriminatedUnion(
	'staffMailDetail',
	[
		z.object({ staffMailDetail: z.literal('minimal') }),
		z.object({
			staffMailDetail: z.literal('full'),
			staffMailReason: safeText()
				.trim()
				.min(STAFF_MAIL_REASON_MIN, STAFF_MAIL_REASON_MESSAGE)
				.max(STAFF_MAIL_REASON_MAX, `The reason must be at most ${STAFF_MAIL_REASON_MAX} characters`),
		}),
	],
	{ error: 'Choose minimal or full staff e-mail' },
)
export type StaffMailChoice = z.infer<typeof staffMailChoiceSchema>

/**
 * The stored setting. `full` keeps who switched it on, when and why: the reason an activity log records for this
 * change (the settings version that made it carries the same reason as its note).
 */
export const staffMailSettingSchema = z.discriminatedUnion('detail', [
	z.object({ detail: z.literal('minimal') }),
	z.object({
		detail: z.literal('full'),
		reason: safeText().trim().min(STAFF_MAIL_REASON_MIN).max(STAFF_MAIL_REASON_MAX),
		/** The admin's e-mail. */
		by: singleLineText().trim().min(1),
		/** ISO time of the change. */
		at: z.iso.datetime(),
	}),
])
export type StaffMailSetting = z.infer<typeof staffMailSettingSchema>

/**
 * The setting a choice stores: a full choice with the reason already stored keeps its who and when; a new reason
 * (or switching full on) records this admin and now.
 */
export function staffMailSettingFor(choice: StaffMailChoice, stored: StaffMailSetting, admin: string, now = new Date()): StaffMailSetting {
	if (choice.staffMailDetail === 'minimal') return { detail: 'minimal' }
	if (stored.detail === 'full' && stored.reason === choice.staffMailReason) return stored
	return { detail: 'full', reason: choice.staffMailReason, by: admin, at: now.toISOString() }
}

/** The note of the settings version that changes the staff e-mail's detail, or null when it stays as it was. */
export function staffMailChangeNote(before: StaffMailSetting, after: StaffMailSetting): string | null {
	if (after.detail === 'full' && (before.detail !== 'full' || before.reason !== after.reason))
		return `Staff e-mail set to full details. Reason: ${after.reason}`
	if (after.detail === 'minimal' && before.detail === 'full') return 'Staff e-mail set to minimal details'
	return null
}

/**
 * docs/decisions/0089 (amending 0022): how long a staff session lasts without use, and at most after its sign-in;
 * each bounded, with a message that says the bounds.
 */
export const SESSION_IDLE_MESSAGE = 'The idle timeout must be between 5 minutes and 12 hours (5 to 720 minutes)'
export const SESSION_LIFETIME_MESSAGE = 'The session lifetime must be between 1 hour and 30 days (1 to 720 hours)'

const wholeNumberIn = (bounds: { min: number; max: number }, message: string) =>
	z.number({ error: message }).int(message).min(bounds.min, message).max(bounds.max, message)

export const sessionIdleMinutesField = wholeNumberIn(SESSION_IDLE_MINUTES, SESSION_IDLE_MESSAGE)
/** docs/decisions/0095: how many days a downloaded term sheet stays current, its bounds and default. */
export const TERM_SHEET_DAYS = { min: 1, max: 60, default: 10 } as const
export const TERM_SHEET_DAYS_MESSAGE = 'A term sheet stays current between 1 and 60 days'
export const termSheetDaysField = wholeNumberIn(TERM_SHEET_DAYS, TERM_SHEET_DAYS_MESSAGE)
export const sessionLifetimeHoursField = wholeNumberIn(SESSION_LIFETIME_HOURS, SESSION_LIFETIME_MESSAGE)

/** A number typed in a form: empty or not a number stays NaN, which the fields above refuse with their message. */
export const formNumber = (value: FormDataEntryValue | null) =>
	typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
