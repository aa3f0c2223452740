import { describe, expect, test } from 'vitest'
import { isDatabaseUnavailable } from './availability.ts'
import { createDatabaseHealth } from './health.ts'

describe('database unavailability', () => {
	test('connection failures, timeouts and shutdowns mean "try again later"', () => {
		const cases = [
			Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
			new Error('Connection terminated unexpectedly'),
			new Error('Query read timeout'),
			new Error('timeout exceeded when trying to connect'),
			Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
			Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
			Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
			Object.assign(new Error('connection failure'), { code: '08006' }),
		]
		for (const error of cases) expect(isDatabaseUnavailable(error), error.message).toBe(true)
	})

	test('an error Drizzle wraps is looked through to its cause', () => {
		const wrapped = new Error('Failed query: insert into "leads" ... params: Jane,jane@example.com', {
			cause: new Error('Connection terminated unexpectedly'),
		})
		expect(isDatabaseUnavailable(wrapped)).toBe(true)
	})

	test('a bad request or a bug is not an outage', () => {
		expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false)
		expect(isDatabaseUnavailable(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }))).toBe(
			false,
		)
		expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false)
		expect(isDatabaseUnavailable('Connection terminated')).toBe(false)
	})
})

describe('database health', () => {
	test('an outage reported by a request is remembered until a ping succeeds', async () => {
		let up = false
		const health = createDatabaseHealth(async () => {
			if (!up) throw new Error('Connection terminated unexpectedly')
		})
		expect(health.isUnavailable()).toBe(false)
		expect(health.report(new Error('duplicate key value'))).toBe(false)
		expect(health.report(new Error('Connection terminated unexpectedly'))).toBe(true)
		expect(health.isUnavailable()).toBe(true)
		expect(await health.check(500)).toBe(false)
		up = true
		expect(await health.check(500)).toBe(true)
		expect(health.isUnavailable()).toBe(false)
		health.stop()
	})

	test('a ping that never answers counts as down after its timeout', async () => {
		const health = createDatabaseHealth(() => new Promise(() => {}))
		expect(await health.check(200)).toBe(false)
		expect(health.isUnavailable()).toBe(true)
		health.stop()
	})
})
