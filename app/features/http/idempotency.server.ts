import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Database, Transaction } from '#db/client.ts'
import { idempotencyKeys } from '#db/schema.ts'

export type { Transaction }
export type ApiResult = { status: number; body: Record<string, unknown> }

export const hashRequest = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex')

const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,200}$/

export function validIdempotencyKey(key: string | null) {
	return key === null || KEY_PATTERN.test(key)
}

/**
 * Runs `work` in a transaction. With a key, the first answer is stored in the same transaction and
 * a retry with the same key and body gets `replay(first answer)` instead of doing the work again;
 * concurrent retries wait on the key's row until the first commits. `storedBody` picks what of the
 * answer is kept: a secret in it (a completion token) must be left out, and `replay` makes a new one.
 */
export async function withIdempotency(
	db: Database,
	options: {
		scope: string
		key: string | null
		requestHash: string
		storedBody?: (body: Record<string, unknown>) => Record<string, unknown>
	},
	work: (tx: Transaction) => Promise<ApiResult>,
	replay: (tx: Transaction, first: ApiResult) => Promise<ApiResult> = async (_tx, first) => first,
): Promise<ApiResult> {
	return db.transaction(async (tx) => {
		const { scope, key, requestHash } = options
		if (key !== null) {
			const claimed = await tx
				.insert(idempotencyKeys)
				.values({ scope, key, requestHash, status: 0, body: {} })
				.onConflictDoNothing()
				.returning({ key: idempotencyKeys.key })
			if (claimed.length === 0) {
				const [first] = await tx
					.select()
					.from(idempotencyKeys)
					.where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
				if (!first || first.requestHash !== requestHash) {
					return { status: 422, body: { errors: { 'Idempotency-Key': 'This Idempotency-Key was already used for a different request' } } }
				}
				return replay(tx, { status: first.status, body: first.body as Record<string, unknown> })
			}
		}
		const result = await work(tx)
		if (key !== null) {
			await tx
				.update(idempotencyKeys)
				.set({ status: result.status, body: options.storedBody ? options.storedBody(result.body) : result.body })
				.where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
		}
		return result
	})
}
