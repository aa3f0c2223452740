import { z } from 'zod'
import { US_STATES } from '#app/features/places/us-address.ts'
import { singleLineText } from '#app/features/validation/safe-text.ts'
import { LEAD_STATUS_VALUES, leadStatusLabel } from './lead-statuses.ts'

/**
 * docs/decisions/0108: a sales manager's changes to the selected leads, each lead going through the same function as a
 * change of one. Select all picks one page, so a few hundred ids at most.
 */
const leadIds = z
	.array(z.uuid('Unknown lead'))
	.min(1, 'Select at least one lead')
	.max(500, 'Change at most 500 leads at a time')
	.transform((ids) => [...new Set(ids)])

export const bulkAssignSchema = z.object({
	leadIds,
	assigneeId: singleLineText().trim().min(1, 'Choose a loan officer').max(100, 'Choose a loan officer'),
})
export type BulkAssignInput = z.output<typeof bulkAssignSchema>

export const bulkStatusSchema = z.object({ leadIds, status: z.enum(LEAD_STATUS_VALUES, { message: 'Choose a status' }) })
export type BulkStatusInput = z.output<typeof bulkStatusSchema>

/** An officer's routing rule as assignment reads it (docs/decisions/0035: empty lists take every state or program). */
export type OfficerRule = { name: string; states: readonly string[]; loanTypes: readonly string[] }
export type RuleMiss =
	| { kind: 'state'; state: string }
	| { kind: 'no-state' }
	| { kind: 'program'; program: string }
	| { kind: 'no-program' }

/**
 * docs/decisions/0108: why the officer does not take this lead, or null when they do. The same test as automatic routing
 * (lead-routing.server.ts officerFits): a lead without a known state or program fits only an officer who takes them all.
 */
export function ruleMiss(rule: OfficerRule, lead: { state: string | null; loanType: string | null }): RuleMiss | null {
	if (rule.states.length > 0) {
		if (!lead.state) return { kind: 'no-state' }
		if (!rule.states.includes(lead.state)) return { kind: 'state', state: lead.state }
	}
	if (rule.loanTypes.length > 0) {
		if (!lead.loanType) return { kind: 'no-program' }
		if (!rule.loanTypes.includes(lead.loanType)) return { kind: 'program', program: lead.loanType }
	}
	return null
}

/** "Ohio is not one of Jane Doe's states": the reason, in the manager's words. */
export function ruleMissText(miss: RuleMiss, officer: string) {
	switch (miss.kind) {
		case 'state':
			return `${US_STATES[miss.state] ?? miss.state} is not one of ${officer}'s states`
		case 'no-state':
			return `the property's state is not known and ${officer} takes only some states`
		case 'program':
			return `${miss.program} is not one of ${officer}'s programs`
		case 'no-program':
			return `the loan program is not known and ${officer} takes only some programs`
	}
}

/** One selected lead that was left as it was, and why. */
export type BulkSkip = { leadId: string; name: string; reason: string }

const leadsWord = (count: number) => (count === 1 ? 'lead' : 'leads')

export const BULK_MESSAGES = {
	assignFailed: 'Failed to assign the selected leads',
	statusFailed: 'Failed to update the selected leads',
	notInReach: 'no longer exists',
	failed: 'could not be changed; try again',
} as const

/**
 * docs/decisions/0108: the answer to a bulk change: what was done, and, when some were left out, how many, which and why
 * ("2 of 5 not assigned: Ohio is not one of Jane Doe's states (Ann Lee, Bob Ray)").
 */
export function bulkAnswer(done: string, total: number, skipped: readonly BulkSkip[], notDone: string) {
	const changed = total - skipped.length
	const message = skipped.length === 0 ? `${changed} ${leadsWord(changed)} ${done}` : `${changed} of ${total} ${leadsWord(total)} ${done}`
	if (skipped.length === 0) return { message, description: undefined }
	const byReason = new Map<string, string[]>()
	for (const skip of skipped) byReason.set(skip.reason, [...(byReason.get(skip.reason) ?? []), skip.name])
	const reasons = [...byReason].map(([reason, names]) => `${reason} (${names.join(', ')})`).join('; ')
	return { message, description: `${skipped.length} of ${total} ${notDone}: ${reasons}` }
}

export const bulkAssignAnswer = (officer: string, total: number, skipped: readonly BulkSkip[]) =>
	bulkAnswer(`assigned to ${officer}`, total, skipped, 'not assigned')

export const bulkStatusAnswer = (status: string, total: number, skipped: readonly BulkSkip[]) =>
	bulkAnswer(`set to ${leadStatusLabel(status)}`, total, skipped, 'not changed')

/** docs/decisions/0108: the unassigned pool, as the Lead Routing screen says it. */
export const waitingText = (count: number) =>
	count === 0
		? 'No lead is waiting in the unassigned pool.'
		: `${count} ${leadsWord(count)} ${count === 1 ? 'is' : 'are'} waiting in the unassigned pool.`

export const backlogQuestion = (count: number) =>
	`Assign ${count === 1 ? 'the waiting lead' : `all ${count} waiting leads`} by the routing rules? Each goes to the officer whose turn it is among those who take its state and program, and they are e-mailed; a lead no officer takes stays unassigned.`

/** docs/decisions/0108: what assigning the waiting leads did. */
export function backlogAnswer({ assigned, unmatched }: { assigned: number; unmatched: number }) {
	const done = `${assigned} ${leadsWord(assigned)} assigned by the routing rules`
	if (unmatched === 0) return `${done}.`
	return `${done}; ${unmatched} matched no officer and ${unmatched === 1 ? 'stays' : 'stay'} unassigned.`
}

export const BACKLOG_OFF = 'Automatic assignment is off: turn it on to assign the waiting leads by the routing rules.'
