import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { outbox } from '#db/schema.ts'
import { withTimeout } from '#db/with-timeout.ts'

/** A message as it is stored in the outbox and sent. */
export type OutgoingMail = {
	to: string[]
	subject: string
	text: string
	replyTo?: string
}

/** One line of a body, or a block of text someone typed (a contact message), quoted line by line. */
export type MailLine = string | { quoted: string }

/** A message as it is composed: its body is a list of lines, so nothing inside a value can start a new one. */
export type MailDraft = {
	to: string[]
	subject: string
	lines: MailLine[]
	replyTo?: string
}

/** Control characters (C0 with CR, LF and tab; DEL; C1) and the Unicode line and paragraph separators. */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/gu

/** A value on one line: every control character or line separator becomes a space. */
export function oneLine(text: string) {
	return text.replace(LINE_BREAKING, ' ')
}

/**
 * The one place a message gets its text: the subject, addresses and every body line are folded onto
 * one line, so a name like "Jane\r\nBcc: x@evil.example" or "Jane\nStatus: Approved" can neither add a
 * header nor a line of its own to the body; a quoted block keeps its lines, each behind "> ".
 */
export function composeMail(draft: MailDraft): OutgoingMail {
	const text = draft.lines
		.flatMap((line) =>
			typeof line === 'string' ? [oneLine(line)] : line.quoted.split(/\r\n|[\r\n\u2028\u2029]/).map((part) => `> ${oneLine(part)}`),
		)
		.join('\n')
	const mail: OutgoingMail = { to: draft.to.map(oneLine), subject: oneLine(draft.subject), text }
	if (draft.replyTo !== undefined) mail.replyTo = oneLine(draft.replyTo)
	return mail
}

export type MailTransport = {
	/** `messageId` is the same on every attempt of one outbox message, so a receiver can drop a repeat. */
	send(mail: OutgoingMail & { from: string; messageId: string }): Promise<void>
}

/** Anything that can run an insert: the database or an open transaction. */
type Executor = Pick<Database, 'insert'>

export const OUTBOX_MAX_ATTEMPTS = 8
/** Messages claimed at once; the batch is sent in parallel and must finish well inside the lease. */
export const OUTBOX_BATCH_SIZE = 20
/** One send that takes longer counts as failed (and is retried later). */
export const SEND_TIMEOUT_MS = 30_000
/**
 * A claimed message whose worker died is sent again after this lease. A batch is sent in parallel
 * with each send bounded by SEND_TIMEOUT_MS, so a live worker always finishes inside it.
 */
export const CLAIM_LEASE_SECONDS = 60

/** Backoff before attempt n+1: 30 s, 1 min, 2 min, ... capped at one hour. */
export function retryDelaySeconds(attempts: number) {
	return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600)
}

/**
 * Queues a message; call it inside the transaction that stores the data the message is about. A message about a lead
 * names it (`leadId`), so the lead's timeline lists it (docs/decisions/0113).
 */
export async function enqueueMail(executor: Executor, kind: string, draft: MailDraft, about: { leadId?: string | null } = {}) {
	const [row] = await executor
		.insert(outbox)
		.values(outboxRow({ kind, draft, leadId: about.leadId }))
		.returning({ id: outbox.id })
	return row!.id
}

/** A message's outbox row, for a statement that writes it together with the data it is about. */
export function outboxRow(mail: { kind: string; draft: MailDraft; leadId?: string | null }) {
	return { kind: mail.kind, payload: composeMail(mail.draft), leadId: mail.leadId ?? null }
}

/** The Message-ID of an outbox message: stable across attempts, unique per message. */
export function outboxMessageId(id: number, from: string) {
	const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost'
	return `<outbox-${id}@${domain}>`
}

export type DrainResult = { sent: number; failed: number; dead: number }

/**
 * docs/decisions/0097: a message composed when it is sent, from what the database holds then (a borrower's confirmation
 * names the terms shown meanwhile and carries a link made at that moment). Its stored payload names the renderer
 * (`render`) and what it needs; once sent the payload becomes `keep`, a copy of the message without any capability in
 * it, so support and a data request see what was sent. Null: nothing to send any more (the lead is gone), and the
 * message is marked dropped.
 */
export type RenderedMail = { send: OutgoingMail; keep: OutgoingMail & Record<string, unknown> }
export type MailRenderer = (payload: { render: string } & Record<string, unknown>) => Promise<RenderedMail | null>

const renderedPayload = (payload: unknown): payload is { render: string } & Record<string, unknown> =>
	typeof payload === 'object' && payload !== null && typeof (payload as { render?: unknown }).render === 'string'

type Options = {
	from: string
	batchSize?: number
	sendTimeoutMs?: number
	onError?: (error: unknown, id: number) => void
	/** Called when recording an outcome failed for good (the database stayed away for the whole lease). */
	onRecordError?: (error: unknown, id: number) => void
	/** Composes the messages queued to be composed when sent (docs/decisions/0097). */
	render?: MailRenderer
	/** docs/decisions/0111: the channel this drain sends (e-mail unless told); another channel's rows are never claimed. */
	channel?: OutboxChannel
}

/** docs/decisions/0111: e-mail, or a text message (app/features/sms). */
export type OutboxChannel = 'email' | 'sms'

