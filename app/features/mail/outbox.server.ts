import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { outbox } from '#db/schema.ts'

export type OutgoingMail = {
	to: string[]
	subject: string
	text: string
	replyTo?: string
}

export type MailTransport = {
	send(mail: OutgoingMail & { from: string }): Promise<void>
}

/** Anything that can run an insert: the database or an open transaction. */
type Executor = Pick<Database, 'insert'>

export const OUTBOX_MAX_ATTEMPTS = 8
/** A claimed message whose worker died is retried after this lease. */
const CLAIM_LEASE_SECONDS = 300

/** Backoff before attempt n+1: 30 s, 1 min, 2 min, ... capped at one hour. */
export function retryDelaySeconds(attempts: number) {
	return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600)
}

/** Queues a message; call it inside the transaction that stores the data the message is about. */
export async function enqueueMail(executor: Executor, kind: string, mail: OutgoingMail) {
	const [row] = await executor.insert(outbox).values({ kind, payload: mail }).returning({ id: outbox.id })
	return row!.id
}

export type DrainResult = { sent: number; failed: number; dead: number }

/**
 * Claims due messages (safe with several processes: FOR UPDATE SKIP LOCKED plus a lease),
 * sends them, and records the outcome with exponential backoff.
 */
export async function drainOutbox(
	db: Database,
	transport: MailTransport,
	options: { from: string; batchSize?: number; onError?: (error: unknown, id: number) => void },
): Promise<DrainResult> {
	const batchSize = options.batchSize ?? 20
	const due = db
		.select({ id: outbox.id })
		.from(outbox)
		.where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
		.orderBy(outbox.id)
		.limit(batchSize)
		.for('update', { skipLocked: true })
	const claimed = await db
		.update(outbox)
		.set({
			attempts: sql`${outbox.attempts} + 1`,
			nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
		})
		.where(inArray(outbox.id, due))
		.returning()

	const result: DrainResult = { sent: 0, failed: 0, dead: 0 }
	for (const message of claimed.sort((a, b) => a.id - b.id)) {
		try {
			await transport.send({ ...(message.payload as OutgoingMail), from: options.from })
			await db.update(outbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(outbox.id, message.id))
			result.sent++
		} catch (error) {
			options.onError?.(error, message.id)
			const giveUp = message.attempts >= OUTBOX_MAX_ATTEMPTS
			await db
				.update(outbox)
				.set({
					status: giveUp ? 'dead' : 'pending',
					lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
					nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
				})
				.where(eq(outbox.id, message.id))
			if (giveUp) result.dead++
			else result.failed++
		}
	}
	return result
}
