import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { outbox } from '#db/schema.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'

/**
 * docs/decisions/0097: the borrower's confirmation e-mail is queued with the lead (and with the long form's completion)
 * and composed when it is sent (leads/terms/confirmation-mail.server.ts). It waits CONFIRMATION_DELAY_SECONDS for the
 * terms the borrower is about to see; showing them sends it at once.
 */
export const BORROWER_CONFIRMATION = 'borrower-confirmation'
export const CONFIRMATION_DELAY_SECONDS = 120

export type ConfirmationStage = 'short' | 'long'

/** The outbox row of a confirmation: what the renderer needs, and when it is due. */
export const confirmationRow = (leadId: string, stage: ConfirmationStage) => ({
	kind: BORROWER_CONFIRMATION,
	payload: { render: BORROWER_CONFIRMATION, leadId, stage },
	// docs/decisions/0113: on the lead's timeline.
	leadId,
	nextAttemptAt: sql`now() + make_interval(secs => ${CONFIRMATION_DELAY_SECONDS})`,
})

/** Sends the lead's waiting confirmation now (the terms are on the screen, or none will be). */
export async function sendConfirmationNow(db: Database | Transaction, leadId: string) {
	await db
		.update(outbox)
		.set({ nextAttemptAt: sql`now()` })
		.where(
			and(
				eq(outbox.kind, BORROWER_CONFIRMATION),
				eq(outbox.status, 'pending'),
				eq(outbox.attempts, 0),
				sql`${outbox.payload}->>'leadId' = ${leadId}`,
				sql`${outbox.nextAttemptAt} > now()`,
			),
		)
}
