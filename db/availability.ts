/** Network errors of the connection to the database (refused, reset, unreachable, timed out). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])

/**
 * SQLSTATEs that mean "the database cannot serve us now", not "this request is wrong": connection
 * exceptions (class 08), shutdown and start-up (57P01-57P03), too many connections, a statement or
 * lock that took longer than its timeout, an idle transaction ended by the server.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '53400', '57014', '55P03', '25P03'])

/** Messages node-postgres and its pool use for a connection that is gone or never answered. */
const UNAVAILABLE_MESSAGES = [
	'Connection terminated',
	'Query read timeout',
	'timeout exceeded when trying to connect',
	'is not queryable',
	'database ping timed out',
	'Cannot use a pool after calling end',
]

/**
 * True when the error (or an error it wraps, as Drizzle wraps the driver's) says the database is
 * unreachable, frozen or overloaded: the request may succeed later, so the answer is 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
	let current: unknown = error
	for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
		const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
		if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true
		if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true
		current = cause
	}
	return false
}
