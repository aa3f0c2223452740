import type { Database } from '#db/client.ts'
import {
	type MailRenderer,
	type MailTransport,
	type OutboxChannel,
	OUTBOX_BATCH_SIZE,
	drainOutbox,
	releaseClaims,
} from './outbox.server.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'

type Logger = { error: (object: object, message: string) => void; warn: (object: object, message: string) => void }

/**
 * Polls the outbox; `wake()` lets a request that just queued mail skip the wait. After a full batch
 * it claims the next one at once, so a burst drains at the transport's speed, not one batch per poll.
 */
export function startOutboxWorker(options: {
	db: Database
	transport: MailTransport
	from: string
	log: Logger
	intervalMs?: number
	batchSize?: number
	/** The embedded database belongs to this process alone: claims left by a killed run are released at start. */
	releaseClaimsAtStart?: boolean
	/**
	 * A periodic job that queues mail (docs/decisions/0036: lead escalation), run before a drain at most once per
	 * poll interval: a wake (every new lead) does not run it again. Its failure is logged.
	 */
	beforeDrain?: () => Promise<unknown>
	/** Composes the messages queued to be composed when sent (docs/decisions/0097). */
	render?: MailRenderer
	/** docs/decisions/0111: the channel this worker sends (e-mail unless told). */
	channel?: OutboxChannel
}) {
	const intervalMs = options.intervalMs ?? 5_000
	const batchSize = options.batchSize ?? OUTBOX_BATCH_SIZE
	let timer: NodeJS.Timeout | undefined
	let running: Promise<void> | null = null
	let stopped = false
	let wokenWhileRunning = false
	let started = !options.releaseClaimsAtStart
	let periodicRanAt = Number.NEGATIVE_INFINITY

	async function tick() {
		try {
			if (!started) {
				const released = await releaseClaims(options.db, options.channel)
				if (released > 0) options.log.warn({ released }, 'outbox messages claimed by a previous run released')
				started = true
			}
			// Under a burst of leads every request wakes the worker; on the embedded database's one connection the
			// job's queries on each wake competed with the leads themselves (docs/decisions/0062).
			if (options.beforeDrain && performance.now() - periodicRanAt >= intervalMs) {
				periodicRanAt = performance.now()
				try {
					await options.beforeDrain()
				} catch (error) {
					options.log.error({ err: errorForLog(error) }, 'periodic job before the outbox drain failed')
				}
			}
			for (;;) {
				const result = await drainOutbox(options.db, options.transport, {
					from: options.from,
					batchSize,
					onError: (error, id) => options.log.error({ outboxId: id, err: errorForLog(error) }, 'outbox send failed'),
					onRecordError: (error, id) => options.log.error({ outboxId: id, err: errorForLog(error) }, 'outbox outcome not recorded'),
					render: options.render,
					channel: options.channel,
				})
				const handled = result.sent + result.failed + result.dead
				if (stopped || handled < batchSize) break
			}
		} catch (error) {
			options.log.error({ err: errorForLog(error) }, 'outbox drain failed')
		}
	}

	function run() {
		if (stopped) return
		if (running) {
			wokenWhileRunning = true
			return
		}
		clearTimeout(timer)
		wokenWhileRunning = false
		running = tick().finally(() => {
			running = null
			if (stopped) return
			// Mail queued while the batch was going out is sent now rather than after the poll interval.
			if (wokenWhileRunning) run()
			else timer = setTimeout(run, intervalMs)
		})
	}

	run()
	return {
		wake: run,
		async stop() {
			stopped = true
			clearTimeout(timer)
			await running
		},
	}
}
