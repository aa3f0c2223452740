import { and, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leads, outbox, smsOptOuts, staffAlertSettings } from '#db/schema.ts'
import type { MailRenderer, MailTransport } from '#app/features/mail/outbox.server.ts'
import { startOutboxWorker } from '#app/features/mail/outbox-worker.server.ts'
import { oneLine } from '#app/features/mail/outbox.server.ts'
import { parseApplication } from '#app/features/leads/model/lead-application.ts'
import { stateForStaff } from '#app/features/leads/display/lead-notifications.ts'
import type { SmsTransport } from './sms-transport.server.ts'

/** The outbox kind (and renderer name) of the text an officer gets when a lead is assigned to them. */
export const ASSIGNED_LEAD_TEXT = 'assigned-lead-text'

type Executor = Pick<Database, 'insert'>

/**
 * docs/decisions/0111: queues the text in the caller's transaction, on the outbox's sms channel. It holds the lead's id,
 * the officer's and the number only: the words are composed when it is sent (docs/decisions/0097), so a lead deleted,
 * a number opted out or texts turned off meanwhile send nothing.
 */
export async function enqueueAssignmentText(executor: Executor, officerId: string, leadId: string, to: string) {
	await executor
		.insert(outbox)
		.values({ kind: ASSIGNED_LEAD_TEXT, channel: 'sms', leadId, payload: { render: ASSIGNED_LEAD_TEXT, leadId, userId: officerId, to } })
}

/**
 * docs/decisions/0111, 0089: the text names what the staff e-mail's minimal detail names (first name, program, state)
 * and links to the lead; never the borrower's e-mail, phone or address.
 */
export function assignmentTextBody(
	lead: { id: string; firstName: string; loanType: string | null },
	state: string | null,
	baseUrl: string,
) {
	const facts = [oneLine(lead.firstName), lead.loanType ? oneLine(lead.loanType) : null, state].filter(Boolean).join(', ')
	return `New lead assigned to you: ${facts}. Open it: ${baseUrl}/dashboard/leads?lead=${lead.id}`
}

/**
 * Composes a queued text when it is sent. Nothing is sent (the row is dropped) when the number replied STOP, the
 * officer no longer wants texts at that number, or the lead is gone.
 */
export function assignmentTextRenderer({ db, baseUrl }: { db: Database; baseUrl: string }): MailRenderer {
	return async (payload) => {
		if (payload.render !== ASSIGNED_LEAD_TEXT) throw new Error(`No text renderer for ${payload.render}`)
		const { leadId, userId, to } = payload as unknown as { leadId: string; userId: string; to: string }
		const [optedOut] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, to))
		if (optedOut) return null
		const [wanted] = await db
			.select({ userId: staffAlertSettings.userId })
			.from(staffAlertSettings)
			.where(
				and(
					eq(staffAlertSettings.userId, userId),
					eq(staffAlertSettings.byText, true),
					eq(staffAlertSettings.mobile, to),
					isNotNull(staffAlertSettings.textConsentAt),
				),
			)
		if (!wanted) return null
		const [lead] = await db
			.select({ id: leads.id, firstName: leads.firstName, loanType: leads.loanType, message: leads.message })
			.from(leads)
			.where(eq(leads.id, leadId))
		if (!lead) return null
		const text = assignmentTextBody(lead, stateForStaff(parseApplication(lead.message)), baseUrl)
		const message = { to: [to], subject: 'Text message', text }
		return { send: message, keep: { ...message, leadId } }
	}
}

/** The outbox sends through a MailTransport; a text is its first recipient and its body. */
export function smsAsMailTransport(sms: SmsTransport): MailTransport {
	return {
		async send(mail) {
			const to = mail.to[0]
			if (!to) throw new Error('A text without a number')
			await sms.send({ to, body: mail.text, id: mail.messageId })
		},
	}
}

/** docs/decisions/0111: the sms channel of the outbox, drained like the mail (same claims, lease and retries). */
export function startSmsWorker(options: {
	db: Database
	transport: SmsTransport
	baseUrl: string
	log: Parameters<typeof startOutboxWorker>[0]['log']
	releaseClaimsAtStart?: boolean
	intervalMs?: number
}) {
	return startOutboxWorker({
		db: options.db,
		transport: smsAsMailTransport(options.transport),
		from: 'texts@sms.invalid',
		log: options.log,
		releaseClaimsAtStart: options.releaseClaimsAtStart,
		intervalMs: options.intervalMs,
		render: assignmentTextRenderer({ db: options.db, baseUrl: options.baseUrl }),
		channel: 'sms',
	})
}
