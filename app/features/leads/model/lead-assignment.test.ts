import { describe, expect, test } from 'vitest'
import {
	US_STATE_CODES,
	contactAttemptSchema,
	contactChannelLabel,
	contactOutcomeLabel,
	formatDuration,
	logContactSchema,
	officerRoutingSchema,
	reachedBorrower,
	routingSettingsSchema,
} from './lead-assignment.ts'

/** docs/decisions/0104: Log call / Log e-mail, checked by the form and the action with this one schema. */

const leadId = '8d6a4f0e-3b7c-4e51-9a2d-6f1e0c9b7a33'

describe('a logged call or e-mail', () => {
	test('its summary is at most 500 characters: 500 are kept, 501 refused with the reason', () => {
		const call = (summary: string) => logContactSchema.safeParse({ leadId, channel: 'call', outcome: 'connected', summary })
		expect(call('x'.repeat(500)).data?.summary).toHaveLength(500)
		expect(call('x'.repeat(501)).error?.issues.map((issue) => issue.message)).toEqual(['The summary must be at most 500 characters'])
	})
})

describe('each channel and each outcome (docs/decisions/0104)', () => {
	const log = (channel: string, outcome: string) => logContactSchema.safeParse({ leadId, channel, outcome })

	test('a call takes the five call outcomes and no e-mail outcome; an e-mail the two e-mail outcomes and no call outcome', () => {
		for (const outcome of ['connected', 'voicemail', 'no_answer', 'wrong_number', 'not_interested']) {
			expect(log('call', outcome).data?.outcome).toBe(outcome)
			expect(log('email', outcome).error?.issues.map((issue) => issue.message)).toEqual(['Choose how the e-mail went'])
		}
		for (const outcome of ['sent', 'replied']) {
			expect(log('email', outcome).data?.outcome).toBe(outcome)
			expect(log('call', outcome).error?.issues.map((issue) => issue.message)).toEqual(['Choose how the call went'])
		}
		expect(log('text', 'sent').error?.issues.map((issue) => issue.message)).toContain('Choose call or e-mail')
	})

	test('only a connected call, a "not interested" and a reply reach the borrower', () => {
		const reached = ['connected', 'voicemail', 'no_answer', 'wrong_number', 'not_interested', 'sent', 'replied'].filter((outcome) =>
			reachedBorrower(outcome as never),
		)
		expect(reached).toEqual(['connected', 'not_interested', 'replied'])
	})

	test('each outcome and channel has its label', () => {
		expect(
			['connected', 'voicemail', 'no_answer', 'wrong_number', 'not_interested', 'sent', 'replied', 'other'].map(contactOutcomeLabel),
		).toEqual([
			'Connected',
			'Left voicemail',
			'No answer',
			'Wrong number',
			'Not interested',
			'Sent, no reply yet',
			'Borrower replied',
			null,
		])
		expect(['call', 'text', 'email', undefined].map(contactChannelLabel)).toEqual(['Call', 'Text', 'E-mail', 'Call'])
	})

	test('a tap is recorded for a call, a text or an e-mail, and nothing else', () => {
		for (const channel of ['call', 'text', 'email']) expect(contactAttemptSchema.safeParse({ leadId, channel }).success).toBe(true)
		expect(contactAttemptSchema.safeParse({ leadId, channel: 'fax' }).error?.issues.map((issue) => issue.message)).toEqual([
			'Choose call, text or e-mail',
		])
	})
})

describe('durations in words', () => {
	test('minutes below an hour, hours below 48, then days, each at its edge', () => {
		const minutes = (count: number) => formatDuration(count * 60_000)
		expect([minutes(-5), minutes(0), minutes(59), minutes(60), minutes(61), minutes(90)]).toEqual([
			'0 min',
			'0 min',
			'59 min',
			'1 h',
			'1 h 1 min',
			'1 h 30 min',
		])
		expect([minutes(47 * 60 + 59), minutes(48 * 60), minutes(49 * 60), minutes(72 * 60)]).toEqual(['47 h 59 min', '2 d', '2 d 1 h', '3 d'])
		expect(formatDuration(89_000)).toBe('1 min')
		expect(formatDuration(91_000)).toBe('2 min')
	})
})

describe('the routing settings', () => {
	const minutes = (escalationMinutes: unknown) => routingSettingsSchema.safeParse({ autoAssign: true, escalationMinutes })

	test('escalation minutes: 0 (off) to 1440, whole numbers only', () => {
		expect([0, 1, 1440].map((value) => minutes(value).data?.escalationMinutes)).toEqual([0, 1, 1440])
		expect(minutes(-1).error?.issues.map((issue) => issue.message)).toEqual(['Enter 0 (off) or more minutes'])
		expect(minutes(1441).error?.issues.map((issue) => issue.message)).toEqual(['Enter at most 1440 minutes (one day)'])
		expect(minutes(1.5).error?.issues.map((issue) => issue.message)).toEqual(['Enter a whole number of minutes'])
		expect(minutes('15').data?.escalationMinutes).toBe(15)
	})

	test('an officer’s states: two-letter codes of the 50 states and DC, any case and separator, each once', () => {
		const states = (text: string) => officerRoutingSchema.safeParse({ userId: 'u1', receivesLeads: true, states: text, loanTypes: [] })
		expect(states('tx, fl;dc  AK wy tx').data?.states).toEqual(['TX', 'FL', 'DC', 'AK', 'WY'])
		expect(states('').data?.states).toEqual([])
		for (const bad of ['PR', 'Texas', 'GU']) expect(states(bad).error?.issues[0]?.message).toBe('Use two-letter state codes such as TX, FL')
		expect(US_STATE_CODES).toHaveLength(51)
	})
})
