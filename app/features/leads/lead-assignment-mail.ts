import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import type { OutgoingMail } from '#app/features/mail/outbox.server.ts'
import { formatDuration } from './lead-assignment.ts'
import type { Application } from './lead-answers.ts'
import { longFormEmail, newLeadEmail } from './lead-notifications.ts'

type Lead = Parameters<typeof newLeadEmail>[0]
type Answers = Parameters<typeof newLeadEmail>[1]

/** Issue 10: the new-lead e-mail (the same body the managers get, with its link to the lead) to the officer it was routed to. */
export function assignedLeadEmail(officer: { email: string }, lead: Lead, formData: LoanFormData, baseUrl: string): OutgoingMail {
	const mail = newLeadEmail(lead, formData, baseUrl)
	return { to: [officer.email], replyTo: lead.email, subject: `Assigned to you: ${mail.subject}`, text: mail.text }
}

/** A manager gave the lead to this officer: the lead's details and its link, saying who assigned it. */
export function managerAssignedLeadEmail(
	officer: { email: string },
	lead: Lead,
	answers: Answers,
	assignedBy: { name: string },
	baseUrl: string,
): OutgoingMail {
	const mail = newLeadEmail(lead, answers, baseUrl, `${assignedBy.name} assigned this lead to you.`)
	return {
		to: [officer.email],
		replyTo: lead.email,
		subject: `Assigned to you: ${lead.firstName} ${lead.lastName}${lead.loanType ? ` (${lead.loanType})` : ''}`,
		text: mail.text,
	}
}

/** The officer who owns a lead hears that its borrower completed the long form (the managers' e-mail, addressed to them). */
export function ownLeadLongFormEmail(
	officer: { email: string },
	lead: Lead,
	answers: LoanFormData & Application,
	baseUrl: string,
): OutgoingMail {
	const mail = longFormEmail(lead, answers, baseUrl)
	return { to: [officer.email], replyTo: lead.email, subject: `Your lead: ${mail.subject}`, text: mail.text }
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
export function escalationEmail(to: string[], lead: UntouchedLead, minutes: number, baseUrl: string, now = new Date()): OutgoingMail {
	return {
		to,
		subject: `Untouched lead: ${lead.firstName} ${lead.lastName} has waited ${formatDuration(now.getTime() - lead.createdAt.getTime())}`,
		text: [
			`Nobody has contacted this new lead within ${minutes} minutes.`,
			'',
			`Lead: ${lead.firstName} ${lead.lastName}${lead.loanType ? ` (${lead.loanType})` : ''}`,
			`Received: ${lead.createdAt.toISOString()}`,
			`Assigned to: ${lead.assigneeName ?? 'nobody (unassigned)'}`,
			'',
			`Open the lead: ${baseUrl}/dashboard/leads?lead=${lead.id}`,
		].join('\n'),
	}
}
