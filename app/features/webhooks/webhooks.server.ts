import { type SQL, and, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadConsents, leads, users, webhookDeliveries, webhookEndpoints, webhookEvents } from '#db/schema.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import { type LeadData, type WebhookBody, leadData, webhookBody } from './webhook-payloads.ts'
import type { WebhookEndpointInput, WebhookEventType } from './webhook-schema.ts'
import { HUBSPOT_FORMS_API_URL, type HubspotSettings, hubspotSubmitUrl } from './hubspot.ts'
import { decryptSecret, encryptSecret, newWebhookEventId, newWebhookSecret } from './signing.server.ts'

/** Anything that runs a statement: the database or an open transaction. */
type Executor = Database | Transaction

/** docs/decisions/0068: after a rotation the previous secret keeps signing beside the new one this long. */
export const ROTATION_OVERLAP_HOURS = 24

/**
 * The one statement naming who receives an event of this type: the enabled endpoints subscribed to it (every path
 * that queues an event selects its targets here, lead creation's own statements included; docs/decisions/0047).
 */
export function subscribedEndpoints(type: WebhookEventType | 'webhook.test') {
	return sql`select id from ${webhookEndpoints} where enabled and ${type}::text = any(event_types)`
}

/**
 * Queues an event in the caller's transaction: the event and one delivery for each enabled endpoint subscribed to its
 * type, in one statement that writes nothing when no endpoint wants it. The caller wakes the worker after its commit.
 */
export async function enqueueWebhookEvent(
	executor: Executor,
	event: { type: WebhookEventType | 'webhook.test'; leadId?: string | null; body: WebhookBody; endpointId?: string },
) {
	const id = newWebhookEventId()
	const target = event.endpointId ? sql`select id from ${webhookEndpoints} where id = ${event.endpointId}` : subscribedEndpoints(event.type)
	const result = await executor.execute(sql`with targets as (${target}),
		new_event as (insert into ${webhookEvents} (id, type, lead_id, payload)
			select ${id}, ${event.type}, ${event.leadId ?? null}::uuid, ${JSON.stringify(event.body)}::json
			where exists (select 1 from targets) returning id)
		insert into ${webhookDeliveries} (endpoint_id, event_id, ordering_key)
		select targets.id, new_event.id, ${event.leadId ?? null}::text from targets, new_event
		returning id`)
	return (result as unknown as { rows: unknown[] }).rows.length > 0 ? id : null
}

/** Whether any enabled endpoint receives this type (a lead event's payload is only built when one does). */
export async function hasSubscribers(executor: Executor, type: WebhookEventType) {
	const [row] = await executor
		.select({ id: webhookEndpoints.id })
		.from(webhookEndpoints)
		.where(and(eq(webhookEndpoints.enabled, true), sql`${type}::text = any(${webhookEndpoints.eventTypes})`))
		.limit(1)
	return row !== undefined
}

/** The lead as a payload carries it, read in the caller's transaction (so it is the lead as this change left it). */
export async function loadLeadData(executor: Executor, leadId: string, baseUrl: string): Promise<LeadData | null> {
	const [lead] = await executor.select().from(leads).where(eq(leads.id, leadId))
	if (!lead) return null
	const [consent] = await executor
		.select()
		.from(leadConsents)
		.where(and(eq(leadConsents.leadId, leadId), eq(leadConsents.kind, 'contact')))
		.orderBy(desc(leadConsents.id))
		.limit(1)
	const [owner] = lead.assignedTo
		? await executor.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, lead.assignedTo))
		: []
	return leadData(lead, consent ?? null, owner ?? null, baseUrl)
}

/**
 * A lead event (status changed, assigned, note added, ...): when an endpoint wants it, the lead is read in the caller's
 * transaction and the event queued there; `extra` says what changed.
 */
export async function enqueueLeadEvent(
	tx: Executor,
	type: WebhookEventType,
	leadId: string,
	extra: Record<string, unknown>,
	options: { baseUrl?: string },
) {
	if (!(await hasSubscribers(tx, type))) return null
	const lead = await loadLeadData(tx, leadId, options.baseUrl ?? '')
	if (!lead) return null
	return enqueueWebhookEvent(tx, { type, leadId, body: webhookBody(type, { lead, ...extra }) })
}

// ---- The dashboard's management of endpoints (docs/decisions/0068) ----

