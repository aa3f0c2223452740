import { z } from 'zod'
import { singleLineText } from '#app/features/validation/safe-text.ts'
import { MANUAL_LOAN_TYPES } from './lead-form-options.ts'

/** docs/decisions/0036: the texts of assignment and first contact, shared by the action, the toasts and the tests. */
export const ASSIGNMENT_MESSAGES = {
	assigned: 'Lead assigned',
	unassigned: 'Lead returned to the unassigned pool',
	assignFailed: 'Failed to assign the lead',
	notAnOfficer: 'Choose an active loan officer',
	claimed: 'Lead claimed: it is yours now',
	/** docs/decisions/0043: said under the action's own message when working a lead took it. */
	takenByWork: 'It was unassigned, so it is yours now.',
	claimFailed: 'Failed to claim the lead',
	alreadyClaimed: 'Someone else has already claimed this lead',
	onlyOfficersClaim: 'Only loan officers can claim leads',
	contactLogged: 'Contact logged',
	/** docs/decisions/0104: an attempt that did not reach the borrower leaves the clock running, and says so. */
	attemptLogged: 'Attempt logged: the lead still counts as not contacted',
	attemptRecorded: 'Attempt recorded',
	attemptFailed: 'Failed to record the attempt',
	contactFailed: 'Failed to log the contact',
	notAllowed: 'Your role does not allow this',
	routingSaved: 'Routing saved',
} as const

export const CONTACT_CHANNELS = ['call', 'email'] as const
export type ContactChannel = (typeof CONTACT_CHANNELS)[number]
export const contactChannelLabel = (channel: unknown) => (channel === 'email' ? 'E-mail' : channel === 'text' ? 'Text' : 'Call')

/** docs/decisions/0104: how a call went, as the officer logs it. */
export const CALL_OUTCOMES = ['connected', 'voicemail', 'no_answer', 'wrong_number', 'not_interested'] as const
/** docs/decisions/0104: an e-mail sent reaches nobody until the borrower answers it. */
export const EMAIL_OUTCOMES = ['sent', 'replied'] as const
export type ContactOutcome = (typeof CALL_OUTCOMES)[number] | (typeof EMAIL_OUTCOMES)[number]
export const CONTACT_OUTCOME_LABELS: Readonly<Record<ContactOutcome, string>> = {
	connected: 'Connected',
	voicemail: 'Left voicemail',
	no_answer: 'No answer',
	wrong_number: 'Wrong number',
	not_interested: 'Not interested',
	sent: 'Sent, no reply yet',
	replied: 'Borrower replied',
}
export const outcomesOf = (channel: ContactChannel): readonly ContactOutcome[] => (channel === 'email' ? EMAIL_OUTCOMES : CALL_OUTCOMES)
export const contactOutcomeLabel = (outcome: unknown) =>
	typeof outcome === 'string' && outcome in CONTACT_OUTCOME_LABELS ? CONTACT_OUTCOME_LABELS[outcome as ContactOutcome] : null

/**
 * docs/decisions/0104: the outcomes that reached the borrower, the only ones that are the lead's first contact (stop the
 * time-to-first-contact clock, send lead.first_contact, end the escalation of an untouched lead). A wrong number
 * reached somebody else.
 */
const REACHED: ReadonlySet<ContactOutcome> = new Set(['connected', 'not_interested', 'replied'])
export const reachedBorrower = (outcome: ContactOutcome) => REACHED.has(outcome)

/** docs/decisions/0104: the tap-to-call, tap-to-text and tap-to-e-mail links record an attempt on each tap. */
export const ATTEMPT_CHANNELS = ['call', 'text', 'email'] as const
export type AttemptChannel = (typeof ATTEMPT_CHANNELS)[number]

const leadId = z.uuid('Unknown lead')

/** Manager or admin: give the lead to an officer, or back to the pool with an empty assignee. */
export const assignLeadSchema = z.object({
	leadId,
	assigneeId: singleLineText()
		.trim()
		.max(100)
		.transform((value) => value || null),
})
export type AssignLeadInput = z.output<typeof assignLeadSchema>

export const claimLeadSchema = z.object({ leadId })

export const CONTACT_OUTCOME_MESSAGES = {
	call: 'Choose how the call went',
	email: 'Choose how the e-mail went',
} as const

