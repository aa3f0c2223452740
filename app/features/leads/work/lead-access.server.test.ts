import { describe, expect, test } from 'vitest'
import { testActor } from '../../../../tests/lead-test-data.ts'
import { defaultAssigned } from './lead-access.server.ts'

/** docs/decisions/0106: where the leads list opens for each role, when the address names no filter. */
describe('the leads list’s first filter', () => {
	const officer = testActor({ id: 'officer-1', roles: ['user'] })
	const manager = testActor({ id: 'manager-1', roles: ['moderator'] })
	const admin = testActor({ id: 'admin-1', roles: ['admin'] })

	test('a loan officer’s opens on their own leads; a sales manager’s and an admin’s on every lead', () => {
		expect(defaultAssigned(officer, null)).toBe('me')
		expect(defaultAssigned(manager, null)).toBeNull()
		expect(defaultAssigned(admin, undefined)).toBeNull()
	})

	test('a filter in the address always wins', () => {
		expect(defaultAssigned(officer, 'unassigned')).toBe('unassigned')
		expect(defaultAssigned(manager, 'me')).toBe('me')
	})
})
