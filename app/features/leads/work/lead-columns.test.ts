import { describe, expect, test } from 'vitest'
import { LEAD_COLUMNS, leadColumnsSchema, visibleLeadColumns } from './lead-columns.ts'

/** spec 2 §2: the leads table's columns, and docs/decisions/0052: the list a staff member shows and orders. */

describe('the leads table’s columns', () => {
	test('the spec’s columns and labels, in its order, with the assigned officer before the optional Source', () => {
		expect(LEAD_COLUMNS.map((column) => column.label)).toEqual([
			'Date',
			'First Name',
			'Last Name',
			'Phone',
			'Email',
			'Loan Type',
			'Property Type',
			'Transaction Type',
			'Property Value',
			'Status',
			'Form Status',
			'Assigned',
			'Source',
		])
	})

	test('all thirteen columns may be shown at once; a repeated one is refused with its message', () => {
		const all = LEAD_COLUMNS.map((column) => column.key)
		expect(leadColumnsSchema.safeParse({ columns: all }).success).toBe(true)
		const repeated = leadColumnsSchema.safeParse({ columns: ['date', 'email', 'date'] })
		expect(repeated.error?.issues.map((issue) => issue.message)).toEqual(['Each column may appear once'])
		expect(leadColumnsSchema.safeParse({ columns: [] }).error?.issues[0]?.message).toBe('Show at least one column')
		expect(leadColumnsSchema.safeParse({ columns: ['rate'] }).error?.issues[0]?.message).toBe('Unknown column')
	})

	test('a stored list read back keeps each column once, in its order', () => {
		expect(visibleLeadColumns(['email', 'date', 'email', 'removed-column'])).toEqual(['email', 'date'])
	})
})
