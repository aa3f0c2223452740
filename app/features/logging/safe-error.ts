/** An error as the logs may hold it: what failed and where, never the values involved. */
export type LoggedError = {
	name: string
	message: string
	/** SQLSTATE of a database error, or a library's own error code. */
	code?: string
	constraint?: string
	table?: string
	column?: string
	/** Stack frames only: the stack's first line repeats the message. */
	stack?: string
	/** The error's `cause`, under another name: pino's err serializer would otherwise fold its message into ours. */
	causedBy?: LoggedError
}

const MAX_MESSAGE_LENGTH = 300
const MAX_STACK_FRAMES = 8
const MAX_CAUSE_DEPTH = 3

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[a-z]{2,}/gi
// Seven digits or more (phones, card or account numbers), with the separators people type.
const LONG_NUMBER = /\+?\d[\d\s().-]{5,}\d/g

const fieldOf = (error: object, key: string) => {
	const value = (error as Record<string, unknown>)[key]
	return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined
}

/** A database error carries a five-character SQLSTATE (pg and PGlite alike). */
const isDatabaseError = (error: object) => /^[0-9A-Z]{5}$/.test(fieldOf(error, 'code') ?? '')

/**
 * The message without the values it may quote: drizzle's "Failed query: <sql> params: <values>" keeps only
 * "Failed query"; a database message loses its quoted values ('invalid input syntax for type uuid: "…"');
 * any message loses e-mail addresses and long numbers.
 */
export function safeErrorMessage(message: string, fromDatabase = false): string {
	if (message.startsWith('Failed query:')) return 'Failed query'
	let text = message.split(/\bparams:/)[0]!
	if (fromDatabase) text = text.replace(/"[^"]*"/g, '"…"')
	text = text.replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]').trim()
	return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text
}

function stackFrames(stack: unknown) {
	if (typeof stack !== 'string') return undefined
	const frames = stack
		.split('\n')
		.filter((line) => /^\s+at /.test(line))
		.slice(0, MAX_STACK_FRAMES)
	return frames.length > 0 ? frames.map((line) => line.trim()).join('\n') : undefined
}

/**
 * The one way an error reaches the logs (docs/decisions/0023): name, code and constraint, a message without
 * query text or parameters, stack frames, and the same for its cause. Never the driver's `detail`, `where`
 * or `params`, which repeat the stored values.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
	if (error instanceof Response) return { name: 'Response', message: `status ${error.status}` }
	if (error === null || typeof error !== 'object') return { name: typeof error, message: 'a value that is not an Error was thrown' }
	const fromDatabase = isDatabaseError(error)
	const name = error instanceof Error ? error.name : (fieldOf(error, 'name') ?? 'Object')
	const logged: LoggedError = { name, message: safeErrorMessage(fieldOf(error, 'message') ?? '', fromDatabase) }
	const code = fieldOf(error, 'code')
	if (code) logged.code = code
	if (fromDatabase) {
		for (const key of ['constraint', 'table', 'column'] as const) {
			const value = fieldOf(error, key)
			if (value) logged[key] = value
		}
	}
	const stack = stackFrames((error as { stack?: unknown }).stack)
	if (stack && depth === 0) logged.stack = stack
	const cause = (error as { cause?: unknown }).cause
	if (cause !== undefined && depth < MAX_CAUSE_DEPTH) {
		logged.causedBy = errorForLog(cause, depth + 1)
		// A failed query's interesting facts are its cause's: lift them so a search by code finds it.
		for (const key of ['code', 'constraint', 'table', 'column'] as const) logged[key] ??= logged.causedBy[key]
	}
	return logged
}
