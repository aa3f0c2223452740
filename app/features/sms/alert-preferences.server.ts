import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { smsOptOuts, staffAlertSettings } from '#db/schema.ts'
import { type ActingStaff, actorOfStaff, recordActivity } from '#app/features/activity/activity-log.server.ts'
import { type AlertChannel, type AlertPreferencesInput, channelOf, wantsEmail, wantsText } from './alert-preferences.ts'

export type AlertPreferences = {
	channel: AlertChannel
	/** E.164, or null. */
	mobile: string | null
	textConsentAt: Date | null
	/** docs/decisions/0111: the mobile replied STOP; no text goes to it until it replies START. */
	optedOut: boolean
}

type Executor = Pick<Database, 'select'>

export async function getAlertPreferences(db: Executor, userId: string): Promise<AlertPreferences> {
	const [row] = await db
		.select({
			byEmail: staffAlertSettings.byEmail,
			byText: staffAlertSettings.byText,
			mobile: staffAlertSettings.mobile,
			textConsentAt: staffAlertSettings.textConsentAt,
			optedOutAt: smsOptOuts.optedOutAt,
		})
		.from(staffAlertSettings)
		.leftJoin(smsOptOuts, eq(smsOptOuts.phone, staffAlertSettings.mobile))
		.where(eq(staffAlertSettings.userId, userId))
	return {
		channel: channelOf(row),
		mobile: row?.mobile ?? null,
		textConsentAt: row?.textConsentAt ?? null,
		optedOut: Boolean(row?.optedOutAt),
	}
}

/**
 * docs/decisions/0111: saves one's own alert preference (validated by alertPreferencesSchema first) and logs the change
 * in the activity log, with the mobile's last four digits only. Saving does not lift an opt-out: only START does.
 * Answers whether anything changed.
 */
export async function saveAlertPreferences(db: Database, staff: ActingStaff, input: AlertPreferencesInput) {
	return db.transaction(async (tx) => {
		const before = await getAlertPreferences(tx, staff.id)
		const mobile = input.mobile === '' ? null : input.mobile
		const text = wantsText(input.channel)
		const values = {
			byEmail: wantsEmail(input.channel),
			byText: text,
			mobile,
			// The agreement is for this number: a new number (or texts turned off) asks for it again.
			textConsentAt: text ? (before.textConsentAt && before.mobile === mobile ? before.textConsentAt : new Date()) : null,
			updatedAt: new Date(),
		}
		await tx
			.insert(staffAlertSettings)
			.values({ userId: staff.id, ...values })
			.onConflictDoUpdate({ target: staffAlertSettings.userId, set: values })
		const mobileChanged = before.mobile !== mobile
		if (before.channel === input.channel && !mobileChanged) return false
		await recordActivity(
			tx,
			actorOfStaff(staff),
			{
				type: 'account.alerts_changed',
				details: { from: before.channel, to: input.channel, mobileChanged, mobileEnding: mobile ? mobile.slice(-4) : null },
			},
			{ kind: 'user', id: staff.id },
		)
		return true
	})
}
