import { eq } from 'drizzle-orm'
import type { Database, Transaction } from '#db/client.ts'
import { smsOptOuts, staffAlertSettings } from '#db/schema.ts'
import { type MailDraft, enqueueMail } from '#app/features/mail/outbox.server.ts'
import { enqueueAssignmentText } from '#app/features/sms/assignment-text.server.ts'

/** What an assignment queued for its officer. */
export type AssigneeNotice = { email: boolean; text: boolean }

/**
 * docs/decisions/0111: an officer hears of a lead assigned to them the way they chose on their Notifications screen: by
 * e-mail (the default, with no choice saved), by text, both or neither; in the caller's transaction. A text needs a
 * mobile with the officer's agreement and a number that has not replied STOP. The managers' escalation e-mails
 * (docs/decisions/0036) do not depend on this choice.
 */
export async function notifyAssignee(
	tx: Database | Transaction,
	officer: { id: string },
	leadId: string,
	mail: { kind: string; draft: MailDraft },
): Promise<AssigneeNotice> {
	const [row] = await tx
		.select({
			byEmail: staffAlertSettings.byEmail,
			byText: staffAlertSettings.byText,
			mobile: staffAlertSettings.mobile,
			textConsentAt: staffAlertSettings.textConsentAt,
			optedOut: smsOptOuts.phone,
		})
		.from(staffAlertSettings)
		.leftJoin(smsOptOuts, eq(smsOptOuts.phone, staffAlertSettings.mobile))
		.where(eq(staffAlertSettings.userId, officer.id))
	const email = row?.byEmail ?? true
	const text = Boolean(row?.byText && row.mobile && row.textConsentAt && !row.optedOut)
	if (email) await enqueueMail(tx, mail.kind, mail.draft, { leadId })
	if (text) await enqueueAssignmentText(tx, officer.id, leadId, row!.mobile!)
	return { email, text }
}
