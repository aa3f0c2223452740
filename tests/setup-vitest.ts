import { afterEach, vi } from 'vitest'

afterEach(() => {
	vi.restoreAllMocks()
})

// console.error during a test means something went wrong that no assertion caught. Files of a worker share their
// modules and globals (vitest.config.ts), so this file runs once per file but wraps console.error once per worker.
const wrapped = Symbol.for('tests.console-error-throws')
if (!(console.error as { [wrapped]?: true })[wrapped]) {
	const originalError = console.error
	const throwing = (...args: unknown[]) => {
		originalError(...args)
		throw new Error(`console.error was called during a test: ${args.map(String).join(' ')}`)
	}
	console.error = Object.assign(throwing, { [wrapped]: true as const })
}
