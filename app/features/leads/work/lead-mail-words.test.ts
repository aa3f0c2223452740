import { describe, expect, test } from 'vitest'
import { mailRecipientRole, mailTimelineLine } from './lead-mail-words.ts'

/** docs/decisions/0113: who each message about a lead went to, by role, from its outbox kind. */
describe('the words of a message on the lead timeline', () => {
	test('each kind names its recipient’s role', () => {
		const roles = Object.fromEntries(
			[
				'borrower-confirmation',
				'borrower-terms',
				'notify-assigned-lead',
				'notify-long-form-officer',
				'notify-chosen-terms-officer',
				'task-reminder',
				'assigned-lead-text',
				'notify-new-lead',
				'notify-long-form',
				'notify-chosen-terms',
				'notify-contact-request',
				'lead-escalation',
				'task-escalation',
				'something-new',
			].map((kind) => [kind, mailRecipientRole(kind)]),
		)
		expect(roles).toEqual({
			'borrower-confirmation': 'borrower',
			'borrower-terms': 'borrower',
			'notify-assigned-lead': 'assigned officer',
			'notify-long-form-officer': 'assigned officer',
			'notify-chosen-terms-officer': 'assigned officer',
			'task-reminder': 'assigned officer',
			'assigned-lead-text': 'assigned officer',
			'notify-new-lead': 'team inbox',
			'notify-long-form': 'team inbox',
			'notify-chosen-terms': 'team inbox',
			'notify-contact-request': 'assigned officer or managers',
			'lead-escalation': 'managers',
			'task-escalation': 'managers',
			'something-new': 'staff',
		})
	})

	test('an unsent message has its title; a dropped one says nothing was left to send; an address is never shown', () => {
		expect(mailTimelineLine({ kind: 'assigned-lead-text', channel: 'sms', subject: null, status: 'pending' })).toEqual({
			text: 'Text message sent to assigned officer: New lead assigned',
			state: 'queued',
		})
		expect(mailTimelineLine({ kind: 'lead-escalation', channel: 'email', subject: null, status: 'dropped' })).toEqual({
			text: 'E-mail sent to managers: lead-escalation',
			state: 'not sent (nothing left to send)',
		})
		expect(
			mailTimelineLine({
				kind: 'notify-new-lead',
				channel: 'email',
				subject: 'New lead: Jan <jan.doe@example.com> and bo@x.io',
				status: 'sent',
			}),
		).toEqual({ text: 'E-mail sent to team inbox: New lead: Jan <(address)> and (address)', state: 'sent' })
	})
})
