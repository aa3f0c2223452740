import { singleLineText } from '#app/features/validation/safe-text.ts'

/** The longest change note a version keeps. */
export const VERSION_NOTE_MAX_LENGTH = 500

export const versionNoteMessages = {
	missing: 'Write a change note: what changes and why',
	tooLong: `Keep the change note to ${VERSION_NOTE_MAX_LENGTH} characters`,
} as const

/**
 * docs/decisions/0073: the note saved with a version, one line of text as the content schemas' other single-line
 * fields. Optional for a record in general; an editor that asks for one (the rate sheet's Publish) uses this rule.
 */
export const versionNoteSchema = singleLineText()
	.trim()
	.min(1, versionNoteMessages.missing)
	.max(VERSION_NOTE_MAX_LENGTH, versionNoteMessages.tooLong)
