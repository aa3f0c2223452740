import { describe, expect, test } from 'vitest'
import type { LeadActivityEntry } from '#app/features/leads/work/lead-activity.server.ts'
import { describeActivity } from './lead-activity-words.ts'

const entry = (action: LeadActivityEntry['action'], detail: Record<string, unknown>): LeadActivityEntry => ({
	id: 1,
	action,
	detail,
	actorEmail: 'officer@example.com',
	createdAt: new Date('2026-11-28T15:00:00.000Z'),
})

/** docs/decisions/0104: the timeline names each channel of a logged contact and of a tap, a text as a text. */
describe('the timeline words of a contact', () => {
	test('a call, a text and an e-mail each read as what they were, logged or started', () => {
		const words = (action: 'contact_logged' | 'contact_started') =>
			['call', 'text', 'email'].map((channel) => describeActivity(entry(action, { channel }), 'America/New_York'))
		expect(words('contact_logged')).toEqual(['Call logged', 'Text logged', 'E-mail logged'])
		expect(words('contact_started')).toEqual(['Call started', 'Text started', 'E-mail started'])
	})

	test('a logged contact names how it went, then its summary; one logged before outcomes were asked has none', () => {
		const logged = (detail: Record<string, unknown>) => describeActivity(entry('contact_logged', detail), 'America/New_York')
		expect(logged({ channel: 'call', outcome: 'voicemail', summary: 'Asked to call back Monday' })).toBe(
			'Call logged (Left voicemail): Asked to call back Monday',
		)
		expect(logged({ channel: 'text', outcome: 'replied' })).toBe('Text logged (Borrower replied)')
		expect(logged({ channel: 'call', summary: 'Spoke about the refinance' })).toBe('Call logged: Spoke about the refinance')
	})
})
