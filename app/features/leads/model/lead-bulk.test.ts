import { describe, expect, test } from 'vitest'
import { ruleMiss, ruleMissText } from './lead-bulk.ts'

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
