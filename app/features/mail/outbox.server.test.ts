import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#db/client.ts'
import { outbox } from '#db/schema.ts'
import { createTestDatabase, testDatabaseKind } from '../../../tests/test-database.ts'
import { OUTBOX_MAX_ATTEMPTS, type MailTransport, drainOutbox, enqueueMail, releaseClaims, retryDelaySeconds } from './outbox.server.ts'
import { startOutboxWorker } from './outbox-worker.server.ts'
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

const mail = {
	to: ['staff@example.com'],
	subject: 'New contact message from Jane',
	lines: ['Hello from the site'],
	replyTo: 'jane@example.com',
}
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
		await handle.db
			.update(outbox)
			.set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 })
			.where(eq(outbox.id, id))
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

	test('every attempt of one message carries the same Message-ID, so a receiver can drop a repeat', async () => {
		refuseNext = 1
		const id = await enqueueMail(handle.db, 'contact-message', mail)
		const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`)
		await drainOutbox(handle.db, transport, { from })
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` })
		await drainOutbox(handle.db, transport, { from })
		expect(received).toHaveLength(1)
		expect(received[0]!.raw).toContain(`Message-ID: <outbox-${id}@example.com>`)
	})

	test('a message is tried 8 times (README promises it), then given up and never tried again', async () => {
		const id = await enqueueMail(handle.db, 'contact-message', mail)
		let tries = 0
		const failing = { send: async () => Promise.reject(new Error(`SMTP down ${++tries}`)) }
		for (let drain = 0; drain < 12; drain++) {
			await drainOutbox(handle.db, failing, { from })
			await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id))
		}
		expect(tries).toBe(8)
		const [row] = await handle.db.select().from(outbox)
		expect(row).toMatchObject({ status: 'dead', attempts: 8, lastError: 'SMTP down 8' })
	})

	test('a sent message is recorded as sent even while the database is briefly away, so it is not sent again', async () => {
		const id = await enqueueMail(handle.db, 'contact-message', mail)
		let sends = 0
		let refusals = 2
		const transport = { send: async () => void sends++ }
		// The claim goes through; the two writes after the send find the database away, the third succeeds.
		const flaky = new Proxy(handle.db, {
			get(target, property, receiver) {
				const value = Reflect.get(target, property, receiver)
				if (property !== 'update' || sends === 0) return typeof value === 'function' ? value.bind(target) : value
				return (...args: unknown[]) => {
					if (refusals-- > 0) throw new Error('Connection terminated unexpectedly')
					return (value as (...a: unknown[]) => unknown).apply(target, args)
				}
			},
		})
		expect(await drainOutbox(flaky, transport, { from })).toEqual({ sent: 1, failed: 0, dead: 0 })
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id))
		await drainOutbox(handle.db, transport, { from })
		expect(sends).toBe(1)
		const [row] = await handle.db.select().from(outbox)
		expect(row).toMatchObject({ status: 'sent', attempts: 1 })
	})
})

/** A transport that records what it sent; `gate` holds every send until it resolves. */
function recordingTransport(gate: Promise<void> = Promise.resolve()) {
	const sent: string[] = []
	let inFlight = 0
	let maxInFlight = 0
	const transport: MailTransport = {
		async send(message) {
			inFlight++
			maxInFlight = Math.max(maxInFlight, inFlight)
			await gate
			inFlight--
			sent.push(message.messageId)
		},
	}
	return { transport, sent, maxInFlight: () => maxInFlight }
}

const silentLog = { error: () => {}, warn: () => {} }

