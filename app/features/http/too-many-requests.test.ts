import { describe, expect, it } from 'vitest'
import { tooManyRequests, waitInMinutes } from './too-many-requests.ts'
import { isUuid, UUID_PATTERN } from './uuid.ts'

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

describe('isUuid', () => {
	it('takes a UUID in either case and nothing around it', () => {
		expect(isUuid('78c2891f-ebdd-44c0-bd94-15c012bbbfbf')).toBe(true)
		expect(isUuid('78C2891F-EBDD-44C0-BD94-15C012BBBFBF')).toBe(true)
		expect(isUuid('78c2891f-ebdd-44c0-bd94-15c012bbbfbf\n')).toBe(false)
		expect(isUuid(' 78c2891f-ebdd-44c0-bd94-15c012bbbfbf')).toBe(false)
		expect(isUuid('78c2891febdd44c0bd9415c012bbbfbf')).toBe(false)
		expect(isUuid('not-a-uuid')).toBe(false)
	})
	it('is stateless when tested again (no global flag)', () => {
		expect(UUID_PATTERN.flags).not.toContain('g')
		expect(isUuid('78c2891f-ebdd-44c0-bd94-15c012bbbfbf')).toBe(isUuid('78c2891f-ebdd-44c0-bd94-15c012bbbfbf'))
	})
})
