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
	contactFailed: 'Failed to log the contact',
	notAllowed: 'Your role does not allow this',
	routingSaved: 'Routing saved',
} as const

export const CONTACT_CHANNELS = ['call', 'email'] as const
export type ContactChannel = (typeof CONTACT_CHANNELS)[number]
export const contactChannelLabel = (channel: unknown) => (channel === 'email' ? 'E-mail' : 'Call')

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

/** "Log call" / "Log e-mail" on the lead details, with an optional line about it. */
export const logContactSchema = z.object({
	leadId,
	channel: z.enum(CONTACT_CHANNELS, { message: 'Choose call or e-mail' }),
	summary: singleLineText()
		.trim()
		.max(500, 'The summary must be at most 500 characters')
		.optional()
		.transform((value) => value || null),
})
export type LogContactInput = z.output<typeof logContactSchema>

/** The "Assigned" filter of the leads screen (?assigned=me|unassigned). */
export const ASSIGNED_FILTERS = ['me', 'unassigned'] as const
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
