import { z } from 'zod'
import { phoneField } from '#app/features/validation/form-fields.ts'

/** docs/decisions/0111: how an officer hears of a lead assigned to them. */
export const ALERT_CHANNELS = ['email', 'text', 'both', 'none'] as const
export type AlertChannel = (typeof ALERT_CHANNELS)[number]

export const ALERT_CHANNEL_LABELS: Readonly<Record<AlertChannel, string>> = {
	email: 'By e-mail',
	text: 'By text message',
	both: 'By e-mail and text message',
	none: 'Neither (I check the leads screen)',
}

export const MOBILE_INVALID = 'Enter your mobile number as 10 digits, e.g. (949) 555-0123'
export const MOBILE_REQUIRED = 'Enter your mobile number to get texts'
export const CONSENT_REQUIRED = 'Tick the box to agree to receive texts, or choose e-mail only'

export const wantsText = (channel: AlertChannel) => channel === 'text' || channel === 'both'
export const wantsEmail = (channel: AlertChannel) => channel === 'email' || channel === 'both'

/** The form on the Notifications screen and its server check: one schema (house rule). The mobile is given back in E.164. */
export const alertPreferencesSchema = z
	.object({
		channel: z.enum(ALERT_CHANNELS, { message: 'Choose how you want to hear of a new lead' }),
		mobile: phoneField({ optional: true, invalid: MOBILE_INVALID }).optional().default(''),
		consent: z
			.literal('on')
			.optional()
			.transform((value) => value === 'on'),
	})
	.superRefine((input, issues) => {
		if (!wantsText(input.channel)) return
		if (input.mobile === '') issues.addIssue({ code: 'custom', path: ['mobile'], message: MOBILE_REQUIRED })
		if (!input.consent) issues.addIssue({ code: 'custom', path: ['consent'], message: CONSENT_REQUIRED })
	})

export type AlertPreferencesInput = z.infer<typeof alertPreferencesSchema>

/** The channel a stored row stands for (no row: e-mail, as before texts existed). */
export function channelOf(row: { byEmail: boolean; byText: boolean } | null | undefined): AlertChannel {
	if (!row) return 'email'
	if (row.byEmail && row.byText) return 'both'
	if (row.byText) return 'text'
	return row.byEmail ? 'email' : 'none'
}
