import { describe, expect, it } from 'vitest'
import { isUuid, UUID_PATTERN } from './uuid.ts'

describe('isUuid', () => {
	it('takes a UUID in either case and nothing around it', () => {
		expect(isUuid('78c2891f-ebdd-44c0-bd94-15c012bbbfbf')).toBe(true)
		expect(isUuid('78C2891F-EBDD-44C0-BD94-15C012BBBFBF')).toBe(true)
		expect(isUuid('78c2891f-ebdd-44c0-bd94-15c012bbbfbf\n')).toBe(false)
		expect(isUuid(' 78c2891f-ebdd-44c0-bd94-15c012bbbfbf')).toBe(false)
		expect(isUuid('78c2891febdd44c0bd9415c012bbbfbf')).toBe(false)
		// Each group has its exact length: one character short is not a UUID.
		expect(isUuid('78c2891f-ebdd-44c0-bd94-15c012bbbfb')).toBe(false)
		expect(isUuid('not-a-uuid')).toBe(false)
	})
	it('is stateless when tested again (no global flag)', () => {
		expect(UUID_PATTERN.flags).not.toContain('g')
		expect(isUuid('78c2891f-ebdd-44c0-bd94-15c012bbbfbf')).toBe(isUuid('78c2891f-ebdd-44c0-bd94-15c012bbbfbf'))
	})
})
