import { leadAnswerSections, propertyTypeLabel, transactionTypeLabel } from '#app/features/leads/model/lead-answers.ts'
import { formStatusLabel, leadStatusLabel } from '#app/features/leads/model/lead-statuses.ts'
import { parseDollars } from '#app/features/money/money.ts'
import { parseApplication } from '#app/features/leads/model/lead-application.ts'
import type { WebhookEventType } from './webhook-schema.ts'

/** docs/decisions/0068: a webhook body stays under this size; long free text is cut to fit. */
export const PAYLOAD_MAX_BYTES = 20 * 1024

export type WebhookBody = { type: WebhookEventType | 'webhook.test'; timestamp: string; data: Record<string, unknown> }

/** The lead's columns a payload is built from (a row of `leads` has them all). */
export type LeadForPayload = {
	id: string
	createdAt: Date
	firstName: string
	lastName: string
	email: string
	phone: string
	status: string
	loanType: string | null
	propertyType: string | null
	transactionType: string | null
	propertyValue: string | null
	sourcePage: string | null
	message: string | null
	formCompletionStatus: string | null
	shortFormCompletedAt: Date | null
	longFormCompletedAt: Date | null
	firstContactedAt: Date | null
	/** docs/decisions/0079: when the borrower pressed Contact Me (absent on a lead built before it was written). */
	contactRequestedAt?: Date | null
	repeatOfLeadId: string | null
	attribution: unknown
	assignedAt: Date | null
}

export type ConsentForPayload = {
	consentText: string
	consentVersion: string
	consentHash: string
	consentedAt: Date | string
	ipAddress: string
	userAgent: string | null
	pageUrl: string
}

export type OwnerForPayload = { id: string; name: string; email: string } | null

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * An answer as a payload carries it; one whose value was cut says so, so a receiver never takes a part for the whole.
 * `code`: the answer as stored (a choice's code, a number), beside its words, when the two differ (docs/decisions/0079).
 */
type PayloadAnswer = { section: string; key: string; label: string; value: string; code?: string | number | boolean; truncated?: true }
/** The stored answer beside its words, when it is short and says something else than the words do. */
function answerCode(stored: unknown, value: string): { code?: string | number | boolean } {
	if (typeof stored === 'number' || typeof stored === 'boolean') return { code: stored }
	if (typeof stored === 'string' && stored.trim() !== value && stored.length <= ANSWER_CODE_MAX_CHARS) return { code: stored }
	return {}
}
const ANSWER_CODE_MAX_CHARS = 100
function answerWithin(answer: PayloadAnswer, max: number): PayloadAnswer {
	if (answer.value.length <= max) return answer
	return { ...answer, value: clip(answer.value, max), truncated: true }
}
/** An answer longer than this is cut in every payload (the dashboard's link shows it whole). */
export const ANSWER_MAX_CHARS = 1000

/**
 * The lead as every lead event carries it: contact details, its answers with their labels (docs/decisions/0029's one
 * reading), the consent evidence, first and last touch, status, owner and the link to it in the dashboard.
 */
export function leadData(lead: LeadForPayload, consent: ConsentForPayload | null, owner: OwnerForPayload, baseUrl: string) {
	const application = parseApplication(lead.message)
	const answers = application
		? leadAnswerSections(application).flatMap((section) =>
				section.rows.map((row) =>
					answerWithin(
						{
							section: section.title,
							key: row.key,
							label: row.label,
							value: row.value,
							...answerCode((application as Record<string, unknown>)[row.key], row.value),
						},
						ANSWER_MAX_CHARS,
					),
				),
			)
		: []
	const attribution = (lead.attribution ?? {}) as { firstTouch?: unknown; lastTouch?: unknown }
	return {
		id: lead.id,
		url: `${baseUrl}/dashboard/leads?lead=${lead.id}`,
		createdAt: iso(lead.createdAt),
		// docs/decisions/0079: a code and its label side by side; an amount as a number beside its text.
		status: lead.status,
		statusLabel: leadStatusLabel(lead.status),
		formCompletion: lead.formCompletionStatus,
		formCompletionLabel: formStatusLabel(lead.formCompletionStatus),
		shortFormCompletedAt: iso(lead.shortFormCompletedAt),
		longFormCompletedAt: iso(lead.longFormCompletedAt),
		firstContactedAt: iso(lead.firstContactedAt),
		contactRequestedAt: iso(lead.contactRequestedAt ?? null),
		repeatOfLeadId: lead.repeatOfLeadId,
		contact: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email, phone: lead.phone },
		loan: {
			loanType: lead.loanType,
			propertyType: lead.propertyType,
			propertyTypeLabel: propertyTypeLabel(lead.propertyType),
			transactionType: lead.transactionType,
			transactionTypeLabel: transactionTypeLabel(lead.transactionType),
			propertyValue: lead.propertyValue,
			propertyValueAmount: lead.propertyValue === null ? null : parseDollars(lead.propertyValue),
		},
		sourcePage: lead.sourcePage,
		// A manual lead's message is staff's free notes, not answers.
		notes: application ? null : lead.message === null ? null : clip(lead.message, 2000),
		answers,
		consent: consent
			? {
					text: consent.consentText,
					version: consent.consentVersion,
					hash: consent.consentHash,
					at: iso(consent.consentedAt),
					ipAddress: consent.ipAddress,
					userAgent: consent.userAgent,
					pageUrl: consent.pageUrl,
				}
			: null,
		attribution: { firstTouch: attribution.firstTouch ?? null, lastTouch: attribution.lastTouch ?? null },
		owner: owner ? { id: owner.id, name: owner.name, email: owner.email, assignedAt: iso(lead.assignedAt) } : null,
	}
}
export type LeadData = ReturnType<typeof leadData>

/**
 * The body of an event: {type, timestamp, data}. Over PAYLOAD_MAX_BYTES the answers' values and the notes are cut
 * shorter, and then the answers left out (the link still leads to them), marked with `truncated: true`.
 */
export function webhookBody(type: WebhookBody['type'], data: Record<string, unknown>, at = new Date()): WebhookBody {
	const body: WebhookBody = { type, timestamp: at.toISOString(), data }
	if (Buffer.byteLength(JSON.stringify(body)) <= PAYLOAD_MAX_BYTES) return body
	const lead = data.lead as LeadData | undefined
	if (!lead) return body
	for (const max of [200, 0]) {
		const answers = max === 0 ? [] : lead.answers.map((answer) => answerWithin(answer, max))
		const notes = lead.notes === null ? null : clip(lead.notes, max === 0 ? 200 : 500)
		const smaller: WebhookBody = { ...body, data: { ...data, lead: { ...lead, answers, notes }, truncated: true } }
		if (Buffer.byteLength(JSON.stringify(smaller)) <= PAYLOAD_MAX_BYTES || max === 0) return smaller
	}
	return body
}
