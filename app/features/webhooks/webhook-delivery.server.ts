import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { type Database, preparedPerDatabase } from '#db/client.ts'
import { users, webhookDeliveries, webhookEndpoints, webhookEvents } from '#db/schema.ts'
import { enqueueMail } from '#app/features/mail/outbox.server.ts'
import { parseRoles } from '#app/features/auth/roles.ts'
import type { AddressPolicy } from './address-guard.server.ts'
import { type PostOutcome, postWebhook } from './post-webhook.server.ts'
import { HUBSPOT_FORMS_API_URL, hubspotSubmission, hubspotSubmitUrl } from './hubspot.ts'
import { decryptSecret, newWebhookEventId, webhookHeaders } from './signing.server.ts'
import { type WebhookBody, webhookBody } from './webhook-payloads.ts'
import { pulledBacklog, signingSecrets } from './webhooks.server.ts'

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
	/** The event's body exactly as stored: what is signed and sent (docs/decisions/0071). */
	body: string
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
function prepareClaim(db: Database, name: string) {
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
			body: sql<string>`${webhookEvents.payload}::text`,
			endpoint: webhookEndpoints,
			blocksLater: sql<boolean>`exists (select 1 from ${webhookDeliveries} later
				where later.endpoint_id = ${claimed.endpointId} and later.ordering_key = ${claimed.orderingKey}
					and later.status = 'pending' and later.id > ${claimed.id})`,
		})
		.from(claimed)
		.innerJoin(webhookEvents, eq(webhookEvents.id, claimed.eventId))
		.innerJoin(webhookEndpoints, eq(webhookEndpoints.id, claimed.endpointId))
		.orderBy(claimed.id)
		.prepare(name)
}

// docs/decisions/0071: planning it took half of each claim on the embedded database.
const claimStatement = preparedPerDatabase('claim_webhook_deliveries', prepareClaim)

/**
 * Claims up to `limit` due deliveries (FOR UPDATE SKIP LOCKED plus a lease, safe with several processes) of enabled
 * endpoints, skipping any with an earlier delivery of the same lead to the same endpoint still pending: a lead's
 * events reach each receiver in order, a later one waiting while an earlier one is retried.
 */
export async function claimDueDeliveries(db: Database, limit: number, leaseSeconds = WEBHOOK_LEASE_SECONDS): Promise<ClaimedDelivery[]> {
	return claimStatement(db).execute({ limit, leaseSeconds })
}

export type DeliveryContext = {
	db: Database
	/** Decrypts the endpoints' secrets (webhookKeyFrom the auth secret). */
	key: Buffer
	policy: AddressPolicy
	/** For the e-mail to the admins when an endpoint is switched off. */
	baseUrl: string
	timeoutMs?: number
	/** HUBSPOT_FORMS_API_URL: where HubSpot endpoints submit (HubSpot's own host when unset). */
	hubspotApiUrl?: string
	now?: () => Date
	onMailQueued?: () => void
	/** An endpoint came back and its waiting deliveries were made due (docs/decisions/0069): start the free slots. */
	onBacklogDue?: () => void
}

/** Signs and posts one claimed delivery, then records what happened. */
export async function deliver(context: DeliveryContext, delivery: ClaimedDelivery) {
	const outcome = await post(context, delivery)
	await recordOutcome(context, delivery, outcome)
	return outcome
}

/**
 * docs/decisions/0079, "Send test event": a webhook.test event to this endpoint alone, posted now (not by the worker)
 * and answered with its real outcome, delivered or failed, whatever the reason (host not found, connection refused,
 * an HTTP error). A test is never retried: the admin sends another. The delivery is written claimed, so no worker
 * takes it meanwhile; should this process die while posting, the lease runs out and a worker posts it. Null when the
 * endpoint is gone.
 */
export async function deliverTestEventNow(context: DeliveryContext, endpointId: string): Promise<PostOutcome | null> {
	const [endpoint] = await context.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId))
	if (!endpoint) return null
	const body = webhookBody('webhook.test', { message: 'A test event from the dashboard', endpointId })
	const eventId = newWebhookEventId()
	const id = await context.db.transaction(async (tx) => {
		await tx.insert(webhookEvents).values({ id: eventId, type: 'webhook.test', leadId: null, payload: body })
		const [row] = await tx
			.insert(webhookDeliveries)
			.values({
				endpointId,
				eventId,
				attempts: 1,
				claimedAt: sql`now()`,
				nextAttemptAt: sql`now() + make_interval(secs => ${WEBHOOK_LEASE_SECONDS}::int)`,
			})
			.returning({ id: webhookDeliveries.id })
		return row!.id
	})
	const outcome = await post(context, { id, attempts: 1, eventId, body: JSON.stringify(body), endpoint, blocksLater: false })
	if (succeeded(outcome)) {
		await recordDelivered(context.db, outcome.status!, [id])
		if (endpoint.failingSince !== null) await endpointRecovered(context, endpointId)
	} else {
		await context.db
			.update(webhookDeliveries)
			.set({
				status: 'failed',
				claimedAt: null,
				lastStatusCode: outcome.status,
				lastError: failureText(outcome),
				lastAttemptAt: sql`now()`,
				nextAttemptAt: sql`now()`,
			})
			.where(eq(webhookDeliveries.id, id))
	}
	return outcome
}

