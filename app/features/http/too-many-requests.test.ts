import { describe, expect, it } from 'vitest'
import { tooManyRequests, waitInMinutes } from './too-many-requests.ts'

describe('waitInMinutes', () => {
	it('rounds a wait up to whole minutes and says minute for one', () => {
		expect(waitInMinutes(1)).toBe('1 minute')
		expect(waitInMinutes(60)).toBe('1 minute')
		expect(waitInMinutes(61)).toBe('2 minutes')
		expect(waitInMinutes(900)).toBe('15 minutes')
	})
})

describe('tooManyRequests', () => {
	it('is a 429 whose Retry-After is the wait in seconds', async () => {
		const response = Response.json({ error: 'x' }, tooManyRequests(125))
		expect(response.status).toBe(429)
		expect(response.headers.get('Retry-After')).toBe('125')
	})
})
