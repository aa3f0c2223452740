import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import type { MailDraft } from '#app/features/mail/outbox.server.ts'
import { formatDuration } from './lead-assignment.ts'
import { newLeadEmail } from './lead-notifications.ts'

type Lead = Parameters<typeof newLeadEmail>[0]

/** Issue 10: the new-lead e-mail (the same body the managers get, with its link to the lead) to the officer it was routed to. */
export function assignedLeadEmail(officer: { email: string }, lead: Lead, formData: LoanFormData, baseUrl: string): MailDraft {
	const mail = newLeadEmail(lead, formData, baseUrl)
	return { to: [officer.email], replyTo: lead.email, subject: `Assigned to you: ${mail.subject}`, lines: mail.lines }
}

type UntouchedLead = {
	id: string
	firstName: string
	lastName: string
	loanType: string | null
	createdAt: Date
	assigneeName: string | null
}

/** Issue 10: managers hear of a new lead that nobody has called or e-mailed in time. */
export function escalationEmail(to: string[], lead: UntouchedLead, minutes: number, baseUrl: string, now = new Date()): MailDraft {
	return {
		to,
		subject: `Untouched lead: ${lead.firstName} ${lead.lastName} has waited ${formatDuration(now.getTime() - lead.createdAt.getTime())}`,
		lines: [
			`Nobody has contacted this new lead within ${minutes} minutes.`,
			'',
			`Lead: ${lead.firstName} ${lead.lastName}${lead.loanType ? ` (${lead.loanType})` : ''}`,
			`Received: ${lead.createdAt.toISOString()}`,
			`Assigned to: ${lead.assigneeName ?? 'nobody (unassigned)'}`,
			'',
			`Open the lead: ${baseUrl}/dashboard/leads?lead=${lead.id}`,
		],
	}
}
