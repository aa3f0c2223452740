import { count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { contactMessages } from '#db/schema.ts'

import { INBOX_PAGE_SIZE } from './contact-inbox.ts'

export async function listContactMessages(db: Database, page: number) {
	const offset = (Math.max(1, page) - 1) * INBOX_PAGE_SIZE
	const [rows, [totals]] = await Promise.all([
		db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(INBOX_PAGE_SIZE).offset(offset),
		db.select({ total: count(), unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)` }).from(contactMessages),
	])
	return {
		messages: rows.map((row) => ({
			id: row.id,
			name: row.name,
			email: row.email,
			phone: row.phone,
			message: row.message,
			createdAt: row.createdAt.toISOString(),
			read: row.readAt !== null,
			/** docs/decisions/0109: the lead made of this message, if any. */
			leadId: row.leadId,
		})),
		total: Number(totals!.total),
		unread: Number(totals!.unread),
	}
}

export async function setContactMessageRead(db: Database, id: string, read: boolean) {
	const updated = await db
		.update(contactMessages)
		.set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
		.where(eq(contactMessages.id, id))
		.returning({ id: contactMessages.id })
	return updated.length > 0
}

export async function unreadContactMessages(db: Database) {
	const [row] = await db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt))
	return Number(row!.unread)
}
