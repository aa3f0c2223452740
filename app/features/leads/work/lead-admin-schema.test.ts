import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { deleteLeadsSchema } from './lead-admin-schema.ts'

/** spec 2 §4's Delete Selected: one page of leads at a time (Select all picks one page). */

const ids = (count: number) => Array.from({ length: count }, () => crypto.randomUUID())

describe('deleting selected leads', () => {
	test('at most 500 leads at a time: 500 are accepted, 501 refused with the reason; none is refused too', () => {
		expect(deleteLeadsSchema.safeParse({ leadIds: ids(500) }).success).toBe(true)
		expect(deleteLeadsSchema.safeParse({ leadIds: ids(501) }).error?.issues.map((issue) => issue.message)).toEqual([
			'Delete at most 500 leads at a time',
		])
		expect(deleteLeadsSchema.safeParse({ leadIds: [] }).error?.issues.map((issue) => issue.message)).toEqual(['Select at least one lead'])
	})
})