/**
 * Records an outcome, retrying while the database is away: a message that was sent but not marked
 * would be sent again when its lease ends. Gives up shortly before the lease does.
 */
async function record(write: () => Promise<unknown>, deadline: number) {
	for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
		try {
			await write()
			return
		} catch (error) {
			if (Date.now() + delay >= deadline) throw error
			await new Promise((resolve) => setTimeout(resolve, delay))
		}
	}
}

/**
 * Claims due messages (safe with several processes: FOR UPDATE SKIP LOCKED plus a lease),
 * sends them in parallel, and records each outcome with exponential backoff.
 */
export async function drainOutbox(db: Database, transport: MailTransport, options: Options): Promise<DrainResult> {
	const batchSize = options.batchSize ?? OUTBOX_BATCH_SIZE
	const due = db
		.select({ id: outbox.id })
		.from(outbox)
		.where(and(eq(outbox.status, 'pending'), eq(outbox.channel, options.channel ?? 'email'), lte(outbox.nextAttemptAt, sql`now()`)))
		.orderBy(outbox.id)
		.limit(batchSize)
		.for('update', { skipLocked: true })
	const claimed = await db
		.update(outbox)
		.set({
			attempts: sql`${outbox.attempts} + 1`,
			claimedAt: sql`now()`,
			nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
		})
		.where(inArray(outbox.id, due))
		.returning()
	const deadline = Date.now() + (CLAIM_LEASE_SECONDS - 5) * 1000

	const result: DrainResult = { sent: 0, failed: 0, dead: 0 }
	const outcomes = await Promise.all(
		claimed
			.sort((a, b) => a.id - b.id)
			.map(async (message) => {
				try {
					let mail = message.payload as OutgoingMail
					let keep: RenderedMail['keep'] | null = null
					if (renderedPayload(message.payload)) {
						if (!options.render) throw new Error(`No renderer for ${message.payload.render}`)
						const rendered = await options.render(message.payload)
						if (!rendered) return { message, error: null, dropped: true as const, keep: null }
						mail = rendered.send
						keep = rendered.keep
					}
					const messageId = outboxMessageId(message.id, options.from)
					const sendTimeoutMs = options.sendTimeoutMs ?? SEND_TIMEOUT_MS
					await withTimeout(
						transport.send({ ...mail, from: options.from, messageId }),
						sendTimeoutMs,
						() => new Error(`Sending took longer than ${sendTimeoutMs / 1000} s`),
					)
					return { message, error: null, dropped: false as const, keep }
				} catch (error) {
					return { message, error: error as unknown, dropped: false as const, keep: null }
				}
			}),
	)
	// Everything sent as stored is recorded in one statement; each failure gets its own backoff.
	const done = outcomes.filter((outcome) => outcome.error === null)
	const sentIds = done.filter((outcome) => !outcome.dropped && !outcome.keep).map((outcome) => outcome.message.id)
	if (sentIds.length > 0) {
		try {
			await record(
				() =>
					db
						.update(outbox)
						.set({ status: 'sent', sentAt: sql`now()`, claimedAt: null, lastError: null })
						.where(inArray(outbox.id, sentIds)),
				deadline,
			)
			result.sent += sentIds.length
		} catch (error) {
			for (const id of sentIds) options.onRecordError?.(error, id)
		}
	}
	// A message composed when sent is recorded with the copy of what went out; one with nothing left to send, dropped.
	for (const { message, dropped, keep } of done) {
		if (!dropped && !keep) continue
		try {
			await record(
				() =>
					db
						.update(outbox)
						.set(
							dropped
								? { status: 'dropped', sentAt: sql`now()`, claimedAt: null, lastError: 'Nothing to send any more' }
								: { status: 'sent', sentAt: sql`now()`, claimedAt: null, lastError: null, payload: keep },
						)
						.where(eq(outbox.id, message.id)),
				deadline,
			)
			if (!dropped) result.sent++
		} catch (error) {
			options.onRecordError?.(error, message.id)
		}
	}
	for (const { message, error: sendError } of outcomes) {
		if (sendError === null) continue
		options.onError?.(sendError, message.id)
		const giveUp = message.attempts >= OUTBOX_MAX_ATTEMPTS
		try {
			await record(
				() =>
					db
						.update(outbox)
						.set({
							status: giveUp ? 'dead' : 'pending',
							claimedAt: null,
							lastError: String(sendError instanceof Error ? sendError.message : sendError).slice(0, 1000),
							nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
						})
						.where(eq(outbox.id, message.id)),
				deadline,
			)
			if (giveUp) result.dead++
			else result.failed++
		} catch (error) {
			options.onRecordError?.(error, message.id)
		}
	}
	return result
}

/**
 * Hands back messages a previous run of this process claimed but never finished (it was killed
 * mid-send), so they go out now instead of when their lease ends. Only for a database this process
 * owns alone (the embedded one); with PostgreSQL other live processes may hold claims, and the lease applies.
 */
export async function releaseClaims(db: Database, channel: OutboxChannel = 'email') {
	const released = await db
		.update(outbox)
		.set({ claimedAt: null, nextAttemptAt: sql`now()` })
		.where(and(eq(outbox.status, 'pending'), eq(outbox.channel, channel), isNotNull(outbox.claimedAt)))
		.returning({ id: outbox.id })
	return released.length
}