export type EndpointSummary = {
	id: string
	kind: 'standard' | 'hubspot'
	url: string
	/** A HubSpot endpoint's form, and whether a private app's token is kept (the token itself never leaves the server). */
	hubspot: HubspotSettings | null
	hasAccessToken: boolean
	description: string
	eventTypes: string[]
	enabled: boolean
	disabledReason: string | null
	failingSince: Date | null
	rotating: boolean
	previousSecretExpiresAt: Date | null
	createdAt: Date
	counts: { pending: number; delivered: number; failed: number }
}

export async function listEndpoints(db: Database): Promise<EndpointSummary[]> {
	const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt)
	const counts = await db
		.select({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, count: sql<number>`count(*)::int` })
		.from(webhookDeliveries)
		.groupBy(webhookDeliveries.endpointId, webhookDeliveries.status)
	return rows.map((row) => {
		const of = (status: string) => counts.find((count) => count.endpointId === row.id && count.status === status)?.count ?? 0
		const rotating = row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > new Date()
		return {
			id: row.id,
			kind: row.kind,
			url: row.url,
			hubspot: row.hubspot ?? null,
			hasAccessToken: row.accessTokenEncrypted !== null,
			description: row.description,
			eventTypes: row.eventTypes,
			enabled: row.enabled,
			disabledReason: row.disabledReason,
			failingSince: row.failingSince,
			rotating,
			previousSecretExpiresAt: rotating ? row.previousSecretExpiresAt : null,
			createdAt: row.createdAt,
			counts: { pending: of('pending'), delivered: of('delivered'), failed: of('failed') },
		}
	})
}

/** Where an endpoint sends and what it keeps, from the form's input (a HubSpot endpoint's address is its form's). */
function endpointTarget(key: Buffer, input: WebhookEndpointInput, hubspotApiUrl: string, storedToken: string | null) {
	if (input.kind === 'standard') return { kind: 'standard' as const, url: input.url, hubspot: null, accessTokenEncrypted: null }
	const accessTokenEncrypted = input.accessToken ? encryptSecret(key, input.accessToken) : input.removeAccessToken ? null : storedToken
	const settings = { portalId: input.portalId, formGuid: input.formGuid, subscriptionTypeId: input.subscriptionTypeId }
	return {
		kind: 'hubspot' as const,
		url: hubspotSubmitUrl(hubspotApiUrl, settings, accessTokenEncrypted !== null),
		hubspot: settings,
		accessTokenEncrypted,
	}
}

/**
 * Adds an endpoint; its signing secret is answered this once and stored only encrypted (a HubSpot endpoint has one
 * too, unused by HubSpot and never shown).
 */
export async function createEndpoint(
	db: Executor,
	key: Buffer,
	input: WebhookEndpointInput,
	actorEmail: string,
	options: { hubspotApiUrl?: string } = {},
) {
	const secret = newWebhookSecret()
	const [row] = await db
		.insert(webhookEndpoints)
		.values({
			...endpointTarget(key, input, options.hubspotApiUrl ?? HUBSPOT_FORMS_API_URL, null),
			description: input.description,
			eventTypes: input.eventTypes,
			secretEncrypted: encryptSecret(key, secret),
			createdBy: actorEmail,
		})
		.returning({ id: webhookEndpoints.id })
	// In a caller's transaction, the caller forgets them once it commits.
	forgetSubscriptions(db as Database)
	return { id: row!.id, secret }
}

/**
 * Edits an endpoint's address (or HubSpot form), description and events; its secret, deliveries and on/off stay.
 * Deliveries still pending go to the new address. A kind cannot change (its secret's use would): add another.
 */
export async function updateEndpoint(
	db: Database,
	key: Buffer,
	id: string,
	input: WebhookEndpointInput,
	options: { hubspotApiUrl?: string } = {},
): Promise<'updated' | 'missing' | 'kind'> {
	return db.transaction(async (tx) => {
		const [stored] = await tx
			.select({ kind: webhookEndpoints.kind, accessTokenEncrypted: webhookEndpoints.accessTokenEncrypted })
			.from(webhookEndpoints)
			.where(eq(webhookEndpoints.id, id))
			.for('update')
		if (!stored) return 'missing'
		if (stored.kind !== input.kind) return 'kind'
		await tx
			.update(webhookEndpoints)
			.set({
				...endpointTarget(key, input, options.hubspotApiUrl ?? HUBSPOT_FORMS_API_URL, stored.accessTokenEncrypted),
				description: input.description,
				eventTypes: input.eventTypes,
				updatedAt: sql`now()`,
			})
			.where(eq(webhookEndpoints.id, id))
		forgetSubscriptions(db)
		return 'updated'
	})
}

