import type { LeadMailView } from './lead-timeline.server.ts'

/**
 * docs/decisions/0113: who a message about a lead went to, by role, from its outbox kind; the timeline never shows an
 * address (decision 0089: a borrower's address stays in the lead's contact details, a staff member's in Users).
 */
const RECIPIENT_ROLES: Readonly<Record<string, string>> = {
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
	// The officer who owns the lead; managers (or the team inbox) when nobody does.
	'notify-contact-request': 'assigned officer or managers',
	'lead-escalation': 'managers',
	'task-escalation': 'managers',
}

/** What a message composed when it is sent (decision 0097) is, before it has a subject. */
const UNSENT_TITLES: Readonly<Record<string, string>> = {
	'borrower-confirmation': 'Confirmation of the quote request',
	'assigned-lead-text': 'New lead assigned',
}

const STATES: Readonly<Record<LeadMailView['status'], string>> = {
	pending: 'queued',
	sent: 'sent',
	dead: 'failed',
	dropped: 'not sent (nothing left to send)',
}

export const mailRecipientRole = (kind: string) => RECIPIENT_ROLES[kind] ?? 'staff'

/** An address typed into a name (and so into a subject) is not shown either. */
const ADDRESS = /[^\s@<>()]+@[^\s@<>()]+/g

/** docs/decisions/0113: "E-mail sent to borrower: Your indicative terms from Acme" and its state. */
export function mailTimelineLine(mail: Pick<LeadMailView, 'kind' | 'channel' | 'subject' | 'status'>) {
	const what = mail.channel === 'sms' ? 'Text message' : 'E-mail'
	const subject = (mail.subject ?? UNSENT_TITLES[mail.kind] ?? mail.kind).replace(ADDRESS, '(address)')
	return { text: `${what} sent to ${mailRecipientRole(mail.kind)}: ${subject}`, state: STATES[mail.status] }
}
