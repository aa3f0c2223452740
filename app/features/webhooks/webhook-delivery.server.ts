import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users, webhookDeliveries, webhookEndpoints, webhookEvents } from '#db/schema.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { parseRoles } from '#app/features/auth/roles.ts'
import type { AddressPolicy } from './address-guard.server.ts'
import { type PostOutcome, postWebhook } from './post-webhook.server.ts'
import { webhookHeaders } from './signing.server.ts'
import { signingSecrets } from './webhooks.server.ts'

/**
 * docs/decisions/0068, Standard Webhooks' schedule: the first attempt at once, then retries after 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h; a delivery whose 8th attempt fails is failed (an admin may replay it).
 */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const
export const WEBHOOK_MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1
/** A Retry-After longer than this is read as this. */
export const RETRY_AFTER_MAX_SECONDS = 24 * 3600
/** An endpoint that has failed without a success for this long is switched off and the admins are e-mailed. */
export const FAILING_DAYS_BEFORE_DISABLE = 5
/** A claimed delivery whose worker died is posted again after this lease (one post takes at most 15 s). */
export const WEBHOOK_LEASE_SECONDS = 60

export type ClaimedDelivery = {
	id: number
	attempts: number
	eventId: string
	payload: unknown
	endpoint: typeof webhookEndpoints.$inferSelect
	/** A later delivery of the same lead to the same endpoint was pending behind this one when it was claimed. */
	blocksLater: boolean
}

/**
 * The claim and what a slot needs to post (the event's body, the endpoint) in one statement, prepared once per
 * database: a burst of leads costs one statement per batch, not two (bench/webhooks.ts). `due` takes the due
 * deliveries of enabled endpoints with FOR UPDATE SKIP LOCKED, skipping any with an earlier delivery of the same lead
 * to the same endpoint still pending; `claimed` sets their lease; the outer select joins the claimed rows (as the
 * update left them) to their event and endpoint, which the statement does not change, and tells whether each holds
 * back a later delivery of its lead (the worker claims again after posting it only then, or after a wake).
 */
function prepareClaim(db: Database) {
	const claimed = db
		.$with('claimed', {
			id: webhookDeliveries.id,
			attempts: webhookDeliveries.attempts,
			eventId: webhookDeliveries.eventId,
			endpointId: webhookDeliveries.endpointId,
			orderingKey: webhookDeliveries.orderingKey,
		})
		.as(sql`with due as (
				select d.id from ${webhookDeliveries} d
				join ${webhookEndpoints} e on e.id = d.endpoint_id and e.enabled
				where d.status = 'pending' and d.next_attempt_at <= now()
					and not exists (select 1 from ${webhookDeliveries} earlier
						where earlier.endpoint_id = d.endpoint_id and earlier.ordering_key = d.ordering_key
							and earlier.status = 'pending' and earlier.id < d.id)
				order by d.next_attempt_at, d.id
				limit ${sql.placeholder('limit')}
				for update of d skip locked)
			update ${webhookDeliveries} w
			set attempts = w.attempts + 1, claimed_at = now(),
				next_attempt_at = now() + make_interval(secs => ${sql.placeholder('leaseSeconds')}::int)
			from due where w.id = due.id
			returning w.id, w.attempts, w.event_id, w.endpoint_id, w.ordering_key`)
	return db
		.with(claimed)
		.select({
			id: claimed.id,
			attempts: claimed.attempts,
			eventId: claimed.eventId,
			payload: webhookEvents.payload,
			endpoint: webhookEndpoints,
			blocksLater: sql<boolean>`exists (select 1 from ${webhookDeliveries} later
				where later.endpoint_id = ${claimed.endpointId} and later.ordering_key = ${claimed.orderingKey}
					and later.status = 'pending' and later.id > ${claimed.id})`,
		})
		.from(claimed)
		.innerJoin(webhookEvents, eq(webhookEvents.id, claimed.eventId))
		.innerJoin(webhookEndpoints, eq(webhookEndpoints.id, claimed.endpointId))
		.orderBy(claimed.id)
		.prepare('claim_webhook_deliveries')
}

const preparedClaims = new WeakMap<Database, ReturnType<typeof prepareClaim>>()

