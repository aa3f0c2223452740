import { describe, expect, test } from 'vitest'
import { quickActionsFor } from './quick-actions.ts'

/**
 * docs/decisions/0108: each quick action carries the permission of the screen it opens. Only managers and admins see
 * the overview (overview.test.ts), and both may open every screen of theirs; what the function offers any role is
 * still only what that role may open, so a change of roles cannot lead anyone to a 403.
 */
describe('the quick actions a role may be offered', () => {
	test('a loan officer may open the new leads only: no routing, no assignment, no messages, no rate sheet', () => {
		expect(quickActionsFor(['user'])).toEqual([{ to: '/dashboard/leads?status=new', label: 'Work the new leads' }])
	})

	test('no role, no action', () => {
		expect(quickActionsFor([])).toEqual([])
	})
})
