import { and, desc, eq, getTableColumns, ne } from 'drizzle-orm'
import { leadInScope } from './lead-access.server.ts'
import type { Database } from '#db/client.ts'
import { leadConsents, leads, users } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { type LeadActivityEntry, leadActivityLog } from './lead-activity.server.ts'
import { type LeadQuoteSnapshot, leadQuoteSnapshots } from '../terms/lead-terms.server.ts'
import { termsSummary } from '#app/features/pricing/borrower-terms.ts'
import { type LeadTaskView, tasksOfLead } from './lead-tasks.server.ts'
import { type LeadNoteView, notesOfLead } from './lead-notes.server.ts'
import { type LeadMailView, type LeadWebhookEvent, mailsOfLead, webhookEventsOfLead } from './lead-timeline.server.ts'
import type { LeadFundingView } from '../model/lead-funding.ts'
import { fundingOfLead } from './lead-funding.server.ts'

/** What the staff read of a lead's quotes: the chosen terms (latest), else the latest shown, and how many were shown. */
export type LeadTerms = {
	shownCount: number
	chosen: (LeadQuoteSnapshot & { summary: string }) | null
	lastShown: (LeadQuoteSnapshot & { summary: string }) | null
	/** docs/decisions/0112: every choice the borrower made themselves, oldest first (staff attachments are in the history). */
	borrowerChoices?: Array<{ id: number; createdAt: Date; summary: string }>
}

export function leadTermsOf(snapshots: LeadQuoteSnapshot[]): LeadTerms {
	const withSummary = (snapshot: LeadQuoteSnapshot | undefined) =>
		snapshot ? { ...snapshot, summary: termsSummary(snapshot.request, snapshot.response) } : null
	const shown = snapshots.filter((snapshot) => snapshot.event === 'presented')
	return {
		shownCount: shown.length,
		chosen: withSummary(snapshots.filter((snapshot) => snapshot.event === 'chosen').at(-1)),
		lastShown: withSummary(shown.at(-1)),
		borrowerChoices: snapshots
			.filter((snapshot) => snapshot.event === 'chosen' && snapshot.chosenById === null)
			.map((snapshot) => ({ id: snapshot.id, createdAt: snapshot.createdAt, summary: termsSummary(snapshot.request, snapshot.response) })),
	}
}

// The earlier lead's id is not a detail either: who may follow it is decided below (docs/decisions/0049).
const {
	completionTokenHash: _secret,
	emailNormalized: _email,
	phoneNormalized: _phone,
	repeatOfLeadId: _repeatOf,
	...detailColumns
} = getTableColumns(leads)
const { repeatOfLeadId } = getTableColumns(leads)

export type LeadConsentRecord = {
	consentVersion: string
	consentedAt: Date
	ipAddress: string
	/** docs/decisions/0077: the connection's own address (null in records from before it was kept). */
	socketIpAddress: string | null
	userAgent: string | null
	pageUrl: string
	consentText: string
	/** docs/decisions/0109: 'web' or 'verbal-phone', and who took a verbal consent. */
	method?: string
	takenByName?: string | null
}

/**
 * The earlier lead this one repeats (spec 1: same e-mail or phone within 90 days). docs/decisions/0049: a viewer who may
 * not see the earlier lead (an officer, when it is another officer's) learns that there is one, never whose or which.
 */
export type RepeatOf = { visible: true; id: string; firstName: string; lastName: string; createdAt: Date } | { visible: false }

export type LeadDetails = Omit<
	typeof leads.$inferSelect,
	'completionTokenHash' | 'emailNormalized' | 'phoneNormalized' | 'repeatOfLeadId'
