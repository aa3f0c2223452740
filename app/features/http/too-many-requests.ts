/**
 * A refusal for too many requests (docs/decisions/0083): every 429 the site sends says how long to wait in whole
 * minutes, rounded up, and carries the exact wait in seconds as Retry-After.
 */

/** The wait as a person reads it, rounded up to whole minutes: "1 minute", "15 minutes". */
export function waitInMinutes(retryAfterSeconds: number) {
	const minutes = Math.ceil(retryAfterSeconds / 60)
	return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** The status and Retry-After of a 429 answer, for `data(…, init)` or `Response.json(…, init)`. */
export function tooManyRequests(retryAfterSeconds: number) {
	return { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } }
}
