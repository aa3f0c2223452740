import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { outbox } from '#db/schema.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { OUTBOX_MAX_ATTEMPTS, drainOutbox, enqueueMail, retryDelaySeconds } from './outbox.server.ts'
import { createFileTransport, createSmtpTransport } from './transport.server.ts'

type Received = { from: string; to: string[]; raw: string }

let handle: DatabaseHandle
let server: SMTPServer
let port: number
const received: Received[] = []
let refuseNext = 0

beforeAll(async () => {
	handle = await createTestDatabase()
	server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		onRcptTo(_address, _session, callback) {
			if (refuseNext > 0) {
				refuseNext--
				return callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }))
			}
			callback()
		},
		onData(stream, session, callback) {
			let raw = ''
			stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
			stream.on('end', () => {
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
					raw,
				})
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	port = (server.server.address() as { port: number }).port
})
afterAll(async () => {
	await new Promise<void>((resolve) => server.close(() => resolve()))
	await handle.close()
})
beforeEach(async () => {
	received.length = 0
	refuseNext = 0
	await handle.db.delete(outbox)
})

const mail = { to: ['staff@example.com'], subject: 'New contact message from Jane', text: 'Hello from the site', replyTo: 'jane@example.com' }
const from = 'Example Lending <no-reply@example.com>'

describe('outbox worker with a real SMTP peer', () => {
	test('sends a queued message and marks it sent', async () => {
		await enqueueMail(handle.db, 'contact-message', mail)
		const result = await drainOutbox(handle.db, createSmtpTransport(`smtp://127.0.0.1:${port}`), { from })
		expect(result).toEqual({ sent: 1, failed: 0, dead: 0 })
		expect(received).toHaveLength(1)
		expect(received[0]!.to).toEqual(['staff@example.com'])
		expect(received[0]!.from).toBe('no-reply@example.com')
		expect(received[0]!.raw).toContain('Subject: New contact message from Jane')
		expect(received[0]!.raw).toContain('Reply-To: jane@example.com')
		const [row] = await handle.db.select().from(outbox)
		expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
		expect(row!.sentAt).toBeInstanceOf(Date)
	})

	test('a refused send is retried later with backoff, then delivered', async () => {
		refuseNext = 1
		await enqueueMail(handle.db, 'contact-message', mail)
		const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`)
		const first = await drainOutbox(handle.db, transport, { from })
		expect(first).toEqual({ sent: 0, failed: 1, dead: 0 })
		const [afterFailure] = await handle.db.select().from(outbox)
		expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1 })
		expect(afterFailure!.lastError).toMatch(/Mailbox temporarily unavailable/)
		const waitSeconds = (afterFailure!.nextAttemptAt.getTime() - Date.now()) / 1000
		expect(waitSeconds).toBeGreaterThan(retryDelaySeconds(1) - 5)

		// Not due yet: nothing is sent.
		expect(await drainOutbox(handle.db, transport, { from })).toEqual({ sent: 0, failed: 0, dead: 0 })
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` })
		expect(await drainOutbox(handle.db, transport, { from })).toEqual({ sent: 1, failed: 0, dead: 0 })
		expect(received).toHaveLength(1)
		const [afterRetry] = await handle.db.select().from(outbox)
		expect(afterRetry).toMatchObject({ status: 'sent', attempts: 2 })
	})

	test('after the last attempt a message is marked dead, not retried forever', async () => {
		const id = await enqueueMail(handle.db, 'contact-message', mail)
		await handle.db.update(outbox).set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 }).where(eq(outbox.id, id))
		const failing = { send: async () => Promise.reject(new Error('SMTP down')) }
		expect(await drainOutbox(handle.db, failing, { from })).toEqual({ sent: 0, failed: 0, dead: 1 })
		const [row] = await handle.db.select().from(outbox)
		expect(row).toMatchObject({ status: 'dead', attempts: OUTBOX_MAX_ATTEMPTS, lastError: 'SMTP down' })
	})

	test('backoff doubles from 30 s and is capped at one hour', () => {
		expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240])
		expect(retryDelaySeconds(20)).toBe(3600)
	})

	test('without SMTP each message is written as an .eml file', async () => {
		const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-'))
		await enqueueMail(handle.db, 'contact-message', mail)
		expect(await drainOutbox(handle.db, createFileTransport(dir), { from })).toEqual({ sent: 1, failed: 0, dead: 0 })
		const files = await fs.readdir(dir)
		expect(files).toHaveLength(1)
		expect(files[0]).toMatch(/\.eml$/)
		const eml = await fs.readFile(path.join(dir, files[0]!), 'utf8')
		expect(eml).toContain('Subject: New contact message from Jane')
		expect(eml).toContain('Hello from the site')
		await fs.rm(dir, { recursive: true })
	})
})
