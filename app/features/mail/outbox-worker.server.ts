import type { Database } from '#db/client.ts'
import { type MailTransport, drainOutbox } from './outbox.server.ts'

type Logger = { error: (object: object, message: string) => void }

/** Polls the outbox; `wake()` lets a request that just queued mail skip the wait. */
export function startOutboxWorker(options: {
	db: Database
	transport: MailTransport
	from: string
	log: Logger
	intervalMs?: number
}) {
	const intervalMs = options.intervalMs ?? 5_000
	let timer: NodeJS.Timeout | undefined
	let running: Promise<void> | null = null
	let stopped = false

	async function tick() {
		try {
			await drainOutbox(options.db, options.transport, {
				from: options.from,
				onError: (error, id) =>
					options.log.error({ outboxId: id, err: error instanceof Error ? error.message : String(error) }, 'outbox send failed'),
			})
		} catch (error) {
			options.log.error({ err: error instanceof Error ? error.message : String(error) }, 'outbox drain failed')
		}
	}

	function run() {
		if (stopped || running) return
		clearTimeout(timer)
		running = tick().finally(() => {
			running = null
			if (!stopped) timer = setTimeout(run, intervalMs)
		})
	}

	run()
	return {
		wake: () => {
			if (!running) run()
		},
		async stop() {
			stopped = true
			clearTimeout(timer)
			await running
		},
	}
}
