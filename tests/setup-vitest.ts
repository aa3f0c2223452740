import { afterEach, vi } from 'vitest'

// console.error during a test means something went wrong that no assertion caught.
const originalError = console.error
afterEach(() => {
	vi.restoreAllMocks()
})
console.error = (...args: unknown[]) => {
	originalError(...args)
	throw new Error(`console.error was called during a test: ${args.map(String).join(' ')}`)
}
