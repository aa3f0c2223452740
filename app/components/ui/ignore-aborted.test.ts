import { describe, expect, test } from 'vitest'
import { ignoreAborted, ignoreUnobservedAborts } from './ignore-aborted.ts'

const abortReason = () => {
	const controller = new AbortController()
	controller.abort()
	return controller.signal.reason as unknown
}

describe('ignoreAborted', () => {
	test('an interrupted submission (AbortError, as AbortController.abort() gives) is no error', async () => {
		await expect(Promise.reject(abortReason()).catch(ignoreAborted)).resolves.toBeUndefined()
	})

	test('any other failure is thrown on', async () => {
		const failure = new TypeError('Failed to fetch')
		await expect(Promise.reject(failure).catch(ignoreAborted)).rejects.toBe(failure)
	})
})

describe('ignoreUnobservedAborts (docs/decisions/0119)', () => {
	/** What the browser dispatches for a rejection nothing observed; cancelling it keeps it out of the console. */
	function unobserved(reason: unknown) {
		const target = new EventTarget()
		ignoreUnobservedAborts(target as unknown as Window)
		const event = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason })
		target.dispatchEvent(event)
		return event.defaultPrevented
	}

	test('an unobserved AbortError is marked handled', () => {
		expect(unobserved(abortReason())).toBe(true)
	})

	test('any other unobserved rejection is still reported', () => {
		expect(unobserved(new TypeError('Failed to fetch'))).toBe(false)
		expect(unobserved(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(false)
		expect(unobserved(undefined)).toBe(false)
	})
})