/**
 * Claims up to `limit` due deliveries (FOR UPDATE SKIP LOCKED plus a lease, safe with several processes) of enabled
 * endpoints, skipping any with an earlier delivery of the same lead to the same endpoint still pending: a lead's
 * events reach each receiver in order, a later one waiting while an earlier one is retried.
 */
export async function claimDueDeliveries(db: Database, limit: number, leaseSeconds = WEBHOOK_LEASE_SECONDS): Promise<ClaimedDelivery[]> {
	let prepared = preparedClaims.get(db)
	if (!prepared) {
		prepared = prepareClaim(db)
		preparedClaims.set(db, prepared)
	}
	return prepared.execute({ limit, leaseSeconds })
}

export type DeliveryContext = {
	db: Database
	/** Decrypts the endpoints' secrets (webhookKeyFrom the auth secret). */
	key: Buffer
	policy: AddressPolicy
	/** For the e-mail to the admins when an endpoint is switched off. */
	baseUrl: string
	timeoutMs?: number
	now?: () => Date
	onMailQueued?: () => void
}

/** The body as it is signed and sent: exactly the stored payload's JSON. */
export const bodyOf = (payload: unknown) => JSON.stringify(payload)

/** Signs and posts one claimed delivery, then records what happened. */
export async function deliver(context: DeliveryContext, delivery: ClaimedDelivery) {
	const outcome = await post(context, delivery)
	await recordOutcome(context, delivery, outcome)
	return outcome
}

