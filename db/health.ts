import { isDatabaseUnavailable } from './availability.ts'
import { withTimeout } from './with-timeout.ts'

export type DatabaseHealth = {
	/** Records a failed database call; true when it means the database is unavailable (a 503, not a 500). */
	report: (error: unknown) => boolean
	/** True from a reported outage until a ping succeeds again. */
	isUnavailable: () => boolean
	/** Pings now (bounded by `timeoutMs`) and records the outcome. */
	check: (timeoutMs: number) => Promise<boolean>
	stop: () => void
}

/**
 * What this process knows about its database: an outage reported by any request is remembered,
 * so cached content can be served without waiting on a frozen connection, and a background ping
 * every `recheckMs` notices when the database is back.
 */
export function createDatabaseHealth(ping: (timeoutMs: number) => Promise<void>, options: { recheckMs?: number } = {}): DatabaseHealth {
	const recheckMs = options.recheckMs ?? 2_000
	let unavailable = false
	let timer: NodeJS.Timeout | undefined
	let checking: Promise<boolean> | null = null

	function markUnavailable() {
		unavailable = true
		if (timer) return
		timer = setInterval(() => void health.check(Math.min(recheckMs, 1_500)), recheckMs)
		timer.unref()
	}

	function markAvailable() {
		unavailable = false
		clearInterval(timer)
		timer = undefined
	}

	const health: DatabaseHealth = {
		report(error) {
			if (!isDatabaseUnavailable(error)) return false
			markUnavailable()
			return true
		},
		isUnavailable: () => unavailable,
		check(timeoutMs) {
			// Concurrent health checks share one ping, so a flood of probes never takes the whole pool.
			checking ??= withTimeout(ping(timeoutMs), timeoutMs, () => new Error('database ping timed out'))
				.then(() => {
					markAvailable()
					return true
				})
				.catch(() => {
					markUnavailable()
					return false
				})
				.finally(() => {
					checking = null
				})
			return checking
		},
		stop: () => clearInterval(timer),
	}
	return health
}
