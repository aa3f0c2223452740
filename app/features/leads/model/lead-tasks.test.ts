import { describe, expect, test } from 'vitest'
import { taskGroup } from './lead-tasks.ts'

/** docs/decisions/0105: My tasks' groups. */

describe('a task’s group', () => {
	test('a task is overdue once its time has come: due this very millisecond is overdue, a minute later is today', () => {
		const now = new Date('2026-11-27T15:00:00.000Z')
		expect(taskGroup(now, now, 'America/New_York')).toBe('overdue')
		expect(taskGroup(new Date(now.getTime() - 1), now, 'America/New_York')).toBe('overdue')
		expect(taskGroup(new Date(now.getTime() + 60_000), now, 'America/New_York')).toBe('today')
	})
})