/**
 * A new secret, answered once; the current one becomes the previous and signs beside it for ROTATION_OVERLAP_HOURS.
 * Only a standard endpoint signs (HubSpot checks no signature): null for a HubSpot endpoint or an unknown one.
 */
export async function rotateSecret(db: Database, key: Buffer, id: string) {
	const secret = newWebhookSecret()
	const rows = await db
		.update(webhookEndpoints)
		.set({
			previousSecretEncrypted: sql`${webhookEndpoints.secretEncrypted}`,
			previousSecretExpiresAt: sql`now() + make_interval(hours => ${ROTATION_OVERLAP_HOURS})`,
			secretEncrypted: encryptSecret(key, secret),
			updatedAt: sql`now()`,
		})
		.where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.kind, 'standard')))
		.returning({ id: webhookEndpoints.id })
	return rows.length > 0 ? secret : null
}

/** Whether an endpoint exists, and whether it is on. */
export async function findEndpoint(db: Database, id: string) {
	const [row] = await db
		.select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled, kind: webhookEndpoints.kind })
		.from(webhookEndpoints)
		.where(eq(webhookEndpoints.id, id))
	return row ?? null
}

/**
 * The common table expression `pulled`: the deliveries of the endpoints in `endpoints` (a CTE with their `id`) that
 * wait for a retry because the receiver was away (no answer, 429, 5xx) become due as of when they were queued.
 */
export const pulledBacklog = (endpoints: SQL) => sql`pulled as (
			update ${webhookDeliveries} d set next_attempt_at = d.created_at
			from ${endpoints} as back
			where d.endpoint_id = back.id and d.status = 'pending' and d.claimed_at is null and d.next_attempt_at > now()
				and (d.last_status_code is null or d.last_status_code = 429 or d.last_status_code >= 500)
			returning d.id)`

/**
 * On or off by an admin. Switching on clears the system's reason and the failing streak and, as a receiver's return
 * does (docs/decisions/0069), makes due at once the deliveries that wait for a retry because the receiver was away:
 * an admin switches an endpoint back on once its receiver works again.
 */
export async function setEndpointEnabled(db: Database, id: string, enabled: boolean) {
	if (!enabled) {
		const rows = await db
			.update(webhookEndpoints)
			.set({ enabled, disabledReason: null, updatedAt: sql`now()` })
			.where(eq(webhookEndpoints.id, id))
			.returning({ id: webhookEndpoints.id })
		forgetSubscriptions(db)
		return rows.length > 0
	}
	const result = (await db.execute(sql`with switched as (
			update ${webhookEndpoints} set enabled = true, disabled_reason = null, failing_since = null, updated_at = now()
			where id = ${id}
			returning id),
		${pulledBacklog(sql`switched`)}
		select (select count(*) from switched)::int as switched`)) as unknown as { rows: Array<{ switched: number | string }> }
	forgetSubscriptions(db)
	return Number(result.rows[0]?.switched ?? 0) > 0
}

export async function deleteEndpoint(db: Database, id: string) {
	const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id })
	forgetSubscriptions(db)
	if (rows.length > 0) {
		// Events nobody else is to receive go with the endpoint.
		await db.execute(sql`delete from ${webhookEvents} e where not exists (select 1 from ${webhookDeliveries} d where d.event_id = e.id)`)
	}
	return rows.length > 0
}

/** Said when a secret sealed under another AUTH_SECRET cannot be opened (decision 0068: rotate it). */
export const UNREADABLE_SECRET =
	'The signing secret cannot be read (was AUTH_SECRET changed?): rotate the secret on the Webhooks screen and give the new one to the receiver'

/**
 * The secrets that sign for an endpoint now: the current one, and the previous one until it expires. A previous secret
 * that cannot be read (sealed under an earlier AUTH_SECRET) is left out, so a rotation is the way back; a current one
 * that cannot be read stops the attempt with UNREADABLE_SECRET.
 */
export function signingSecrets(
	key: Buffer,
	endpoint: { secretEncrypted: string; previousSecretEncrypted: string | null; previousSecretExpiresAt: Date | null },
	now = new Date(),
) {
	let current: string
	try {
		current = decryptSecret(key, endpoint.secretEncrypted)
	} catch {
		throw new Error(UNREADABLE_SECRET)
	}
	const secrets = [current]
	if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
		try {
			secrets.push(decryptSecret(key, endpoint.previousSecretEncrypted))
		} catch {
			// Sealed under an earlier AUTH_SECRET: only the current secret signs.
		}
	}
	return secrets
}

