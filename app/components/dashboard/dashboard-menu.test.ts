import { describe, expect, test } from 'vitest'
import { menuFor } from './dashboard-menu.ts'

describe('the side menu each role sees (spec 2 §2, docs/decisions/0034)', () => {
	const labels = (roles: Parameters<typeof menuFor>[0]) => menuFor(roles).map((item) => item.label)

	test('a loan officer: the leads and their tasks', () => {
		expect(labels(['user'])).toEqual(['Leads', 'My Tasks'])
	})

	test('a sales manager: the overview, the leads, the messages, the routing and the rate sheet (docs/decisions/0065, 0108)', () => {
		expect(labels(['moderator'])).toEqual(['Overview', 'Leads', 'My Tasks', 'Messages', 'Lead Routing', 'Pricing'])
	})

	test('an admin: every screen, the compliance screens included (docs/decisions/0087-0091)', () => {
		expect(labels(['admin'])).toEqual([
			'Overview',
			'Hero Content',
			'Loan Products',
			'Testimonials',
			'Leads',
			'My Tasks',
			'User Management',
			'Company Info',
			'Settings',
			'Messages',
			'Lead Routing',
			'Pricing',
			'Webhooks',
			'Activity',
			'Data Retention',
			'Data Requests',
			'Sessions',
		])
	})

	test('several roles see what any of them may use, once; no role sees nothing', () => {
		expect(labels(['user', 'moderator'])).toEqual(labels(['moderator']))
		expect(labels([])).toEqual([])
	})

	test('each entry leads to its screen', () => {
		expect(menuFor(['admin']).find((item) => item.label === 'Data Requests')?.to).toBe('/dashboard/data-requests')
		expect(menuFor(['user']).map((item) => item.to)).toEqual(['/dashboard/leads', '/dashboard/tasks'])
	})
})
