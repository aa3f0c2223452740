import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import type { MailDraft } from '#app/features/mail/outbox.server.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { formatDuration } from '../model/lead-assignment.ts'
import type { Application } from '../model/lead-answers.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import {
	MINIMAL_MAIL_NOTE,
	borrowerReplyTo,
	longFormEmail,
	newLeadEmail,
	programSuffix,
	staffMailName,
} from '../display/lead-notifications.ts'

type Lead = Parameters<typeof newLeadEmail>[0]
type Answers = Parameters<typeof newLeadEmail>[1]

/** docs/decisions/0035: the new-lead e-mail (the same body the managers get, with its link to the lead) to the officer it was routed to. */
export function assignedLeadEmail(
	officer: { email: string },
	lead: Lead,
	formData: LoanFormData,
	baseUrl: string,
	timeZone: string,
	/** docs/decisions/0089: the Settings' staff e-mail detail. */
	detail: StaffMailDetail = 'minimal',
): MailDraft {
	const mail = newLeadEmail(lead, formData, baseUrl, { forOfficer: true, timeZone, detail })
	return { to: [officer.email], ...borrowerReplyTo(lead.email, detail), subject: `Assigned to you: ${mail.subject}`, lines: mail.lines }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * docs/decisions/0107: what the lead's timeline already holds, counted (never the notes' words): the officer it is given
 * to opens the link knowing there is history to read.
 */
export function leadHistorySentence({ notes, contacts }: { notes: number; contacts: number }) {
	if (notes === 0 && contacts === 0) return 'It has no notes or calls yet.'
	return `It already has ${plural(notes, 'note', 'notes')} and ${plural(contacts, 'call, text or e-mail', 'calls, texts or e-mails')} on its timeline: open the lead to read them.`
}

/**
 * A manager gave the lead to this officer: the lead's details and its link (the lead's details, ?lead=<id>), saying who
 * assigned it and how much history it already has (docs/decisions/0107).
 */
export function managerAssignedLeadEmail(
	officer: { email: string },
	lead: Lead,
	answers: Answers,
	assignedBy: { name: string },
	baseUrl: string,
	timeZone: string,
	detail: StaffMailDetail = 'minimal',
	history: { notes: number; contacts: number } = { notes: 0, contacts: 0 },
): MailDraft {
	const mail = newLeadEmail(lead, answers, baseUrl, {
		intro: `${assignedBy.name} assigned this lead to you. ${leadHistorySentence(history)}`,
		forOfficer: true,
		timeZone,
		detail,
	})
	return {
		to: [officer.email],
		...borrowerReplyTo(lead.email, detail),
		subject: `Assigned to you: ${staffMailName(lead, detail)}${programSuffix(lead)}`,
		lines: mail.lines,
	}
}

/** The officer who owns a lead hears that its borrower completed the long form (the managers' e-mail, addressed to them). */
export function ownLeadLongFormEmail(
	officer: { email: string },
	lead: Lead,
	answers: LoanFormData & Application,
	baseUrl: string,
	timeZone: string,
	detail: StaffMailDetail = 'minimal',
): MailDraft {
	const mail = longFormEmail(lead, answers, baseUrl, timeZone, detail)
	return { to: [officer.email], ...borrowerReplyTo(lead.email, detail), subject: `Your lead: ${mail.subject}`, lines: mail.lines }
}

type UntouchedLead = {
	id: string
	firstName: string
	lastName: string
	loanType: string | null
	/** The property's state, written out (stateForStaff). */
	state: string | null
	createdAt: Date
	assigneeName: string | null
}

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`

/**
 * docs/decisions/0053: managers hear once of a person whose new requests nobody has called
 * or e-mailed in time; every request of that person is listed, oldest first, times in the lender's zone.
 * `more`: the person sent more untouched requests than one escalation reads (docs/decisions/0063); the e-mail says so.
 */
export function escalationEmail(
	to: string[],
	requests: readonly UntouchedLead[],
	minutes: number,
	{ baseUrl, timeZone, more = false, detail = 'minimal' }: { baseUrl: string; timeZone: string; more?: boolean; detail?: StaffMailDetail },
	now = new Date(),
): MailDraft {
	const ordered = [...requests].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
	const first = ordered[0]!
	const person = staffMailName(first, detail)
	const several = ordered.length > 1
	return {
		to,
		subject: `Untouched lead: ${person} has waited ${formatDuration(now.getTime() - first.createdAt.getTime())}${several ? ` (${ordered.length} requests)` : ''}`,
		lines: [
			several
				? `Nobody has contacted ${person} within ${minutesText(minutes)}. They sent ${ordered.length} quote requests (same e-mail or phone):`
				: `Nobody has contacted this new lead within ${minutesText(minutes)}.`,
			...ordered.flatMap((lead) => [
				'',
				`Lead: ${staffMailName(lead, detail)}${programSuffix(lead)}`,
				// docs/decisions/0089: the minimal e-mail names the state; the full one is as it was.
				...(detail === 'minimal' ? [`State: ${lead.state ?? 'Not provided'}`] : []),
				`Received: ${formatInTimeZone(lead.createdAt, timeZone)}`,
				`Assigned to: ${lead.assigneeName ?? 'nobody (unassigned)'}`,
				`Open the lead: ${baseUrl}/dashboard/leads?lead=${lead.id}`,
			]),
			...(more
				? [
						'',
						`They sent more untouched requests than are listed here; search their e-mail or phone on ${baseUrl}/dashboard/leads to see them all.`,
					]
				: []),
			...(detail === 'minimal' ? ['', MINIMAL_MAIL_NOTE] : []),
		],
	}
}