export type DeliveryRow = {
	id: number
	eventId: string
	type: string
	leadId: string | null
	/** docs/decisions/0079: the lead a lead event is about, by name (null for a lead since deleted, or no lead). */
	leadName: string | null
	status: 'pending' | 'delivered' | 'failed'
	attempts: number
	nextAttemptAt: Date
	lastStatusCode: number | null
	lastError: string | null
	lastAttemptAt: Date | null
	createdAt: Date
}

/** An endpoint's latest deliveries, newest first. */
export async function listDeliveries(db: Database, endpointId: string, limit = 50): Promise<DeliveryRow[]> {
	return db
		.select({
			id: webhookDeliveries.id,
			eventId: webhookDeliveries.eventId,
			type: webhookEvents.type,
			leadId: webhookEvents.leadId,
			leadName: sql<string | null>`${leads.firstName} || ' ' || ${leads.lastName}`,
			status: webhookDeliveries.status,
			attempts: webhookDeliveries.attempts,
			nextAttemptAt: webhookDeliveries.nextAttemptAt,
			lastStatusCode: webhookDeliveries.lastStatusCode,
			lastError: webhookDeliveries.lastError,
			lastAttemptAt: webhookDeliveries.lastAttemptAt,
			createdAt: webhookDeliveries.createdAt,
		})
		.from(webhookDeliveries)
		.innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
		.leftJoin(leads, eq(leads.id, webhookEvents.leadId))
		.where(eq(webhookDeliveries.endpointId, endpointId))
		.orderBy(desc(webhookDeliveries.id))
		.limit(limit)
}

/**
 * Replays failed deliveries of an endpoint (one, or every one created since a time): each goes back to pending with
 * its attempts reset, due now, with the same event id (the receiver's idempotency key).
 */
export async function replayDeliveries(db: Database, endpointId: string, which: { deliveryId: number } | { since: Date }) {
	const rows = await db
		.update(webhookDeliveries)
		.set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimedAt: null, deliveredAt: null })
		.where(
			and(
				eq(webhookDeliveries.endpointId, endpointId),
				inArray(webhookDeliveries.status, 'deliveryId' in which ? ['failed', 'delivered'] : ['failed']),
				'deliveryId' in which ? eq(webhookDeliveries.id, which.deliveryId) : gte(webhookDeliveries.createdAt, which.since),
			),
		)
		.returning({ id: webhookDeliveries.id })
	return rows.length
}

// ---- Which event types any enabled endpoint wants, known to this process (docs/decisions/0068) ----

/** How long this process trusts what it read; an endpoint changed in another process is seen within this. */
export const SUBSCRIPTIONS_CACHE_MS = 5_000

type Subscriptions = { types: ReadonlySet<string>; readAt: number; refreshing: Promise<void> | null }
const subscriptionCache = new WeakMap<Database, Subscriptions>()

async function readSubscriptions(db: Database) {
	const rows = await db
		.select({ type: sql<string>`distinct unnest(${webhookEndpoints.eventTypes})` })
		.from(webhookEndpoints)
		.where(eq(webhookEndpoints.enabled, true))
	subscriptionCache.set(db, { types: new Set(rows.map((row) => row.type)), readAt: performance.now(), refreshing: null })
}

/**
 * The event types some enabled endpoint receives, as this process last read them: lead creation builds a payload only
 * when one is wanted, so a site without webhooks pays nothing per lead. A stale answer is used while it is read
 * again in the background; the lead's statement itself checks the table, and a payload it lacked is then queued.
 */
export async function subscribedTypes(db: Database): Promise<ReadonlySet<string>> {
	const cached = subscriptionCache.get(db)
	if (!cached) {
		await readSubscriptions(db)
		return subscriptionCache.get(db)!.types
	}
	if (performance.now() - cached.readAt >= SUBSCRIPTIONS_CACHE_MS && !cached.refreshing) {
		cached.refreshing = readSubscriptions(db).catch(() => {
			cached.refreshing = null
		})
	}
	return cached.types
}

/** An endpoint was added, changed or removed in this process: the next lead reads the subscriptions again. */
export function forgetSubscriptions(db: Database) {
	subscriptionCache.delete(db)
}
