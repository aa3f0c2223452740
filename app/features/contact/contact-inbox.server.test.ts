import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { contactMessages } from '#db/schema.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { listContactMessages, setContactMessageRead, unreadContactMessages } from './contact-inbox.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await createTestDatabase()
})
afterAll(() => handle.close())

const MINUTE = 60_000
/** `count` messages, the first the oldest, one minute apart; the names say their order. */
async function messages(count: number, readFrom = count) {
	await handle.db.execute(sql`delete from contact_messages`)
	const start = Date.now() - count * MINUTE
	await handle.db.insert(contactMessages).values(
		Array.from({ length: count }, (_, index) => ({
			name: `Sender ${index + 1}`,
			email: `sender${index + 1}@example.com`,
			phone: '+19495550123',
			message: 'I would like a DSCR quote for a duplex.',
			createdAt: new Date(start + index * MINUTE),
			readAt: index >= readFrom ? new Date(start + index * MINUTE) : null,
		})),
	)
}

describe('the contact inbox', () => {
	test('lists the latest first, 50 a page, with the total and the unread count of them all', async () => {
		// 52 messages: the last 2 received were read.
		await messages(52, 50)
		const first = await listContactMessages(handle.db, 1)
		expect(first.messages).toHaveLength(50)
		expect(first.messages.slice(0, 3).map((message) => [message.name, message.read])).toEqual([
			['Sender 52', true],
			['Sender 51', true],
			['Sender 50', false],
		])
		expect([first.total, first.unread]).toEqual([52, 50])
		const second = await listContactMessages(handle.db, 2)
		expect(second.messages.map((message) => message.name)).toEqual(['Sender 2', 'Sender 1'])
		// A page below 1 is the first page.
		expect((await listContactMessages(handle.db, 0)).messages[0]!.name).toBe('Sender 52')
		expect(await unreadContactMessages(handle.db)).toBe(50)
	})

	test('marking read keeps the first time it was read; unread clears it; an unknown message answers false', async () => {
		await messages(2)
		const [older, newer] = await handle.db.select().from(contactMessages).orderBy(contactMessages.createdAt)
		expect(await setContactMessageRead(handle.db, older!.id, true)).toBe(true)
		const readAt = async (id: string) =>
			(await handle.db.select({ readAt: contactMessages.readAt }).from(contactMessages).where(sql`id = ${id}`))[0]!.readAt
		const firstRead = await readAt(older!.id)
		expect(firstRead).toBeInstanceOf(Date)
		await handle.db.execute(sql`select pg_sleep(0.01)`)
		await setContactMessageRead(handle.db, older!.id, true)
		expect(await readAt(older!.id)).toEqual(firstRead)
		expect(await readAt(newer!.id)).toBeNull()
		expect(await unreadContactMessages(handle.db)).toBe(1)
		expect(await setContactMessageRead(handle.db, older!.id, false)).toBe(true)
		expect(await readAt(older!.id)).toBeNull()
		expect(await setContactMessageRead(handle.db, '00000000-0000-4000-8000-000000000000', true)).toBe(false)
	})
})
