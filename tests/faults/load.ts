import http from 'node:http'
import { request } from './app-process.ts'

export type Tally = {
	requests: number
	byStatus: Map<number, number>
	/** Requests that got no HTTP answer, by error code. */
	errors: Map<string, number>
	/** Lead ids from every 201. */
	created: string[]
	/** Logical leads still without a 201 when the scenario gave up on them. */
	unfinished: number
}

export const newTally = (): Tally => ({ requests: 0, byStatus: new Map(), errors: new Map(), created: [], unfinished: 0 })

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1)

export const count = (tally: Tally, test: (status: number) => boolean) =>
	[...tally.byStatus].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0)

export const errorCount = (tally: Tally, codes?: string[]) =>
	[...tally.errors].filter(([code]) => !codes || codes.includes(code)).reduce((sum, [, n]) => sum + n, 0)

/** A complete short-form quote request, unique per `n` (e-mail and phone), as the wizard sends it. */
export function leadBody(n: number, prefix: string) {
	const line = String(n % 10_000).padStart(4, '0')
	const exchange = 200 + (Math.floor(n / 10_000) % 700)
	return {
		formData: {
			loanProgram: 'dscr',
			propertyType: 'single-family',
			transactionType: 'refinance',
			propertyFullAddress: '100 Main St, Austin, TX 78701',
			estimatedPropertyValue: '$750,000',
			currentBalance: '$200,000',
			quotePreference: 'call',
			firstName: 'Fault',
			lastName: 'Test',
			email: `${prefix}-${n}@example.com`,
			phone: `(949) ${exchange}-${line}`,
		},
		sourcePage: '/fast-quote',
		consentVersion: '2026-11-22',
	}
}

/**
 * `workers` clients post leads until `shouldStop()`, each retrying its current lead with the same
 * Idempotency-Key after a 503, a 429 or no answer, as the wizard does, until `giveUpAt()`.
 */
export async function leadLoad(options: {
	port: () => number
	workers: number
	prefix: string
	tally: Tally
	shouldStop: () => boolean
	giveUpAt: () => number
	/** Stop a worker at the first refused connection (the server is gone for good). */
	stopWhenRefused?: boolean
	agent?: http.Agent
	/** After a lead's 201, on the same worker (so still `workers` requests at most at once): the visitor's next step. */
	afterCreated?: (n: number, created: { id: string; token: string }, agent: http.Agent) => Promise<void>
}) {
	let counter = 0
	const agent = options.agent ?? new http.Agent({ keepAlive: true, maxSockets: options.workers })
	async function worker() {
		while (!options.shouldStop()) {
			const n = counter++
			const body = JSON.stringify(leadBody(n, options.prefix))
			const key = `${options.prefix}-${n}-key`
			for (;;) {
				options.tally.requests++
				try {
					const answer = await request(options.port(), {
						method: 'POST',
						path: '/api/leads',
						headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
						body,
						agent,
						timeoutMs: 30_000,
					})
					bump(options.tally.byStatus, answer.status)
					if (answer.status === 201) {
						const created = JSON.parse(answer.body) as { id: string; token: string }
						options.tally.created.push(created.id)
						await options.afterCreated?.(n, created, agent)
						break
					}
					if (answer.status !== 503 && answer.status !== 429) break
				} catch (error) {
					const code = (error as { code?: string }).code ?? 'UNKNOWN'
					bump(options.tally.errors, code)
					if (options.stopWhenRefused && code === 'ECONNREFUSED') return
				}
				if (Date.now() > options.giveUpAt()) {
					options.tally.unfinished++
					break
				}
				await new Promise((resolve) => setTimeout(resolve, 300))
			}
		}
	}
	await Promise.all(Array.from({ length: options.workers }, worker))
}