describe('outbox claims and throughput', () => {
	test('a burst larger than one batch drains without waiting for the next poll', async () => {
		for (let index = 0; index < 45; index++) await enqueueMail(handle.db, 'burst', mail)
		const { transport, sent } = recordingTransport()
		// A poll interval far beyond the test's patience: only claiming again after a full batch can finish it.
		const worker = startOutboxWorker({ db: handle.db, transport, from, log: silentLog, intervalMs: 600_000, batchSize: 20 })
		await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(45)
		await worker.stop()
		expect(new Set(sent).size).toBe(45)
	})

	test('the periodic job runs once per poll interval, not on every wake (each new lead wakes the worker)', async () => {
		const { transport, sent } = recordingTransport()
		let periodicRuns = 0
		const worker = startOutboxWorker({
			db: handle.db,
			transport,
			from,
			log: silentLog,
			intervalMs: 600_000,
			beforeDrain: async () => {
				periodicRuns++
			},
		})
		await expect.poll(() => periodicRuns, { timeout: 5_000 }).toBe(1)
		for (let index = 0; index < 5; index++) {
			await enqueueMail(handle.db, 'wake', mail)
			worker.wake()
			await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(index + 1)
		}
		await worker.stop()
		expect(periodicRuns).toBe(1)
	})

	test('the messages of one batch are sent in parallel', async () => {
		for (let index = 0; index < 3; index++) await enqueueMail(handle.db, 'parallel', mail)
		const { promise: gate, resolve: open } = Promise.withResolvers<void>()
		const recorder = recordingTransport(gate)
		const draining = drainOutbox(handle.db, recorder.transport, { from })
		await expect.poll(() => recorder.maxInFlight(), { timeout: 5_000 }).toBe(3)
		open()
		expect(await draining).toEqual({ sent: 3, failed: 0, dead: 0 })
	})

	test('a message being sent is leased: a second worker does not claim it again', async () => {
		await enqueueMail(handle.db, 'lease', mail)
		const { promise: gate, resolve: open } = Promise.withResolvers<void>()
		const first = recordingTransport(gate)
		const draining = drainOutbox(handle.db, first.transport, { from })
		await expect.poll(() => first.maxInFlight(), { timeout: 5_000 }).toBe(1)
		const second = recordingTransport()
		expect(await drainOutbox(handle.db, second.transport, { from })).toEqual({ sent: 0, failed: 0, dead: 0 })
		open()
		await draining
		expect(second.sent).toHaveLength(0)
		const [row] = await handle.db.select().from(outbox)
		expect(row).toMatchObject({ status: 'sent', attempts: 1, claimedAt: null })
	})

	test('claims a killed run left behind are released at the next start of the embedded database', async () => {
		const id = await enqueueMail(handle.db, 'orphan', mail)
		await handle.db
			.update(outbox)
			.set({ attempts: 1, claimedAt: sql`now()`, nextAttemptAt: sql`now() + interval '60 seconds'` })
			.where(eq(outbox.id, id))
		const { transport, sent } = recordingTransport()
		const worker = startOutboxWorker({ db: handle.db, transport, from, log: silentLog, intervalMs: 600_000, releaseClaimsAtStart: true })
		await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1)
		await worker.stop()
	})

	test('only claimed messages are released: one waiting for its retry keeps its wait, sent and dead ones stay as they are', async () => {
		// A send that failed: the message waits for its retry, claimed by nobody.
		const waiting = await enqueueMail(handle.db, 'waiting', mail)
		const refusing: MailTransport = {
			async send() {
				throw new Error('451 try again later')
			},
		}
		expect(await drainOutbox(handle.db, refusing, { from })).toMatchObject({ failed: 1 })
		const orphan = await enqueueMail(handle.db, 'orphan', mail)
		const sentId = await enqueueMail(handle.db, 'sent', mail)
		const deadId = await enqueueMail(handle.db, 'dead', mail)
		const later = sql`now() + interval '1 hour'`
		await handle.db.update(outbox).set({ attempts: 1, claimedAt: sql`now()`, nextAttemptAt: later }).where(eq(outbox.id, orphan))
		await handle.db
			.update(outbox)
			.set({ status: 'sent', attempts: 1, sentAt: sql`now()`, claimedAt: sql`now()` })
			.where(eq(outbox.id, sentId))
		await handle.db
			.update(outbox)
			.set({ status: 'dead', attempts: OUTBOX_MAX_ATTEMPTS, claimedAt: sql`now()` })
			.where(eq(outbox.id, deadId))
		const before = new Map((await handle.db.select().from(outbox)).map((row) => [row.id, row]))
		expect(await releaseClaims(handle.db)).toBe(1)
		const after = new Map((await handle.db.select().from(outbox)).map((row) => [row.id, row]))
		expect(after.get(orphan)).toMatchObject({ status: 'pending', claimedAt: null })
		expect(after.get(orphan)!.nextAttemptAt.getTime()).toBeLessThan(before.get(orphan)!.nextAttemptAt.getTime())
		for (const id of [waiting, sentId, deadId]) expect(after.get(id), String(id)).toEqual(before.get(id))
		// Nothing is due but the released one.
		const { transport, sent } = recordingTransport()
		await drainOutbox(handle.db, transport, { from })
		expect(sent).toHaveLength(1)
		expect((await handle.db.select().from(outbox).where(eq(outbox.id, waiting)))[0]).toMatchObject({ status: 'pending', attempts: 1 })
	})

	test.runIf(testDatabaseKind === 'postgres')('a row another worker holds locked is skipped, never waited for (SKIP LOCKED)', async () => {
		const lockedId = await enqueueMail(handle.db, 'locked', mail)
		const freeId = await enqueueMail(handle.db, 'free', mail)
		let release = () => {}
		const held = new Promise<void>((resolve) => {
			release = resolve
		})
		let locked = () => {}
		const isLocked = new Promise<void>((resolve) => {
			locked = resolve
		})
		const holder = handle.db.transaction(async (tx) => {
			await tx.execute(sql`select id from outbox where id = ${lockedId} for update`)
			locked()
			await held
		})
		await isLocked
		const { transport, sent } = recordingTransport()
		const outcome = await Promise.race([
			drainOutbox(handle.db, transport, { from }),
			new Promise((resolve) => setTimeout(() => resolve('blocked'), 3_000)),
		])
		release()
		await holder
		expect(outcome).toEqual({ sent: 1, failed: 0, dead: 0 })
		expect(sent).toEqual([`<outbox-${freeId}@example.com>`])
	})
})