> & {
	consent: LeadConsentRecord | null
	/** docs/decisions/0066: the business-purpose (or owner-occupant) statement made before terms were shown. */
	purpose: (LeadConsentRecord & { kind: string }) | null
	terms: LeadTerms
	repeatOf: RepeatOf | null
	activity: LeadActivityEntry[]
	/** docs/decisions/0035: the officer who works the lead. */
	assignee: { id: string; name: string; email: string } | null
	/** docs/decisions/0105: the open follow-up tasks by due time (the first is the Next task), then the last ones done. */
	tasks: LeadTaskView[]
	/** docs/decisions/0107: the lead's notes, newest first (they belong to the lead, whoever works it). */
	notes: LeadNoteView[]
	/** docs/decisions/0107: the webhook events sent about the lead, for its timeline. */
	webhookEvents: LeadWebhookEvent[]
	/** docs/decisions/0113: the e-mails and texts sent about the lead, for its timeline. */
	mails: LeadMailView[]
	/** docs/decisions/0123: the loan the lead funded, once recorded. */
	funding: LeadFundingView | null
}

/**
 * spec 2 §2 Lead details dialog, with the wizard's consent, repeat and attribution facts and the activity log.
 * `whenFound` runs once the lead is found in the actor's reach, beside the reads of its details (docs/decisions/0087:
 * the leads screen writes the "lead opened" entry there, so logging the read adds one insert's time only where it
 * outlasts those reads); the details are returned once it has finished, and its failure is theirs.
 */
export async function getLeadDetails(
	db: Database,
	actor: StaffUser,
	leadId: string,
	whenFound?: () => Promise<unknown>,
): Promise<LeadDetails | null> {
	// docs/decisions/0034: a lead the actor may not see answers as missing.
	const [row] = await db
		.select({ ...detailColumns, repeatOfLeadId })
		.from(leads)
		.where(leadInScope(actor, leadId))
	if (!row) return null
	const { repeatOfLeadId: earlierId, ...lead } = row
	const [consents, purposes, quotes, repeatOf, activity, assignee, tasks, notes, webhookEvents, mails, funding] = await Promise.all([
		db
			.select({
				consentVersion: leadConsents.consentVersion,
				consentedAt: leadConsents.consentedAt,
				ipAddress: leadConsents.ipAddress,
				socketIpAddress: leadConsents.socketIpAddress,
				userAgent: leadConsents.userAgent,
				pageUrl: leadConsents.pageUrl,
				consentText: leadConsents.consentText,
				method: leadConsents.method,
				takenByName: leadConsents.takenByName,
			})
			.from(leadConsents)
			.where(and(eq(leadConsents.leadId, leadId), eq(leadConsents.kind, 'contact')))
			.orderBy(desc(leadConsents.consentedAt))
			.limit(1),
		db
			.select({
				kind: leadConsents.kind,
				consentVersion: leadConsents.consentVersion,
				consentedAt: leadConsents.consentedAt,
				ipAddress: leadConsents.ipAddress,
				socketIpAddress: leadConsents.socketIpAddress,
				userAgent: leadConsents.userAgent,
				pageUrl: leadConsents.pageUrl,
				consentText: leadConsents.consentText,
			})
			.from(leadConsents)
			.where(and(eq(leadConsents.leadId, leadId), ne(leadConsents.kind, 'contact')))
			.orderBy(desc(leadConsents.consentedAt), desc(leadConsents.id))
			.limit(1),
		leadQuoteSnapshots(db, leadId),
		earlierId
			? db
					.select({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName, createdAt: leads.createdAt })
					.from(leads)
					.where(leadInScope(actor, earlierId))
			: Promise.resolve([]),
		leadActivityLog(db, leadId),
		lead.assignedTo
			? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, lead.assignedTo))
			: Promise.resolve([]),
		tasksOfLead(db, actor, leadId),
		notesOfLead(db, leadId),
		webhookEventsOfLead(db, leadId),
		mailsOfLead(db, leadId),
		fundingOfLead(db, leadId),
		whenFound?.(),
	])
	const earlier = repeatOf[0]
	return {
		...lead,
		consent: consents[0] ?? null,
		purpose: purposes[0] ?? null,
		terms: leadTermsOf(quotes),
		repeatOf: earlier ? { visible: true as const, ...earlier } : earlierId ? { visible: false as const } : null,
		activity,
		assignee: assignee[0] ?? null,
		tasks,
		notes,
		webhookEvents,
		mails,
		funding,
	}
}
