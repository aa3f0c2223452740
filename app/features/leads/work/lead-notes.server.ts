import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { leadNotes, leads } from '#db/schema.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import type { Transaction } from '#app/features/http/idempotency.server.ts'
import { enqueueLeadEvent } from '#app/features/webhooks/webhooks.server.ts'
import { type LeadNoteEditInput, type LeadNoteInput, withinEditWindow } from '../model/lead-notes.ts'
import { recordLeadActivity } from './lead-activity.server.ts'
import { leadInScope, leadScope } from './lead-access.server.ts'
import { type LeadWork, type WebhookOptions, takeIfUnassigned } from './assign-lead.server.ts'

/** docs/decisions/0107: one note as the timeline shows it; `authorName` null is the earlier shared notes. */
export type LeadNoteView = {
	id: string
	authorId: string | null
	authorName: string | null
	body: string
	createdAt: Date
	editedAt: Date | null
	/** How many times it was corrected (the earlier texts stay in the row, for the borrower's export). */
	revisionCount: number
}

/**
 * docs/decisions/0107: a staff member who may work the lead adds a note; nothing earlier is touched. An officer takes
 * an unassigned lead they write on (docs/decisions/0043). Null when the lead is out of reach or gone.
 */
export async function addLeadNote(
	db: Database,
	actor: StaffUser,
	{ leadId, body }: LeadNoteInput,
	options: WebhookOptions = {},
): Promise<(LeadWork & { noteId: string; createdAt: Date }) | null> {
	return db.transaction(async (tx) => {
		const [lead] = await tx.select({ assignedTo: leads.assignedTo }).from(leads).where(leadInScope(actor, leadId)).for('update')
		if (!lead) return null
		const [note] = await tx
			.insert(leadNotes)
			.values({ leadId, authorId: actor.id, authorName: actor.name, body })
			.returning({ id: leadNotes.id, createdAt: leadNotes.createdAt })
		const taken = await takeIfUnassigned(tx, actor, leadId, lead.assignedTo, options)
		await recordLeadActivity(tx, actor, [{ leadId, action: 'note_added', detail: { noteId: note!.id, length: body.length } }])
		await enqueueLeadEvent(
			tx,
			'lead.note_added',
			leadId,
			{ note: { text: body, savedAt: note!.createdAt.toISOString(), by: actor.name } },
			options,
		)
		return { noteId: note!.id, createdAt: note!.createdAt, taken }
	})
}

export type EditNoteOutcome = 'edited' | 'missing' | 'not-author' | 'window-passed'

/**
 * docs/decisions/0107: only its author corrects a note, and only within NOTE_EDIT_WINDOW_MINUTES of writing it; the
 * text it replaces is kept in the row's revisions. A note on a lead out of the actor's reach answers 'missing', as one
 * that does not exist (docs/decisions/0049).
 */
export async function editLeadNote(
	db: Database,
	actor: StaffUser,
	{ noteId, body }: LeadNoteEditInput,
	now = new Date(),
): Promise<EditNoteOutcome> {
	return db.transaction(async (tx) => {
		const [note] = await tx
			.select({
				id: leadNotes.id,
				leadId: leadNotes.leadId,
				authorId: leadNotes.authorId,
				body: leadNotes.body,
				createdAt: leadNotes.createdAt,
			})
			.from(leadNotes)
			.innerJoin(leads, eq(leads.id, leadNotes.leadId))
			.where(and(eq(leadNotes.id, noteId), leadScope(actor)))
			.for('update', { of: leadNotes })
		if (!note) return 'missing'
		if (note.authorId !== actor.id) return 'not-author'
		if (!withinEditWindow(note.createdAt, now)) return 'window-passed'
		if (note.body === body) return 'edited'
		const revision = JSON.stringify([{ body: note.body, replacedAt: now.toISOString() }])
		await tx
			.update(leadNotes)
			.set({ body, editedAt: now, revisions: sql`${leadNotes.revisions} || ${revision}::jsonb` })
			.where(eq(leadNotes.id, noteId))
		await recordLeadActivity(tx, actor, [
			{ leadId: note.leadId, action: 'note_edited', detail: { noteId, fromLength: note.body.length, length: body.length } },
		])
		return 'edited'
	})
}

/** A lead's notes, newest first. */
export async function notesOfLead(db: Database | Transaction, leadId: string): Promise<LeadNoteView[]> {
	return db
		.select({
			id: leadNotes.id,
			authorId: leadNotes.authorId,
			authorName: leadNotes.authorName,
			body: leadNotes.body,
			createdAt: leadNotes.createdAt,
			editedAt: leadNotes.editedAt,
			revisionCount: sql<number>`jsonb_array_length(${leadNotes.revisions})`.mapWith(Number),
		})
		.from(leadNotes)
		.where(eq(leadNotes.leadId, leadId))
		.orderBy(desc(leadNotes.createdAt), desc(leadNotes.id))
}