/**
 * "Log call" / "Log e-mail" on the lead details: how it went (docs/decisions/0104), with an optional line about it. The
 * form checks its fields with this same schema before it posts them.
 */
export const logContactSchema = z
	.object({
		leadId,
		channel: z.enum(CONTACT_CHANNELS, { message: 'Choose call or e-mail' }),
		outcome: singleLineText().optional(),
		summary: singleLineText()
			.trim()
			.max(500, 'The summary must be at most 500 characters')
			.optional()
			.transform((value) => value || null),
	})
	.superRefine((value, context) => {
		if (!(outcomesOf(value.channel) as readonly string[]).includes(value.outcome ?? ''))
			context.addIssue({ code: 'custom', path: ['outcome'], message: CONTACT_OUTCOME_MESSAGES[value.channel] })
	})
	.transform((value) => ({ ...value, outcome: value.outcome as ContactOutcome }))
export type LogContactInput = z.output<typeof logContactSchema>

/** docs/decisions/0104: a tap on Call, Text or E-mail: an attempt in the lead's history, never its first contact. */
export const contactAttemptSchema = z.object({
	leadId,
	channel: z.enum(ATTEMPT_CHANNELS, { message: 'Choose call, text or e-mail' }),
})
export type ContactAttemptInput = z.output<typeof contactAttemptSchema>

/** The "Assigned" filter of the leads screen (?assigned=me|unassigned). */
/** docs/decisions/0106: `all` names "Everyone" where it is not the default (an officer's list opens on `me`). */
export const ASSIGNED_FILTERS = ['me', 'unassigned', 'all'] as const
export type AssignedFilter = (typeof ASSIGNED_FILTERS)[number]

/** "12 min", "3 h 5 min", "2 d 4 h": how long it took, for speed-to-lead. */
export function formatDuration(ms: number) {
	const minutes = Math.max(0, Math.round(ms / 60_000))
	if (minutes < 60) return `${minutes} min`
	const hours = Math.floor(minutes / 60)
	if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
	const days = Math.floor(hours / 24)
	return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`
}

export const US_STATE_CODES = [
	'AL',
	'AK',
	'AZ',
	'AR',
	'CA',
	'CO',
	'CT',
	'DE',
	'DC',
	'FL',
	'GA',
	'HI',
	'ID',
	'IL',
	'IN',
	'IA',
	'KS',
	'KY',
	'LA',
	'ME',
	'MD',
	'MA',
	'MI',
	'MN',
	'MS',
	'MO',
	'MT',
	'NE',
	'NV',
	'NH',
	'NJ',
	'NM',
	'NY',
	'NC',
	'ND',
	'OH',
	'OK',
	'OR',
	'PA',
	'RI',
	'SC',
	'SD',
	'TN',
	'TX',
	'UT',
	'VT',
	'VA',
	'WA',
	'WV',
	'WI',
	'WY',
] as const

/** Lead routing screen: the settings form (automatic assignment, escalation minutes). */
export const routingSettingsSchema = z.object({
	autoAssign: z.boolean(),
	escalationMinutes: z.coerce
		.number({ message: 'Enter a number of minutes' })
		.int('Enter a whole number of minutes')
		.min(0, 'Enter 0 (off) or more minutes')
		.max(1440, 'Enter at most 1440 minutes (one day)'),
})
export type RoutingSettingsInput = z.output<typeof routingSettingsSchema>

/** Lead routing screen: one officer's row. States are two-letter codes separated by commas or spaces. */
export const officerRoutingSchema = z.object({
	userId: singleLineText().trim().min(1, 'Unknown officer').max(100),
	receivesLeads: z.boolean(),
	states: singleLineText()
		.max(400, 'Too many states')
		.transform((text) => [
			...new Set(
				text
					.toUpperCase()
					.split(/[\s,;]+/)
					.filter(Boolean),
			),
		])
		.pipe(z.array(z.enum(US_STATE_CODES, { message: 'Use two-letter state codes such as TX, FL' }))),
	loanTypes: z
		.array(
			z.enum(
				MANUAL_LOAN_TYPES.map((option) => option.value),
				{ message: 'Choose loan programs from the list' },
			),
		)
		.max(20),
})
export type OfficerRoutingInput = z.output<typeof officerRoutingSchema>