const succeeded = (outcome: PostOutcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300

/**
 * Posts a claimed batch together and records it: the delivered ones in one statement per answer code (a burst of
 * leads costs the database a few writes, not one per delivery), each failure with its own retry.
 */
export async function deliverAll(context: DeliveryContext, batch: ClaimedDelivery[]) {
	const posted = await Promise.all(batch.map(async (delivery) => ({ delivery, outcome: await post(context, delivery) })))
	const delivered = posted.filter(({ outcome }) => succeeded(outcome))
	for (const code of new Set(delivered.map(({ outcome }) => outcome.status!))) {
		const ids = delivered.filter(({ outcome }) => outcome.status === code).map(({ delivery }) => delivery.id)
		await context.db
			.update(webhookDeliveries)
			.set({
				claimedAt: null,
				lastStatusCode: code,
				lastError: null,
				lastAttemptAt: sql`now()`,
				status: 'delivered',
				deliveredAt: sql`now()`,
			})
			.where(inArray(webhookDeliveries.id, ids))
	}
	// Only an endpoint that was failing when its delivery was claimed has anything to clear.
	const recovered = [
		...new Set(delivered.filter(({ delivery }) => delivery.endpoint.failingSince !== null).map(({ delivery }) => delivery.endpoint.id)),
	]
	if (recovered.length > 0)
		await context.db
			.update(webhookEndpoints)
			.set({ failingSince: null })
			.where(and(inArray(webhookEndpoints.id, recovered), isNotNull(webhookEndpoints.failingSince)))
	for (const { delivery, outcome } of posted) if (!succeeded(outcome)) await recordOutcome(context, delivery, outcome)
	return posted
}

async function post(context: DeliveryContext, delivery: ClaimedDelivery): Promise<PostOutcome> {
	const body = bodyOf(delivery.payload)
	const now = context.now?.() ?? new Date()
	let outcome: PostOutcome
	try {
		const headers = webhookHeaders({
			id: delivery.eventId,
			timestampSeconds: Math.floor(now.getTime() / 1000),
			body,
			secrets: signingSecrets(context.key, delivery.endpoint, now),
		})
		outcome = await postWebhook(delivery.endpoint.url, headers, body, { policy: context.policy, timeoutMs: context.timeoutMs })
	} catch (error) {
		outcome = { status: null, retryAfterSeconds: null, error: (error as Error).message, excerpt: '' }
	}
	return outcome
}

/** The wait before the next attempt after attempt `attempts` failed; null when it was the last. */
export function nextDelaySeconds(attempts: number, retryAfterSeconds: number | null) {
	if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null
	const scheduled = RETRY_DELAYS_SECONDS[attempts - 1]!
	return retryAfterSeconds === null ? scheduled : Math.min(Math.max(retryAfterSeconds, 1), RETRY_AFTER_MAX_SECONDS)
}

async function recordOutcome(context: DeliveryContext, delivery: ClaimedDelivery, outcome: PostOutcome) {
	const { db } = context
	const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300
	const common = {
		claimedAt: null,
		lastStatusCode: outcome.status,
		lastError: ok ? null : (outcome.error ?? 'failed').slice(0, 500),
		lastAttemptAt: sql`now()`,
	}
	if (ok) {
		await db
			.update(webhookDeliveries)
			.set({ ...common, status: 'delivered', deliveredAt: sql`now()` })
			.where(eq(webhookDeliveries.id, delivery.id))
		// Only an endpoint that was failing when the delivery was claimed has anything to clear.
		if (delivery.endpoint.failingSince !== null)
			await db
				.update(webhookEndpoints)
				.set({ failingSince: null })
				.where(and(eq(webhookEndpoints.id, delivery.endpoint.id), isNotNull(webhookEndpoints.failingSince)))
		return
	}
	if (outcome.status === 410) {
		// Gone: the receiver asks never to be sent anything again.
		await db
			.update(webhookDeliveries)
			.set({ ...common, status: 'failed' })
			.where(eq(webhookDeliveries.id, delivery.id))
		await disableEndpoint(context, delivery.endpoint.id, 'The receiver answered 410 Gone')
		return
	}
	const delay = nextDelaySeconds(delivery.attempts, outcome.retryAfterSeconds)
	await db
		.update(webhookDeliveries)
		.set({
			...common,
			status: delay === null ? 'failed' : 'pending',
			nextAttemptAt: delay === null ? sql`now()` : sql`now() + make_interval(secs => ${delay})`,
		})
		.where(eq(webhookDeliveries.id, delivery.id))
	const [streak] = await db
		.update(webhookEndpoints)
		.set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
		.where(eq(webhookEndpoints.id, delivery.endpoint.id))
		.returning({
			longEnough: sql<boolean>`${webhookEndpoints.failingSince} <= now() - make_interval(days => ${FAILING_DAYS_BEFORE_DISABLE})`,
		})
	if (streak?.longEnough)
		await disableEndpoint(context, delivery.endpoint.id, `Every delivery failed for ${FAILING_DAYS_BEFORE_DISABLE} days`)
}

/** Switches an endpoint off for a reason and e-mails the admins, in one transaction (once: only if it was on). */
async function disableEndpoint(context: DeliveryContext, endpointId: string, reason: string) {
	const queued = await context.db.transaction(async (tx) => {
		const [endpoint] = await tx
			.update(webhookEndpoints)
			.set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
			.where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
			.returning()
		if (!endpoint) return false
		const admins = (await tx.select({ email: users.email, role: users.role, banned: users.banned }).from(users)).filter(
			(user) => parseRoles(user.role).includes('admin') && user.banned !== true,
		)
		if (admins.length === 0) return false
		await enqueueMail(tx, 'webhook-endpoint-disabled', {
			to: admins.map((admin) => admin.email),
			subject: 'A webhook endpoint was switched off',
			lines: [
				'A webhook endpoint was switched off and receives no events until an admin switches it on again.',
				'',
				`Endpoint: ${endpoint.url}`,
				...(endpoint.description ? [`Description: ${endpoint.description}`] : []),
				`Reason: ${reason}`,
				'',
				`Its deliveries and the replay of failed ones: ${context.baseUrl}/dashboard/webhooks`,
			],
		})
		return true
	})
	if (queued) context.onMailQueued?.()
}

/**
 * Hands back deliveries a previous run of this process claimed but never finished, so they go out now instead of
 * when their lease ends. Only for the embedded database, which this process owns alone.
 */
export async function releaseWebhookClaims(db: Database) {
	const released = await db
		.update(webhookDeliveries)
		.set({ claimedAt: null, nextAttemptAt: sql`now()` })
		.where(and(eq(webhookDeliveries.status, 'pending'), isNotNull(webhookDeliveries.claimedAt)))
		.returning({ id: webhookDeliveries.id })
	return released.length
}

/** Whether any endpoint is on: with none, a wake costs nothing (docs/decisions/0068). */
export async function anyEnabledEndpoint(db: Database) {
	const [row] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true)).limit(1)
	return row !== undefined
}
