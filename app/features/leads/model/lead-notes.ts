import { z } from 'zod'
import { safeText } from '#app/features/validation/safe-text.ts'

/** docs/decisions/0107: one note is at most this long (the webhook's note text was cut at the same length). */
export const NOTE_MAX_LENGTH = 4000
/** docs/decisions/0107: how long after writing it a note's author may still correct it; after that, a new note. */
export const NOTE_EDIT_WINDOW_MINUTES = 10
export const NOTE_EDIT_WINDOW_MS = NOTE_EDIT_WINDOW_MINUTES * 60_000

/** The texts of notes, shared by the form, the action, the toasts and the tests. */
export const NOTE_MESSAGES = {
	empty: 'Write the note first',
	tooLong: `A note must be at most ${NOTE_MAX_LENGTH} characters`,
	edited: 'Note corrected',
	noSuchNote: 'No such note',
	notAuthor: 'Only the note’s author can correct it; add a note of your own instead',
	windowPassed: `A note can be corrected only within ${NOTE_EDIT_WINDOW_MINUTES} minutes of writing it; add a new note instead`,
	/** docs/decisions/0107: the notes that were in the one shared box before each note had its own row. */
	earlierNotes: 'Earlier notes',
} as const

/** May this note still be corrected by its author at `now`? The form hides Edit after it; the server refuses. */
export const withinEditWindow = (createdAt: Date, now: Date) => now.getTime() - createdAt.getTime() <= NOTE_EDIT_WINDOW_MS

// One string schema, trimmed before its length is checked (a pipe into a second, plain string would be a field that
// takes invisible characters: docs/decisions/0077).
const body = safeText().trim().min(1, NOTE_MESSAGES.empty).max(NOTE_MAX_LENGTH, NOTE_MESSAGES.tooLong)

/** docs/decisions/0107: a new note on a lead, as the form sends it and the action checks it again. */
export const leadNoteSchema = z.object({ leadId: z.uuid('Unknown lead'), body })
export type LeadNoteInput = z.output<typeof leadNoteSchema>

/** A correction of one's own note within the window. */
export const leadNoteEditSchema = z.object({ noteId: z.uuid(NOTE_MESSAGES.noSuchNote), body })
export type LeadNoteEditInput = z.output<typeof leadNoteEditSchema>