const succeeded = (outcome: PostOutcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300

/**
 * Posts a claimed batch together and records it: the delivered ones in one statement per answer code (a burst of
 * leads costs the database a few writes, not one per delivery), the failures in one more, each with its own retry.
 */
export async function deliverAll(context: DeliveryContext, batch: ClaimedDelivery[]) {
	const posted = await Promise.all(batch.map(async (delivery) => ({ delivery, outcome: await post(context, delivery) })))
	const delivered = posted.filter(({ outcome }) => succeeded(outcome))
	for (const code of new Set(delivered.map(({ outcome }) => outcome.status!))) {
		const ids = delivered.filter(({ outcome }) => outcome.status === code).map(({ delivery }) => delivery.id)
		await recordDelivered(context.db, code, ids)
	}
	// Only an endpoint that was failing when its delivery was claimed has anything to clear.
	const recovered = [
		...new Set(delivered.filter(({ delivery }) => delivery.endpoint.failingSince !== null).map(({ delivery }) => delivery.endpoint.id)),
	]
	for (const endpointId of recovered) await endpointRecovered(context, endpointId)
	await recordFailures(
		context,
		posted.filter(({ outcome }) => !succeeded(outcome)),
	)
	return posted
}

/** Delivered ones with one answer code, as one statement kept prepared (docs/decisions/0071): ids go as an array. */
const deliveredStatement = preparedPerDatabase('record_webhook_delivered', (db, name) =>
	db
		.update(webhookDeliveries)
		.set({
			claimedAt: sql`null`,
			lastStatusCode: sql`${sql.placeholder('code')}::int`,
			lastError: sql`null`,
			lastAttemptAt: sql`now()`,
			status: sql`'delivered'`,
			deliveredAt: sql`now()`,
		})
		.where(sql`${webhookDeliveries.id} = any(${sql.placeholder('ids')}::bigint[])`)
		.prepare(name),
)

function recordDelivered(db: Database, code: number, ids: number[]) {
	return deliveredStatement(db).execute({ code, ids: `{${ids.join(',')}}` })
}

/**
 * A batch's failures in one statement (each with its own retry time and answer), then each endpoint's failing streak
 * once: while a receiver is down, every lead's delivery fails at once, and a statement or two per failure competed
 * with lead creation for the database (docs/decisions/0069). A 410 is rare and goes its own way (it switches off).
 */
async function recordFailures(context: DeliveryContext, failures: Array<{ delivery: ClaimedDelivery; outcome: PostOutcome }>) {
	for (const { delivery, outcome } of failures) if (outcome.status === 410) await recordOutcome(context, delivery, outcome)
	const retried = failures.filter(({ outcome }) => outcome.status !== 410)
	if (retried.length === 0) return
	const rows = retried.map(
		({ delivery, outcome }) =>
			sql`(${delivery.id}::bigint, ${outcome.status}::int, ${failureText(outcome)}::text, ${nextDelaySeconds(delivery.attempts, outcome.retryAfterSeconds)}::int)`,
	)
	await context.db.execute(sql`update ${webhookDeliveries} d
		set claimed_at = null, last_status_code = v.code, last_error = v.error, last_attempt_at = now(),
			status = case when v.delay is null then 'failed' else 'pending' end,
			next_attempt_at = case when v.delay is null then now() else now() + make_interval(secs => v.delay) end
		from (values ${sql.join(rows, sql`, `)}) as v(id, code, error, delay)
		where d.id = v.id`)
	for (const endpointId of new Set(retried.map(({ delivery }) => delivery.endpoint.id))) await failingStreak(context, endpointId)
}

/** An endpoint failed: its streak starts (or goes on); one failing for FAILING_DAYS_BEFORE_DISABLE days is switched off. */
async function failingStreak(context: DeliveryContext, endpointId: string) {
	const [streak] = await context.db
		.update(webhookEndpoints)
		.set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
		.where(eq(webhookEndpoints.id, endpointId))
		.returning({
			longEnough: sql<boolean>`${webhookEndpoints.failingSince} <= now() - make_interval(days => ${FAILING_DAYS_BEFORE_DISABLE})`,
		})
	if (streak?.longEnough) await disableEndpoint(context, endpointId, `Every delivery failed for ${FAILING_DAYS_BEFORE_DISABLE} days`)
}

/** Said when a HubSpot token sealed under another AUTH_SECRET cannot be opened. */
export const UNREADABLE_TOKEN =
	'The HubSpot access token cannot be read (was AUTH_SECRET changed?): enter it again with Edit on the Webhooks screen'

/**
 * What one attempt sends, and where: the stored body signed (Standard Webhooks) to the endpoint's address, or for a
 * HubSpot endpoint the body as a form submission (docs/decisions/0070) to its form's address on today's
 * HUBSPOT_FORMS_API_URL, with the private app's token when one is kept and the event's id for tracing.
 */
export function outboundRequest(key: Buffer, delivery: ClaimedDelivery, now: Date, hubspotApiUrl = HUBSPOT_FORMS_API_URL) {
	const { endpoint } = delivery
	if (endpoint.kind === 'hubspot' && endpoint.hubspot) {
		const body = JSON.stringify(hubspotSubmission(JSON.parse(delivery.body) as WebhookBody, endpoint.hubspot))
		const headers: Record<string, string> = { 'content-type': 'application/json', 'webhook-id': delivery.eventId }
		if (endpoint.accessTokenEncrypted) {
			try {
				headers.authorization = `Bearer ${decryptSecret(key, endpoint.accessTokenEncrypted)}`
			} catch {
				throw new Error(UNREADABLE_TOKEN)
			}
		}
		return { url: hubspotSubmitUrl(hubspotApiUrl, endpoint.hubspot, endpoint.accessTokenEncrypted !== null), headers, body }
	}
	const { body } = delivery
	const headers = webhookHeaders({
		id: delivery.eventId,
		timestampSeconds: Math.floor(now.getTime() / 1000),
		body,
		secrets: signingSecrets(key, endpoint, now),
	})
	return { url: endpoint.url, headers, body }
}

async function post(context: DeliveryContext, delivery: ClaimedDelivery): Promise<PostOutcome> {
	try {
		const { url, headers, body } = outboundRequest(context.key, delivery, context.now?.() ?? new Date(), context.hubspotApiUrl)
		return await postWebhook(url, headers, body, { policy: context.policy, timeoutMs: context.timeoutMs })
	} catch (error) {
		return { status: null, retryAfterSeconds: null, error: (error as Error).message, excerpt: '' }
	}
}

/**
 * docs/decisions/0069: a success at an endpoint that was failing ends its outage. One statement clears
 * `failing_since` and, only when it was still set (the first success of the outage, whichever process records it:
 * the row lock makes a second one find it cleared), makes due at once the endpoint's deliveries that wait for a
 * retry because the receiver was away: no answer (refused, reset, timed out), 429 or 5xx. A delivery another 4xx
 * refused keeps its schedule (that payload, not the receiver, was the trouble), and one being posted (claimed) is
 * left to its worker. Attempts are not reset: a pulled delivery still fails for good after the 8th.
 * Due means its next attempt is when it was queued, not now: the claim takes the oldest first, and a lead's later
 * event, never tried and due since it was queued, then sits just behind its lead's retried one instead of ahead of the
 * whole backlog, where every claim would step over each of them (20 ms a claim, not 0.6, with 1,500 waiting).
 */
async function endpointRecovered(context: DeliveryContext, endpointId: string) {
	const result = (await context.db.execute(sql`with recovered as (
			update ${webhookEndpoints} set failing_since = null
			where id = ${endpointId} and failing_since is not null
			returning id),
		${pulledBacklog(sql`recovered`)}
		select count(*)::int as pulled from pulled`)) as unknown as { rows: Array<{ pulled: number | string }> }
	const pulled = Number(result.rows[0]?.pulled ?? 0)
	if (pulled > 0) context.onBacklogDue?.()
	return pulled
}

/** The wait before the next attempt after attempt `attempts` failed; null when it was the last. */
export function nextDelaySeconds(attempts: number, retryAfterSeconds: number | null) {
	if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null
	const scheduled = RETRY_DELAYS_SECONDS[attempts - 1]!
	return retryAfterSeconds === null ? scheduled : Math.min(Math.max(retryAfterSeconds, 1), RETRY_AFTER_MAX_SECONDS)
}

/** The failure as the admin reads it: the error, and the first words of the receiver's answer (HubSpot says why there). */
export function failureText(outcome: PostOutcome) {
	const excerpt = outcome.excerpt.replace(/\s+/g, ' ').trim()
	return `${outcome.error ?? 'failed'}${excerpt ? `: ${excerpt}` : ''}`.slice(0, 500)
}

async function recordOutcome(context: DeliveryContext, delivery: ClaimedDelivery, outcome: PostOutcome) {
	const { db } = context
	const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300
	const common = {
		claimedAt: null,
		lastStatusCode: outcome.status,
		lastError: ok ? null : failureText(outcome),
		lastAttemptAt: sql`now()`,
	}
	if (ok) {
		await db
			.update(webhookDeliveries)
			.set({ ...common, status: 'delivered', deliveredAt: sql`now()` })
			.where(eq(webhookDeliveries.id, delivery.id))
		// Only an endpoint that was failing when the delivery was claimed has anything to clear.
		if (delivery.endpoint.failingSince !== null) await endpointRecovered(context, delivery.endpoint.id)
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
	await failingStreak(context, delivery.endpoint.id)
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
