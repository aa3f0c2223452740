import { describe, expect, test } from 'vitest'
import { can, dashboardTitle, formatRoles, parseRoles, roleLabels } from './roles.ts'

describe('the roles of an account (spec 2 §6, docs/decisions/0034, 0054)', () => {
	test('stored roles are read with the spaces around them, unknown ones dropped; written once each', () => {
		expect(parseRoles(' admin , user ,owner')).toEqual(['admin', 'user'])
		expect(formatRoles(['user', 'moderator', 'user'])).toBe('user,moderator')
	})

	test('labels come the most powerful first, whatever the stored order', () => {
		expect(roleLabels(['user', 'admin'])).toBe('Admin, Loan officer')
		expect(roleLabels(['user', 'moderator'])).toBe('Sales manager, Loan officer')
	})

	test('the dashboard’s title names the most powerful role', () => {
		expect(dashboardTitle(['user', 'admin'])).toBe('Admin Dashboard')
		expect(dashboardTitle(['user', 'moderator'])).toBe('Sales Manager Dashboard')
		expect(dashboardTitle(['user'])).toBe('Loan Officer Dashboard')
	})

	test('every lead is a manager’s and an admin’s, not an officer’s; one’s own second factor is everyone’s', () => {
		expect(['admin', 'moderator', 'user'].map((role) => can([role as 'admin'], 'leads.all'))).toEqual([true, true, false])
		expect(['admin', 'moderator', 'user'].map((role) => can([role as 'admin'], 'account'))).toEqual([true, true, true])
		expect(['admin', 'moderator', 'user'].map((role) => can([role as 'admin'], 'overview'))).toEqual([true, true, false])
	})
})
