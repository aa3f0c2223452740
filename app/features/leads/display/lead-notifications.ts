import type { LoanFormData } from '#app/features/quote-wizard/form-data.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { REPEAT_INQUIRY_DAYS } from '../model/repeat-inquiry.ts'
import { formatDollarAnswer } from '#app/features/money/money.ts'
import { type Application, isAnswerOfProgram, leadAnswerSections, propertyTypeLabel, transactionTypeLabel } from '../model/lead-answers.ts'
import { formatPhone } from '#app/features/validation/form-fields.ts'
import { US_STATES } from '#app/features/places/us-address.ts'
import type { StaffMailDetail } from '#app/features/content/staff-settings.ts'
import { propertyStateOf } from '../model/property-state.ts'

type LeadSummary = {
	id: string
	firstName: string
	lastName: string
	email: string
	phone: string
	loanType: string | null
	propertyType: string | null
	transactionType: string | null
	propertyValue: string | null
	repeatOfLeadId: string | null
}

const line = (label: string, value: string | null | undefined) => `${label}: ${value && value !== '' ? value : 'Not provided'}`

/** The contact answers are the e-mail's own header lines. */
const CONTACT_ANSWERS = ['firstName', 'lastName', 'email', 'phone']

/** docs/decisions/0029: every answer, labelled, section by section; never the raw JSON. */
function answerLines(application: LoanFormData | Application, timeZone: string) {
	return leadAnswerSections(application as Application, { omit: CONTACT_ANSWERS, timeZone }).flatMap((section) => [
		'',
		section.title.toUpperCase(),
		...section.rows.map((row) => `${row.label}: ${row.value}`),
	])
}

const leadLink = (baseUrl: string, id: string) => `Open the lead in the dashboard: ${baseUrl}/dashboard/leads?lead=${id}`

/** The state a staff e-mail names: the property's, written out ("Florida"), from the lead's answers. */
export const stateForStaff = (answers: Partial<LoanFormData> | Application | null | undefined) => {
	const code = answers ? propertyStateOf(answers as Partial<LoanFormData>) : null
	return code ? (US_STATES[code] ?? code) : null
}

/** docs/decisions/0089: the borrower as a minimal staff e-mail names them: first name, program, state. */
export function minimalLeadLines(lead: { firstName: string; loanType: string | null }, state: string | null) {
	return [line('First name', lead.firstName), line('Program', lead.loanType), line('State', state)]
}

/** The last line of a minimal staff e-mail: where the rest is, and why it is not here. */
export const MINIMAL_MAIL_NOTE =
	"The borrower's e-mail, phone, property and answers are in the dashboard only (Settings: staff e-mail details)."

/** A subject's name of the borrower: the first name in a minimal e-mail, the whole name in a full one. */
export const staffMailName = (lead: { firstName: string; lastName: string }, detail: StaffMailDetail) =>
	detail === 'full' ? `${lead.firstName} ${lead.lastName}` : lead.firstName

/** docs/decisions/0089: a full staff e-mail answers to the borrower; a minimal one carries no address of theirs, Reply-To included. */
export const borrowerReplyTo = (email: string, detail: StaffMailDetail) => (detail === 'full' ? { replyTo: email } : {})

export const programSuffix = (lead: { loanType: string | null }) => (lead.loanType ? ` (${lead.loanType})` : '')

/** spec 1 §7 call 4 (notify-new-lead): the staff e-mail for a new short-form lead. */
export function newLeadEmail(
	lead: LeadSummary,
	formData: LoanFormData | Application,
	baseUrl: string,
	options: {
		/** The office's zone (Settings), in which every time of the e-mail is written (docs/decisions/0079). */
		timeZone: string
		intro?: string
		/**
		 * An officer's copy says that the person asked before, never which lead: the earlier one may be
		 * another officer's (docs/decisions/0049).
		 */
		forOfficer?: boolean
		/** docs/decisions/0089: the Settings' staff e-mail detail; minimal when not given. */
		detail?: StaffMailDetail
	},
) {
	const intro = options.intro ?? 'A visitor completed the short quote form.'
	const detail = options.detail ?? 'minimal'
	const repeatLine = lead.repeatOfLeadId
		? options.forOfficer
			? `Repeat inquiry: the same e-mail or phone asked for a quote in the last ${REPEAT_INQUIRY_DAYS} days`
			: `Repeat inquiry: matches lead ${lead.repeatOfLeadId} from the last ${REPEAT_INQUIRY_DAYS} days`
		: ''
	const subject = `New lead: ${staffMailName(lead, detail)}${programSuffix(lead)}${lead.repeatOfLeadId ? ' [repeat inquiry]' : ''}`
	if (detail === 'minimal')
		return {
			subject,
			lines: [
				intro,
				'',
				...minimalLeadLines(lead, stateForStaff(formData)),
				repeatLine,
				'',
				leadLink(baseUrl, lead.id),
				MINIMAL_MAIL_NOTE,
			].filter((text, index, all) => text !== '' || all[index - 1] !== ''),
		}
	return {
		subject,
		lines: [
			intro,
			'',
			line('Name', `${lead.firstName} ${lead.lastName}`),
			line('Email', lead.email),
			line('Phone', formatPhone(lead.phone)),
			line('Loan type', lead.loanType),
			line('Property type', propertyTypeLabel(lead.propertyType)),
			// docs/decisions/0054: fix & flip and construction are not asked a transaction type.
			...(isAnswerOfProgram('transactionType', formData.loanProgram)
				? [line('Transaction type', transactionTypeLabel(lead.transactionType))]
				: []),
			line('Property value', lead.propertyValue),
			repeatLine,
			'',
			leadLink(baseUrl, lead.id),
			...answerLines(formData, options.timeZone),
		].filter((text, index, all) => text !== '' || all[index - 1] !== ''),
	}
}

