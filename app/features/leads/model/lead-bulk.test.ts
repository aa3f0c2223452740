import { describe, expect, test } from 'vitest'
import {
	BACKLOG_OFF,
	backlogAnswer,
	backlogQuestion,
	bulkAssignAnswer,
	bulkAssignSchema,
	bulkStatusAnswer,
	ruleMiss,
	ruleMissText,
	waitingText,
} from './lead-bulk.ts'

/** docs/decisions/0108: bulk assign follows the officer's routing rule, and says why it left a lead. */

const takesAll = { name: 'Bob Ray', states: [], loanTypes: [] }
const someStates = { name: 'Jane Doe', states: ['TX', 'FL'], loanTypes: [] }
const somePrograms = { name: 'Jane Doe', states: [], loanTypes: ['DSCR'] }

describe('an officer’s rule for one lead', () => {
	test('an officer who takes every state and program takes any lead, known or not', () => {
		for (const lead of [
			{ state: null, loanType: null },
			{ state: 'OH', loanType: 'Fix & Flip' },
		])
			expect(ruleMiss(takesAll, lead)).toBeNull()
	})

	test('some states: a lead of another state, or of no known state, is left with its reason', () => {
		expect(ruleMiss(someStates, { state: 'TX', loanType: null })).toBeNull()
		expect(ruleMiss(someStates, { state: 'OH', loanType: 'DSCR' })).toEqual({ kind: 'state', state: 'OH' })
		expect(ruleMiss(someStates, { state: null, loanType: 'DSCR' })).toEqual({ kind: 'no-state' })
		expect(ruleMissText({ kind: 'state', state: 'OH' }, 'Jane Doe')).toBe("Ohio is not one of Jane Doe's states")
	})

	test('some programs: a lead of another program, or of no known program, is left with its reason', () => {
		expect(ruleMiss(somePrograms, { state: null, loanType: 'DSCR' })).toBeNull()
		expect(ruleMiss(somePrograms, { state: 'TX', loanType: 'Fix & Flip' })).toEqual({ kind: 'program', program: 'Fix & Flip' })
		expect(ruleMiss(somePrograms, { state: 'TX', loanType: null })).toEqual({ kind: 'no-program' })
		expect(ruleMissText({ kind: 'no-program' }, 'Jane Doe')).toBe('the loan program is not known and Jane Doe takes only some programs')
	})
})

describe('the reasons and answers, in the manager’s words (docs/decisions/0108)', () => {
	test('each reason names the officer, and the program or state', () => {
		expect(ruleMissText({ kind: 'no-state' }, 'Jane Doe')).toBe("the property's state is not known and Jane Doe takes only some states")
		expect(ruleMissText({ kind: 'program', program: 'Bridge' }, 'Jane Doe')).toBe("Bridge is not one of Jane Doe's programs")
	})

	test('leads left for one reason are all named under it; reasons are separated by a semicolon', () => {
		const skipped = [
			{ leadId: 'a', name: 'Ann Lee', reason: "Ohio is not one of Jane Doe's states" },
			{ leadId: 'b', name: 'Bob Ray', reason: "Ohio is not one of Jane Doe's states" },
			{ leadId: 'c', name: 'Cy Fox', reason: 'no longer exists' },
		]
		expect(bulkAssignAnswer('Jane Doe', 5, skipped)).toEqual({
			message: '2 of 5 leads assigned to Jane Doe',
			description: "3 of 5 not assigned: Ohio is not one of Jane Doe's states (Ann Lee, Bob Ray); no longer exists (Cy Fox)",
		})
		expect(bulkStatusAnswer('hot', 1, [])).toEqual({ message: '1 lead set to Hot', description: undefined })
	})

	test('a lead selected twice is changed once', () => {
		const id = crypto.randomUUID()
		expect(bulkAssignSchema.parse({ leadIds: [id, id], assigneeId: 'officer-1' }).leadIds).toEqual([id])
	})

	test('the waiting pool is told for none, one and several', () => {
		expect(waitingText(0)).toBe('No lead is waiting in the unassigned pool.')
		expect(waitingText(1)).toBe('1 lead is waiting in the unassigned pool.')
		expect(waitingText(2)).toBe('2 leads are waiting in the unassigned pool.')
		expect(backlogQuestion(1)).toMatch(/^Assign the waiting lead by the routing rules\? /)
		expect(backlogQuestion(3)).toMatch(/^Assign all 3 waiting leads by the routing rules\? /)
	})

	test('what assigning the waiting leads did, for none, one and several left unassigned', () => {
		expect(backlogAnswer({ assigned: 2, unmatched: 0 })).toBe('2 leads assigned by the routing rules.')
		expect(backlogAnswer({ assigned: 1, unmatched: 1 })).toBe(
			'1 lead assigned by the routing rules; 1 matched no officer and stays unassigned.',
		)
		expect(backlogAnswer({ assigned: 0, unmatched: 2 })).toBe(
			'0 leads assigned by the routing rules; 2 matched no officer and stay unassigned.',
		)
		expect(BACKLOG_OFF).toBe('Automatic assignment is off: turn it on to assign the waiting leads by the routing rules.')
	})
})
