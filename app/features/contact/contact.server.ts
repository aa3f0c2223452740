import type { Database } from '#db/client.ts'
import { contactMessages } from '#db/schema.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import type { Company, Settings } from '#app/features/content/content-schemas.ts'
import { withPunctuation } from '#app/features/content/punctuation.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import type { ContactMessageInput } from './contact-schema.ts'
import { enqueueWebhookEvent, hasSubscribers } from '#app/features/webhooks/webhooks.server.ts'
import { webhookBody } from '#app/features/webhooks/webhook-payloads.ts'
import { formatPhone } from '#app/features/validation/form-fields.ts'

/** Stores the message and queues the staff notification in one transaction: both or neither. */
export async function storeContactMessage(
	db: Database,
	input: ContactMessageInput,
	context: { settings: Settings; company: Company; userAgent: string | null; baseUrl: string },
) {
	return db.transaction(async (tx) => {
		const [row] = await tx
			.insert(contactMessages)
			.values({ ...input, userAgent: context.userAgent?.slice(0, 500) ?? null })
			.returning({ id: contactMessages.id, createdAt: contactMessages.createdAt })
		if (context.settings.enableNotifications) {
			await enqueueMail(tx, 'contact-message', {
				to: [context.settings.adminEmail],
				replyTo: input.email,
				subject: `New contact message from ${input.name}`,
				lines: [
					`A visitor sent a message through the contact page of ${withPunctuation(context.company.name, '.')}`,
					'',
					`Name: ${input.name}`,
					`Email: ${input.email}`,
					`Phone: ${formatPhone(input.phone)}`,
					'',
					{ quoted: input.message },
					'',
					// The office's zone, named (docs/decisions/0079).
					`Received: ${formatInTimeZone(row!.createdAt, context.settings.timeZone)}`,
					`Reference: ${row!.id}`,
					`Site: ${context.baseUrl}`,
				],
			})
		}
		// docs/decisions/0068: contact_message.created, in this transaction.
		if (await hasSubscribers(tx, 'contact_message.created')) {
			const message = {
				id: row!.id,
				createdAt: row!.createdAt.toISOString(),
				name: input.name,
				email: input.email,
				phone: input.phone,
				message: input.message.slice(0, 8000),
				url: `${context.baseUrl}/dashboard/messages`,
			}
			await enqueueWebhookEvent(tx, {
				type: 'contact_message.created',
				body: webhookBody('contact_message.created', { contactMessage: message }),
			})
		}
		return row!
	})
}
