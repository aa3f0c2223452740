import { z } from 'zod'
import { UUID_PATTERN } from '#app/features/http/uuid.ts'
import { emailField, phoneField } from '#app/features/validation/form-fields.ts'
import { safeText, singleLineText } from '#app/features/validation/safe-text.ts'
import { isDay } from './request-clock.ts'

/** docs/decisions/0091: the kinds of borrower request (CCPA/CPRA: know, delete, correct). */
export const REQUEST_TYPES = ['know', 'delete', 'correct'] as const
export type RequestType = (typeof REQUEST_TYPES)[number]
export const REQUEST_TYPE_LABELS: Readonly<Record<RequestType, string>> = {
	know: 'Know (what is held)',
	delete: 'Delete',
	correct: 'Correct',
}

export const REQUEST_CHANNELS = ['email', 'phone', 'web', 'mail', 'in_person'] as const
export type RequestChannel = (typeof REQUEST_CHANNELS)[number]
export const CHANNEL_LABELS: Readonly<Record<RequestChannel, string>> = {
	email: 'E-mail',
	phone: 'Phone',
	web: 'Web form',
	mail: 'Post',
	in_person: 'In person',
}

/** The data points a requester's answers can be matched against (11 CCR 7062: people without an account). */
export const DATA_POINTS = ['name', 'email', 'phone', 'property_address', 'loan_program', 'property_value', 'date_of_inquiry'] as const
export type DataPoint = (typeof DATA_POINTS)[number]
export const DATA_POINT_LABELS: Readonly<Record<DataPoint, string>> = {
	name: 'Full name',
	email: 'E-mail address',
	phone: 'Phone number',
	property_address: 'Property address',
	loan_program: 'Loan program asked about',
	property_value: 'Property value or purchase price',
	date_of_inquiry: 'When they asked for a quote',
}

/**
 * 11 CCR 7062: 2 matching data points verify a request for the categories held (and a deletion); 3 plus a signed
 * declaration under penalty of perjury verify one for the specific pieces (the export).
 */
export type VerificationLevel = 'unverified' | 'categories' | 'specific'
export function verificationLevel(points: readonly string[], declaration: boolean): VerificationLevel {
	const matched = new Set(points).size
	if (matched >= 3 && declaration) return 'specific'
	if (matched >= 2) return 'categories'
	return 'unverified'
}
export const VERIFICATION_LABELS: Readonly<Record<VerificationLevel, string>> = {
	unverified: 'Not verified',
	categories: 'Verified for categories and deletion (2 data points)',
	specific: 'Verified for specific pieces (3 data points and a signed declaration)',
}

export const DATA_REQUEST_MESSAGES = {
	recorded: 'Request recorded: the clock runs from the day it was received',
	verified: 'Verification saved',
	acknowledged: 'Receipt confirmed',
	extended: 'Answer deadline extended by 45 days',
	erased: 'Personal data erased',
	closed: 'Request closed',
	templatesSaved: 'Requester e-mails saved',
	contactNeeded: 'Enter the requester’s e-mail address or phone number (or both)',
	receivedInFuture: 'The day received cannot be after today',
	noSuchRequest: 'That data request does not exist',
	closedAlready: 'This request is closed',
	extendedAlready: 'The answer deadline can be extended once only, and it was',
	acknowledgedAlready: 'Receipt was already confirmed',
	notDelete: 'Only a delete request erases personal data',
	erasedAlready: 'This request’s personal data was already erased',
	needsCategories: 'Verify the requester first: at least 2 data points must match',
	needsSpecific: 'Specific pieces of personal data are exported only to a requester verified by 3 data points and a signed declaration',
} as const

const dayField = singleLineText().trim().refine(isDay, 'Enter the day the request was received (YYYY-MM-DD)')

/** Recording a request: the form and the server share it. */
export const recordRequestSchema = z
	.object({
		type: z.enum(REQUEST_TYPES, { message: 'Choose what the requester asks for' }),
		receivedOn: dayField,
		channel: z.enum(REQUEST_CHANNELS, { message: 'Choose how the request came' }),
		// Optional, else the e-mail rule of every form (its messages, not a union's "Invalid input").
		email: z
			.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), emailField().optional())
			.transform((value) => value ?? ''),
		phone: phoneField({ optional: true }),
		notes: safeText().trim().max(2000, 'Notes are at most 2,000 characters').default(''),
	})
	// Said with the other fields' problems, not after them: whenever the e-mail and phone themselves are valid.
	.refine((request) => request.email !== '' || request.phone !== '', {
		path: ['email'],
		message: DATA_REQUEST_MESSAGES.contactNeeded,
		when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'email' && issue.path?.[0] !== 'phone'),
	})
export type RecordRequestInput = z.infer<typeof recordRequestSchema>

const requestId = z.string().regex(UUID_PATTERN, 'Choose a data request')

export const verifyRequestSchema = z.object({
	id: requestId,
	points: z.array(z.enum(DATA_POINTS, { message: 'Choose data points from the list' })).max(DATA_POINTS.length),
	declaration: z.boolean(),
})

const reasonField = (what: string) =>
	singleLineText().trim().min(10, `Say why ${what} (at least 10 characters)`).max(300, 'The reason is at most 300 characters')

export const extendRequestSchema = z.object({ id: requestId, reason: reasonField('more time is needed') })
export const eraseRequestSchema = z.object({ id: requestId, reason: reasonField('the data is erased') })
export const closeRequestSchema = z.object({
	id: requestId,
	outcome: z.enum(['answered', 'denied'], { message: 'Choose how the request ends' }),
	/** What the requester is told beyond the template (the answer, or why it was denied). */
	reply: safeText().trim().max(4000, 'The reply is at most 4,000 characters').default(''),
})
export const requestIdSchema = z.object({ id: requestId })
export const exportRequestSchema = z.object({ id: requestId, format: z.enum(['json', 'html'], { message: 'Choose JSON or HTML' }) })
