import type { Database } from '#db/client.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import type { AddressPolicy } from './address-guard.server.ts'
import { anyEnabledEndpoint, claimDueDeliveries, deliverAll, releaseWebhookClaims } from './webhook-delivery.server.ts'

/**
 * Visitors first (decision 0068): while requests keep the server busy, a slot waits up to this long before it claims.
 * At 50 leads/s a server is not busy and nothing waits (the 1 s target is for that rate); a saturated one still sends
 * a batch per slot at least this often, and sends the rest once it is free again.
 */
export const YIELD_MAX_MS = 1_000
/** Deliveries one slot claims at once; a receiver that hangs holds its slot (never the mail) for at most the timeout. */
export const CLAIM_BATCH = 10
/** After a slot waited YIELD_MAX_MS for a busy server, it claims this many: fewer claims while visitors need the CPU. */
export const BUSY_CLAIM_BATCH = 40

type Logger = { error: (object: object, message: string) => void; warn: (object: object, message: string) => void }

/**
 * docs/decisions/0068: posts due webhook deliveries in up to `concurrency` slots of their own, beside (never inside)
 * the mail outbox worker: a receiver that hangs holds one slot for at most the 15 s timeout. A wake starts one slot;
 * each slot that claims a delivery starts another while slots are free, so a burst fans out and an idle wake costs
 * one query. With no endpoint switched on (checked at every poll, and after the dashboard changes one) a wake costs
 * nothing, so a site without webhooks pays nothing per lead.
 */
export function startWebhookWorker(options: {
	db: Database
	key: Buffer
	policy: AddressPolicy
	baseUrl: string
	log: Logger
	concurrency?: number
	intervalMs?: number
	timeoutMs?: number
	leaseSeconds?: number
	/** HUBSPOT_FORMS_API_URL (HubSpot's own host when unset). */
	hubspotApiUrl?: string
	releaseClaimsAtStart?: boolean
	onMailQueued?: () => void
	/** Whether visitors keep the server busy now: a slot then waits up to YIELD_MAX_MS before it claims. */
	busy?: () => boolean
}) {
	const concurrency = options.concurrency ?? 4
	const intervalMs = options.intervalMs ?? 5_000
	const YIELD_STEP_MS = 25
	let active = 0
	/** Counts wakes, so a slot knows whether something was committed after its claim began. */
	let wakes = 0
	let stopped = false
	let endpointsOn: boolean | null = null
	let timer: NodeJS.Timeout | undefined
	const slots = new Set<Promise<void>>()
	let started = !options.releaseClaimsAtStart
	const context = {
		db: options.db,
		key: options.key,
		policy: options.policy,
		baseUrl: options.baseUrl,
		timeoutMs: options.timeoutMs,
		hubspotApiUrl: options.hubspotApiUrl,
		onMailQueued: options.onMailQueued,
		// docs/decisions/0069: a receiver is back and its backlog is due: every free slot drains it now.
		onBacklogDue: () => {
			while (!stopped && active < concurrency) launch()
		},
	}

	/**
	 * Visitors first: while requests keep the server busy, a slot waits a moment before it claims, so a burst of
	 * deliveries does not take the CPU a lead or a page needs. Answers whether it waited the whole YIELD_MAX_MS (the
	 * server stayed busy): the slot then claims a bigger batch.
	 */
	async function giveWay() {
		if (!options.busy?.()) return false
		const until = performance.now() + YIELD_MAX_MS
		while (!stopped && options.busy() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, YIELD_STEP_MS))
		return performance.now() >= until
	}

	async function slot() {
		while (!stopped) {
			const limit = (await giveWay()) ? BUSY_CLAIM_BATCH : CLAIM_BATCH
			const wakesBefore = wakes
			// A few deliveries per claim, posted together: one claim's queries serve a burst of leads (bench/webhooks.ts).
			// A claim never holds two deliveries of one lead to one endpoint, so their order is kept.
			const batch = await claimDueDeliveries(options.db, limit, options.leaseSeconds)
			if (batch.length === 0) return
			// A full batch may have left more due: another slot takes them meanwhile. A partial one took every delivery
			// claimable now, so another slot would only claim nothing.
			const full = batch.length === limit
			if (full && active < concurrency) launch()
			for (const { delivery, outcome } of await deliverAll(context, batch))
				if (outcome.error !== null)
					// The receiver's address and the error, never the body or a secret.
					options.log.warn(
						{ deliveryId: delivery.id, endpointId: delivery.endpoint.id, status: outcome.status, error: outcome.error.slice(0, 200) },
						'webhook delivery failed',
					)
			// Claim again only when something may be claimable now: more than a batch was due, a delivery just posted held
			// back a later one of its lead, or a wake came meanwhile (a change committed after the claim began). Otherwise
			// nothing is, and a claim that finds nothing costs the database as much as one that finds a burst.
			if (!full && wakes === wakesBefore && !batch.some((delivery) => delivery.blocksLater)) return
		}
	}

	function launch() {
		if (stopped || active >= concurrency) return
		active++
		const running = slot()
			.catch((error) => options.log.error({ err: errorForLog(error) }, 'webhook delivery slot failed'))
			.finally(() => {
				active--
				slots.delete(running)
			})
		slots.add(running)
	}

	function wake() {
		if (stopped || endpointsOn === false) return
		wakes++
		launch()
	}

	async function poll() {
		try {
			if (!started) {
				const released = await releaseWebhookClaims(options.db)
				if (released > 0) options.log.warn({ released }, 'webhook deliveries claimed by a previous run released')
				started = true
			}
			endpointsOn = await anyEnabledEndpoint(options.db)
			if (endpointsOn) launch()
		} catch (error) {
			options.log.error({ err: errorForLog(error) }, 'webhook poll failed')
		}
		if (!stopped) timer = setTimeout(() => void poll(), intervalMs)
	}

	void poll()
	return {
		wake,
		/** The dashboard changed an endpoint: read again whether any is on, then drain. */
		async endpointsChanged() {
			endpointsOn = await anyEnabledEndpoint(options.db)
			wake()
		},
		/** Waits until no slot is busy (tests). */
		async idle() {
			while (slots.size > 0) await Promise.all([...slots])
		},
		async stop() {
			stopped = true
			clearTimeout(timer)
			await Promise.all([...slots])
		},
	}
}
export type WebhookWorker = ReturnType<typeof startWebhookWorker>
