import { describe, expect, test } from 'vitest'
import { ignoreAborted } from './ignore-aborted.ts'

describe('ignoreAborted', () => {
	test('an interrupted submission (AbortError, as AbortController.abort() gives) is no error', async () => {
		const controller = new AbortController()
		controller.abort()
		await expect(Promise.reject(controller.signal.reason).catch(ignoreAborted)).resolves.toBeUndefined()
	})

	test('any other failure is thrown on', async () => {
		const failure = new TypeError('Failed to fetch')
		await expect(Promise.reject(failure).catch(ignoreAborted)).rejects.toBe(failure)
	})
})
