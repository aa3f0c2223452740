import { z } from 'zod'
import { safeText, singleLineText } from '#app/features/validation/safe-text.ts'

/**
 * docs/decisions/0088: every staff account signs in with a second factor unless an admin switched the requirement off,
 * which needs a typed reason, kept with the setting (who, when, why) and written to the activity log.
 */
export const TWO_FACTOR_OFF_REASON_MIN = 10
export const TWO_FACTOR_OFF_REASON_MAX = 500
export const TWO_FACTOR_OFF_REASON_MESSAGE = `Type why staff may sign in without a second factor (at least ${TWO_FACTOR_OFF_REASON_MIN} characters)`

/** The Settings form's choice, checked by the same schema in the browser and in the action. */
export const twoFactorChoiceSchema = z.discriminatedUnion('requireTwoFactor', [
	z.object({ requireTwoFactor: z.literal(true) }),
	z.object({
		requireTwoFactor: z.literal(false),
		twoFactorOffReason: safeText()
			.trim()
			.min(TWO_FACTOR_OFF_REASON_MIN, TWO_FACTOR_OFF_REASON_MESSAGE)
			.max(TWO_FACTOR_OFF_REASON_MAX, `The reason must be at most ${TWO_FACTOR_OFF_REASON_MAX} characters`),
	}),
])
export type TwoFactorChoice = z.infer<typeof twoFactorChoiceSchema>

/** Who switched the requirement off, when and why (null while it is on). */
export const twoFactorOffSchema = z
	.object({
		reason: safeText().trim().min(TWO_FACTOR_OFF_REASON_MIN).max(TWO_FACTOR_OFF_REASON_MAX),
		/** The admin's e-mail. */
		by: singleLineText().trim().min(1),
		/** ISO time of the change. */
		at: z.iso.datetime(),
	})
	.nullable()
export type TwoFactorOff = z.infer<typeof twoFactorOffSchema>

/** The stored pair a choice gives: a reason already stored keeps its who and when; a new one records this admin and now. */
export function twoFactorSettingFor(
	choice: TwoFactorChoice,
	stored: TwoFactorOff,
	admin: string,
	now = new Date(),
): { requireTwoFactor: boolean; twoFactorOff: TwoFactorOff } {
	if (choice.requireTwoFactor) return { requireTwoFactor: true, twoFactorOff: null }
	if (stored && stored.reason === choice.twoFactorOffReason) return { requireTwoFactor: false, twoFactorOff: stored }
	return { requireTwoFactor: false, twoFactorOff: { reason: choice.twoFactorOffReason, by: admin, at: now.toISOString() } }
}

/** What changed of the requirement (the activity entry and the note of the settings version), or null. */
export function twoFactorChange(before: TwoFactorOff, after: TwoFactorOff): { required: boolean; reason: string | null } | null {
	if (after && (!before || before.reason !== after.reason)) return { required: false, reason: after.reason }
	if (!after && before) return { required: true, reason: null }
	return null
}

export const twoFactorChangeNote = (change: { required: boolean; reason: string | null }) =>
	change.required ? 'Second factor required for every staff account' : `Second factor no longer required. Reason: ${change.reason}`
