import { z } from 'zod'
import { safeText, singleLineText } from '#app/features/validation/safe-text.ts'

/**
 * docs/decisions/0091: the e-mails a borrower who made a data request receives at each step, which an admin edits on
 * the Data requests screen. Placeholders in braces are filled in when the e-mail is sent; an unknown one is refused.
 */
export const DATA_REQUEST_MAIL_STEPS = ['acknowledged', 'extended', 'answered'] as const
export type DataRequestMailStep = (typeof DATA_REQUEST_MAIL_STEPS)[number]

export const DATA_REQUEST_PLACEHOLDERS = ['company', 'requestType', 'receivedOn', 'answerDue', 'reason', 'details'] as const
export type DataRequestPlaceholder = (typeof DATA_REQUEST_PLACEHOLDERS)[number]

const PLACEHOLDER = /\{(\w+)\}/g
const knownPlaceholders = (text: string) =>
	[...text.matchAll(PLACEHOLDER)].every((match) => (DATA_REQUEST_PLACEHOLDERS as readonly string[]).includes(match[1]!))
const unknownMessage = `Use only these placeholders: ${DATA_REQUEST_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`

const template = z.object({
	subject: singleLineText()
		.trim()
		.min(1, 'The subject is required')
		.max(200, 'The subject is at most 200 characters')
		.refine(knownPlaceholders, unknownMessage),
	body: safeText()
		.trim()
		.min(1, 'The message is required')
		.max(5000, 'The message is at most 5,000 characters')
		.refine(knownPlaceholders, unknownMessage),
})

export const dataRequestMailSchema = z.object({ acknowledged: template, extended: template, answered: template })
export type DataRequestMail = z.infer<typeof dataRequestMailSchema>

/** Fills `{name}` placeholders; a value is inserted as text (the mail composer keeps it on its line, decision 0078). */
export function fillTemplate(text: string, values: Readonly<Record<DataRequestPlaceholder, string>>) {
	return text.replace(PLACEHOLDER, (whole, name: string) =>
		(DATA_REQUEST_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as DataRequestPlaceholder] : whole,
	)
}

export const DEFAULT_DATA_REQUEST_MAIL: DataRequestMail = {
	acknowledged: {
		subject: 'We received your privacy request',
		body: [
			'Hello,',
			'',
			'{company} received your request ({requestType}) on {receivedOn}. We will answer by {answerDue}.',
			'To protect your information we verify who is asking before we answer; we may contact you to confirm some details.',
			'',
			'{company}',
		].join('\n'),
	},
	extended: {
		subject: 'Your privacy request: we need more time',
		body: [
			'Hello,',
			'',
			'We need more time to answer your request ({requestType}) received on {receivedOn}: {reason}.',
			'We will answer by {answerDue}.',
			'',
			'{company}',
		].join('\n'),
	},
	answered: {
		subject: 'Your privacy request has been answered',
		body: ['Hello,', '', 'We have answered your request ({requestType}) received on {receivedOn}.', '', '{details}', '', '{company}'].join(
			'\n',
		),
	},
}