/** spec 1 §7 call 6 (notify-long-form): the staff e-mail when the long form is completed, with the whole stored application. */
export function longFormEmail(
	lead: LeadSummary,
	formData: LoanFormData & Application,
	baseUrl: string,
	timeZone: string,
	/** docs/decisions/0089: the Settings' staff e-mail detail. */
	detail: StaffMailDetail = 'minimal',
) {
	if (detail === 'minimal')
		return {
			subject: `Long form completed: ${lead.firstName}${programSuffix(lead)}`,
			lines: [
				`${lead.firstName} completed the long application.`,
				'',
				...minimalLeadLines(lead, stateForStaff(formData)),
				'',
				leadLink(baseUrl, lead.id),
				MINIMAL_MAIL_NOTE,
			],
		}
	// spec 1 §7: property value is the purchase price, else the estimated property value.
	const propertyValue =
		formatDollarAnswer(formData.purchasePrice ?? '') || formatDollarAnswer(formData.estimatedPropertyValue ?? '') || lead.propertyValue
	return {
		subject: `Long form completed: ${lead.firstName} ${lead.lastName}`,
		lines: [
			`${lead.firstName} ${lead.lastName} completed the long application.`,
			'',
			line('Email', lead.email),
			line('Phone', formatPhone(lead.phone)),
			line('Loan type', lead.loanType),
			line('Property value', propertyValue),
			'',
			leadLink(baseUrl, lead.id),
			...answerLines(formData, timeZone),
		],
	}
}

/**
 * docs/decisions/0079: the borrower pressed "Contact Me" on the thank-you screen; to the officer who owns the lead, or
 * to the routing fallback (the managers, else the settings' admin e-mail) when nobody does. The time is the office's.
 */
export function contactRequestEmail(
	lead: LeadSummary & { createdAt: Date },
	requestedAt: Date,
	options: { baseUrl: string; timeZone: string; forOwner: boolean; detail?: StaffMailDetail; answers?: Application | null },
) {
	const owner = options.forOwner ? 'The lead is yours.' : 'Nobody owns the lead yet: assign it or claim it.'
	if ((options.detail ?? 'minimal') === 'minimal')
		return {
			subject: `Call requested: ${lead.firstName}${programSuffix(lead)}`,
			lines: [
				`${lead.firstName} pressed "Contact Me" after sending the quote form and is waiting for a call.`,
				owner,
				'',
				...minimalLeadLines(lead, stateForStaff(options.answers)),
				line('Quote requested', formatInTimeZone(lead.createdAt, options.timeZone)),
				line('Contact requested', formatInTimeZone(requestedAt, options.timeZone)),
				'',
				leadLink(options.baseUrl, lead.id),
				MINIMAL_MAIL_NOTE,
			],
		}
	return {
		subject: `Call requested: ${lead.firstName} ${lead.lastName}${lead.loanType ? ` (${lead.loanType})` : ''}`,
		lines: [
			`${lead.firstName} ${lead.lastName} pressed "Contact Me" after sending the quote form and is waiting for a call.`,
			owner,
			'',
			line('Name', `${lead.firstName} ${lead.lastName}`),
			line('Phone', formatPhone(lead.phone)),
			line('Email', lead.email),
			line('Loan type', lead.loanType),
			line('Property value', lead.propertyValue),
			line('Quote requested', formatInTimeZone(lead.createdAt, options.timeZone)),
			line('Contact requested', formatInTimeZone(requestedAt, options.timeZone)),
			'',
			leadLink(options.baseUrl, lead.id),
		],
	}
}
