import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { dataRequests, users } from '#db/schema.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { REQUEST_TYPE_LABELS } from './data-request-schema.ts'
import { logDataRequestStep } from './data-requests.server.ts'
import { type Day, acknowledgementDue, answerDue, reminderDay } from './request-clock.ts'
import { DATA_REQUEST_MAIL_KIND_PREFIX } from './requester-mail.ts'

/** Every active admin's address (the settings' admin e-mail when there is none). */
async function adminEmails(db: Database) {
	const rows = await db
		.select({ email: users.email })
		.from(users)
		.where(and(sql`${users.role} ~ '(^|,)\\s*admin\\s*(,|$)'`, sql`coalesce(${users.banned}, false) = false`))
		.orderBy(asc(users.email))
	return rows.map((row) => row.email)
}

type Deadline = 'acknowledgement' | 'answer'

/**
 * docs/decisions/0091: e-mails the admins 2 business days before a request's acknowledgement or answer is due, once per
 * deadline (an extension moves the answer's, which then earns its own reminder). Each reminder is claimed by a
 * conditional update in the transaction that queues its e-mail, so several processes running this at once send one.
 * The e-mail names no requester: the request's type, dates and a link.
 */
export async function remindDataRequestDeadlines(
	db: Database,
	options: { today: Day; baseUrl: string; fallbackEmail: () => Promise<string> },
) {
	const open = await db.select().from(dataRequests).where(eq(dataRequests.status, 'open'))
	const due: Array<{ id: string; deadline: Deadline; day: Day; type: keyof typeof REQUEST_TYPE_LABELS; receivedOn: Day }> = []
	for (const request of open) {
		const ack = acknowledgementDue(request.receivedOn)
		if (!request.acknowledgedAt && !request.ackRemindedAt && options.today >= reminderDay(ack))
			due.push({ id: request.id, deadline: 'acknowledgement', day: ack, type: request.type, receivedOn: request.receivedOn })
		const answer = answerDue(request.receivedOn, request.extendedAt !== null)
		if (request.answerRemindedFor !== answer && options.today >= reminderDay(answer))
			due.push({ id: request.id, deadline: 'answer', day: answer, type: request.type, receivedOn: request.receivedOn })
	}
	if (due.length === 0) return 0
	let recipients = await adminEmails(db)
	if (recipients.length === 0) recipients = [await options.fallbackEmail()]
	let sent = 0
	for (const reminder of due) {
		const claimed = await db.transaction(async (tx) => {
			const claim =
				reminder.deadline === 'acknowledgement'
					? sql`update data_requests set ack_reminded_at = now()
						where id = ${reminder.id} and status = 'open' and acknowledged_at is null and ack_reminded_at is null returning id`
					: sql`update data_requests set answer_reminded_for = ${reminder.day}
						where id = ${reminder.id} and status = 'open' and answer_reminded_for is distinct from ${reminder.day}::date returning id`
			const rows = ((await tx.execute(claim)) as unknown as { rows: unknown[] }).rows
			if (rows.length === 0) return false
			const what = reminder.deadline === 'acknowledgement' ? 'confirmed (acknowledged)' : 'answered'
			await enqueueMail(tx, `${DATA_REQUEST_MAIL_KIND_PREFIX}reminder`, {
				to: recipients,
				subject: `Data request due: ${reminder.deadline === 'acknowledgement' ? 'acknowledge' : 'answer'} by ${reminder.day}`,
				lines: [
					`A borrower's data request (${REQUEST_TYPE_LABELS[reminder.type]}), received ${reminder.receivedOn}, must be ${what} by ${reminder.day}.`,
					'',
					`Open it: ${options.baseUrl}/dashboard/data-requests?id=${reminder.id}`,
				],
			})
			await logDataRequestStep(
				tx,
				null,
				{ id: reminder.id },
				'reminded',
				{ deadline: reminder.deadline, due: reminder.day },
				{ type: 'data_request.reminded', details: { deadline: reminder.deadline, due: reminder.day } },
			)
			return true
		})
		if (claimed) sent++
	}
	return sent
}

/** The reminders at most once per `everyMs` (15 minutes) in this process; call it as often as convenient. */
export function dataRequestReminderJob(
	db: Database,
	options: {
		baseUrl: string
		today: () => Promise<Day>
		fallbackEmail: () => Promise<string>
		everyMs?: number
		onSent?: (count: number) => void
	},
) {
	const everyMs = options.everyMs ?? 15 * 60_000
	let lastTry = 0
	return async () => {
		if (Date.now() - lastTry < everyMs) return
		lastTry = Date.now()
		const sent = await remindDataRequestDeadlines(db, {
			today: await options.today(),
			baseUrl: options.baseUrl,
			fallbackEmail: options.fallbackEmail,
		})
		if (sent > 0) options.onSent?.(sent)
	}
}