describe('outbox rules each on their own (docs/decisions/0111, 0097)', () => {
	const waitSeconds = (row: { nextAttemptAt: Date }) => (row.nextAttemptAt.getTime() - Date.now()) / 1000
	const refusing: MailTransport = {
		async send() {
			throw new Error('451 try again later')
		},
	}

	test('each channel drains only its own rows, and releases only its own claims', async () => {
		const email = await enqueueMail(handle.db, 'email-one', mail)
		const [text] = await handle.db
			.insert(outbox)
			.values({ kind: 'text-one', channel: 'sms', payload: { to: ['+15125550100'], subject: '', text: 'Hi' } })
			.returning()
		const emails = recordingTransport()
		expect(await drainOutbox(handle.db, emails.transport, { from })).toEqual({ sent: 1, failed: 0, dead: 0 })
		expect(emails.sent).toEqual([`<outbox-${email}@example.com>`])
		const texts = recordingTransport()
		expect(await drainOutbox(handle.db, texts.transport, { from: 'texts@sms.invalid', channel: 'sms' })).toEqual({
			sent: 1,
			failed: 0,
			dead: 0,
		})
		expect(texts.sent).toEqual([`<outbox-${text!.id}@sms.invalid>`])

		// Two orphaned claims, one per channel: releasing the e-mail ones leaves the text's lease alone.
		const orphanMail = await enqueueMail(handle.db, 'orphan-mail', mail)
		const [orphanText] = await handle.db
			.insert(outbox)
			.values({ kind: 'orphan-text', channel: 'sms', payload: { to: ['+15125550100'], subject: '', text: 'Hi' } })
			.returning()
		const claim = { attempts: 1, claimedAt: sql`now()`, nextAttemptAt: sql`now() + interval '1 hour'` }
		await handle.db.update(outbox).set(claim).where(eq(outbox.id, orphanMail))
		await handle.db.update(outbox).set(claim).where(eq(outbox.id, orphanText!.id))
		expect(await releaseClaims(handle.db)).toBe(1)
		const rowOf = async (id: number) => (await handle.db.select().from(outbox).where(eq(outbox.id, id)))[0]!
		expect((await rowOf(orphanMail)).claimedAt).toBeNull()
		expect((await rowOf(orphanText!.id)).claimedAt).not.toBeNull()
		expect(await releaseClaims(handle.db, 'sms')).toBe(1)
		expect((await rowOf(orphanText!.id)).claimedAt).toBeNull()
	})

	test('the wait after a failed attempt is 30 s after the first, 60 s after the second', async () => {
		const id = await enqueueMail(handle.db, 'backoff', mail)
		await drainOutbox(handle.db, refusing, { from })
		const [first] = await handle.db.select().from(outbox).where(eq(outbox.id, id))
		expect(waitSeconds(first!)).toBeGreaterThan(25)
		expect(waitSeconds(first!)).toBeLessThan(35)
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id))
		await drainOutbox(handle.db, refusing, { from })
		const [second] = await handle.db.select().from(outbox).where(eq(outbox.id, id))
		expect(second).toMatchObject({ status: 'pending', attempts: 2, claimedAt: null })
		expect(waitSeconds(second!)).toBeGreaterThan(55)
		expect(waitSeconds(second!)).toBeLessThan(65)
	})

	test('a message is claimed for a lease of 60 s while it is sent', async () => {
		const id = await enqueueMail(handle.db, 'lease-length', mail)
		const { promise: gate, resolve: open } = Promise.withResolvers<void>()
		const held = recordingTransport(gate)
		const draining = drainOutbox(handle.db, held.transport, { from })
		await expect.poll(() => held.maxInFlight(), { timeout: 5_000 }).toBe(1)
		const [claimed] = await handle.db.select().from(outbox).where(eq(outbox.id, id))
		open()
		await draining
		expect(claimed!.claimedAt).not.toBeNull()
		expect(waitSeconds(claimed!)).toBeGreaterThan(55)
		expect(waitSeconds(claimed!)).toBeLessThan(65)
	})

	test('the seventh failure still retries; the eighth gives up; a long error is kept to 1,000 characters', async () => {
		const id = await enqueueMail(handle.db, 'seventh', mail)
		await handle.db.update(outbox).set({ attempts: 6 }).where(eq(outbox.id, id))
		const long = { send: async () => Promise.reject(new Error('x'.repeat(1500))) }
		expect(await drainOutbox(handle.db, long, { from })).toEqual({ sent: 0, failed: 1, dead: 0 })
		const [seventh] = await handle.db.select().from(outbox).where(eq(outbox.id, id))
		expect(seventh).toMatchObject({ status: 'pending', attempts: 7 })
		expect(seventh!.lastError).toHaveLength(1000)
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id))
		expect(await drainOutbox(handle.db, long, { from })).toEqual({ sent: 0, failed: 0, dead: 1 })
		expect((await handle.db.select().from(outbox).where(eq(outbox.id, id)))[0]).toMatchObject({ status: 'dead', attempts: 8 })
	})

	test('a message with nothing left to send is dropped, not counted as sent; one composed when sent keeps its copy (docs/decisions/0097)', async () => {
		const [gone] = await handle.db
			.insert(outbox)
			.values({ kind: 'composed', payload: { render: 'composed', leadId: 'gone' } })
			.returning()
		const [live] = await handle.db
			.insert(outbox)
			.values({ kind: 'composed', payload: { render: 'composed', leadId: 'live' } })
			.returning()
		const copy = { to: ['rosa@example.com'], subject: 'Your terms', text: 'Rate 7.25 %' }
		const render = async (payload: { render: string } & Record<string, unknown>) =>
			payload.leadId === 'gone' ? null : { send: { ...copy, text: 'Rate 7.25 % https://x/t/secret' }, keep: copy }
		const { transport, sent } = recordingTransport()
		expect(await drainOutbox(handle.db, transport, { from, render })).toEqual({ sent: 1, failed: 0, dead: 0 })
		expect(sent).toEqual([`<outbox-${live!.id}@example.com>`])
		expect((await handle.db.select().from(outbox).where(eq(outbox.id, gone!.id)))[0]).toMatchObject({
			status: 'dropped',
			lastError: 'Nothing to send any more',
			claimedAt: null,
		})
		expect((await handle.db.select().from(outbox).where(eq(outbox.id, live!.id)))[0]).toMatchObject({
			status: 'sent',
			payload: copy,
			lastError: null,
		})
	})

	test('a message sent after a failed attempt forgets the old error; others of the batch go in the order queued', async () => {
		const id = await enqueueMail(handle.db, 'recovered', mail)
		await drainOutbox(handle.db, refusing, { from })
		await handle.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id))
		const later = await enqueueMail(handle.db, 'later', mail)
		const { transport, sent } = recordingTransport()
		expect(await drainOutbox(handle.db, transport, { from, batchSize: 1 })).toEqual({ sent: 1, failed: 0, dead: 0 })
		expect(sent).toEqual([`<outbox-${id}@example.com>`])
		expect((await handle.db.select().from(outbox).where(eq(outbox.id, id)))[0]).toMatchObject({
			status: 'sent',
			lastError: null,
			claimedAt: null,
		})
		expect((await handle.db.select().from(outbox).where(eq(outbox.id, later)))[0]).toMatchObject({ status: 'pending', attempts: 0 })
	})
})
