import { type DataRequestMail, type DataRequestMailStep, fillTemplate } from '#app/features/content/data-request-mail.ts'
import type { MailDraft } from '#app/features/mail/outbox.server.ts'
import { REQUEST_TYPE_LABELS, type RequestType } from './data-request-schema.ts'

/** The outbox kinds of a data request's own e-mails: the request's correspondence, not data held about the person. */
export const DATA_REQUEST_MAIL_KIND_PREFIX = 'data-request.'

export type RequesterMailFacts = {
	company: string
	type: RequestType
	receivedOn: string
	answerDue: string
	reason?: string
	details?: string
}

/** docs/decisions/0091: the e-mail to a requester at one step, from the admin's template. */
export function requesterMail(templates: DataRequestMail, step: DataRequestMailStep, to: string, facts: RequesterMailFacts): MailDraft {
	const values = {
		company: facts.company,
		requestType: REQUEST_TYPE_LABELS[facts.type].toLowerCase(),
		receivedOn: facts.receivedOn,
		answerDue: facts.answerDue,
		reason: facts.reason ?? '',
		details: facts.details ?? '',
	}
	const template = templates[step]
	return {
		to: [to],
		subject: fillTemplate(template.subject, values),
		lines: fillTemplate(template.body, values).split(/\r\n|\n/),
	}
}
