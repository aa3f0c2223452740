import type { Database } from '#db/client.ts'
import { contactMessages } from '#db/schema.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import type { Company, Settings } from '#app/features/content/content-schemas.ts'
import { withPunctuation } from '#app/features/content/punctuation.ts'
import type { ContactMessageInput } from './contact-schema.ts'

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
					`Phone: ${input.phone}`,
					'',
					{ quoted: input.message },
					'',
					`Received: ${row!.createdAt.toISOString()}`,
					`Reference: ${row!.id}`,
					`Site: ${context.baseUrl}`,
				],
			})
		}
		return row!
	})
}
