import { desc, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadActivity } from '#db/schema.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import type { ActivityAction } from '#app/features/activity/activity-entry.ts'
import { type ActingStaff, type ActivityRecord, actorOfStaff, appendActivity } from '#app/features/activity/activity-log.server.ts'

export type LeadActivityAction = (typeof leadActivity.$inferInsert)['action']

type LeadActivityInput = { leadId: string | null; action: LeadActivityAction; detail?: Record<string, unknown> }

/** docs/decisions/0123: a funded loan's figures as a history entry holds them. */
function fundedLoanOf(value: unknown) {
	const loan = (value ?? {}) as Record<string, unknown>
	return {
		amount: Number(loan.amount ?? 0),
		rate: Number(loan.rate ?? 0),
		points: Number(loan.points ?? 0),
		fundedOn: typeof loan.fundedOn === 'string' ? loan.fundedOn : '',
	}
}

/** docs/decisions/0087: the activity log's entry for a lead's history entry (the log keeps ids and old → new, no contact data). */
function activityOf({ action, detail = {} }: LeadActivityInput): ActivityAction | null {
	const text = (key: string) => (typeof detail[key] === 'string' ? (detail[key] as string) : null)
	switch (action) {
		case 'created':
			return { type: 'lead.created', details: { status: text('status') ?? 'new', sourcePage: text('sourcePage') } }
		case 'status_changed':
			return { type: 'lead.status_changed', details: { from: text('from') ?? '', to: text('to') ?? '' } }
		case 'note_saved':
			return { type: 'lead.note_saved', details: { length: Number(detail.length ?? 0) } }
		case 'note_added':
			return { type: 'lead.note_added', details: { note: text('noteId') ?? '', length: Number(detail.length ?? 0) } }
		case 'note_edited':
			return {
				type: 'lead.note_edited',
				details: { note: text('noteId') ?? '', fromLength: Number(detail.fromLength ?? 0), length: Number(detail.length ?? 0) },
			}
		case 'assigned': {
			const by = text('by')
			return {
				type: 'lead.assigned',
				details: { from: text('fromId'), to: text('toId'), by: by === 'claim' || by === 'work' || by === 'routing' ? by : 'manager' },
			}
		}
		case 'contact_logged':
			return { type: 'lead.contact_logged', details: { channel: text('channel') ?? '', outcome: text('outcome') } }
		case 'contact_started':
			return { type: 'lead.contact_started', details: { channel: text('channel') ?? '' } }
		case 'task_added':
			return {
				type: 'lead.task_added',
				details: { task: text('taskId') ?? '', kind: text('kind') ?? '', dueAt: text('dueAt') ?? '', assignee: text('assigneeId') },
			}
		case 'task_completed':
		case 'task_reopened':
		case 'task_deleted':
			return { type: `lead.${action}`, details: { task: text('taskId') ?? '', kind: text('kind') ?? '' } }
		case 'terms_attached':
			return { type: 'lead.terms_attached', details: { quote: text('quoteId') ?? '', sheetVersion: Number(detail.sheetVersion ?? 0) } }
		case 'funding_recorded':
			return {
				type: 'lead.funding_recorded',
				details: { ...fundedLoanOf(detail), previous: detail.previous ? fundedLoanOf(detail.previous) : null },
			}
		case 'funding_removed':
			return { type: 'lead.funding_removed', details: { previous: fundedLoanOf(detail.previous) } }
		case 'deleted':
			return { type: 'lead.deleted', details: {} }
		default:
			// An export is logged once with its filters (exportLeadsCsv); escalations and contact requests are not staff acts.
			return null
	}
}

/** Beyond the spec: records who did what to which lead, in the caller's transaction, and the same in the activity log. */
export async function recordLeadActivity(tx: Transaction | Database, actor: ActingStaff, entries: ReadonlyArray<LeadActivityInput>) {
	if (entries.length === 0) return
	await tx.insert(leadActivity).values(
		entries.map((entry) => ({
			leadId: entry.leadId,
			action: entry.action,
			detail: entry.detail ?? null,
			actorId: actor.id,
			actorEmail: actor.email,
		})),
	)
	const records = entries.flatMap((entry): ActivityRecord[] => {
		const action = activityOf(entry)
		return action ? [{ action, subject: { kind: 'lead', id: entry.leadId } }] : []
	})
	await appendActivity(tx, actorOfStaff(actor), records)
}

export type LeadActivityEntry = {
	id: number
	action: LeadActivityAction
	detail: unknown
	actorEmail: string | null
	createdAt: Date
}

/** A lead's history, newest first (kept after the lead is deleted). */
export async function leadActivityLog(db: Database | Transaction, leadId: string): Promise<LeadActivityEntry[]> {
	return db
		.select({
			id: leadActivity.id,
			action: leadActivity.action,
			detail: leadActivity.detail,
			actorEmail: leadActivity.actorEmail,
			createdAt: leadActivity.createdAt,
		})
		.from(leadActivity)
		.where(eq(leadActivity.leadId, leadId))
		.orderBy(desc(leadActivity.createdAt), desc(leadActivity.id))
}
