import { describe, expect, test } from 'vitest'
import { statusFilterLabel, toggleStatusFilter } from './status-filter.ts'

describe('status filter (spec 2 §2)', () => {
	test('the button reads All Leads, one label, two labels joined, or N statuses selected', () => {
		expect(statusFilterLabel([])).toBe('All Leads')
		expect(statusFilterLabel(['dnq'])).toBe('DNQ')
		expect(statusFilterLabel(['new', 'ni'])).toBe('New, N/I')
		expect(statusFilterLabel(['new', 'hot', 'closed'])).toBe('3 statuses selected')
	})

	test('choosing All clears the others; unchecking the last status reverts to All', () => {
		expect(toggleStatusFilter(['new', 'hot'], 'all', true)).toEqual([])
		expect(toggleStatusFilter([], 'hot', true)).toEqual(['hot'])
		expect(toggleStatusFilter(['hot'], 'new', true)).toEqual(['new', 'hot'])
		expect(toggleStatusFilter(['hot'], 'hot', false)).toEqual([])
	})
})
