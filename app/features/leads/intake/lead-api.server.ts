import { tooManyRequests, waitInMinutes } from '#app/features/http/too-many-requests.ts'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { type JsonBodyResult, readJsonBody } from '#app/features/http/json-body.server.ts'
import { validIdempotencyKey } from '#app/features/http/idempotency.server.ts'
import { mailboxKey, normalizePhone } from '#app/features/validation/form-fields.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import type { RouterContextProvider } from 'react-router'

/** docs/decisions/0026: limit scripts, not people; one hour windows for both limits. */
const LEAD_RATE_WINDOW_SECONDS = 3600
/** Quote requests per hour for one e-mail address, and for one phone number: a person never needs more. */
export const LEAD_CONTACT_RATE_LIMIT_PER_HOUR = 5

export const json = (body: unknown, status = 200, headers?: HeadersInit) => Response.json(body, { status, headers })

export const methodNotAllowed = () => json({ error: 'Use POST' }, 405, { Allow: 'POST' })

/** The answer to a lead's token that does not fit (or a lead id that is not one): the same whatever the reason. */
export const WRONG_CREDENTIALS = {
	error: 'This application cannot be updated with these credentials. Please start the application again.',
} as const

/** The parts every public API call needs: services, request facts, the key and the parsed body. */
export async function readApiRequest(
	request: Request,
	context: Readonly<RouterContextProvider>,
): Promise<
	| { ok: false; response: Response }
	| { ok: true; body: unknown; idempotencyKey: string | null; services: ReturnType<typeof servicesOf>; info: ReturnType<typeof infoOf> }
> {
	if (request.method !== 'POST') return { ok: false, response: methodNotAllowed() }
	const idempotencyKey = request.headers.get('idempotency-key')
	if (!validIdempotencyKey(idempotencyKey)) {
		return { ok: false, response: json({ errors: { 'Idempotency-Key': 'Use 8 to 200 letters, digits, -, _, : or .' } }, 422) }
	}
	const body: JsonBodyResult = await readJsonBody(request)
	if (!body.ok) return body
	return { ok: true, body: body.value, idempotencyKey, services: servicesOf(context), info: infoOf(context) }
}

const servicesOf = (context: Readonly<RouterContextProvider>) => context.get(servicesContext)
const infoOf = (context: Readonly<RouterContextProvider>) => context.get(requestInfoContext)

/** The per-IP ceiling (LEAD_RATE_LIMIT_PER_HOUR, default 60): high, since an office shares one address. */
export async function leadRateLimit(services: ReturnType<typeof servicesOf>, clientIp: string, phone: string) {
	const perHour = services.config.LEAD_RATE_LIMIT_PER_HOUR
	if (perHour === 0) return null
	const result = await hitRateLimit(services.db, rateLimitKey('lead', clientIp), perHour, LEAD_RATE_WINDOW_SECONDS)
	if (result.allowed) return null
	return Response.json(
		{
			error: `We received several quote requests from your connection in a short time. Please try again in ${waitInMinutes(result.retryAfterSeconds)}, or call us at ${phone}.`,
		},
		tooManyRequests(result.retryAfterSeconds),
	)
}

/**
 * docs/decisions/0026: at most LEAD_CONTACT_RATE_LIMIT_PER_HOUR requests an hour for the same e-mail or the same phone
 * are announced to staff. docs/decisions/0079: one over that is still kept (a repeat, with no new e-mail or webhook) and
 * answered exactly as an accepted one, so the answer never tells whether an address asked for a quote; true when over.
 */
export async function overContactRateLimit(services: ReturnType<typeof servicesOf>, contact: { email: string; phone: string }) {
	if (services.config.LEAD_RATE_LIMIT_PER_HOUR === 0) return false
	const hit = (key: string) => hitRateLimit(services.db, key, LEAD_CONTACT_RATE_LIMIT_PER_HOUR, LEAD_RATE_WINDOW_SECONDS)
	// Both counters count every request, so alternating e-mails with one phone (or the reverse) does not help a script.
	const byEmail = await hit(rateLimitKey('lead-email', mailboxKey(contact.email)))
	const byPhone = await hit(rateLimitKey('lead-phone', normalizePhone(contact.phone)))
	return !(byEmail.allowed && byPhone.allowed)
}

/**
 * Long-form updates: a person sends one, perhaps a few corrections; more is a script. Counted per address (an office
 * shares one, and every attempt counts, a wrong token too) and per application, for requests that carry its token only
 * (docs/decisions/0079: a stranger's wrong tokens never lock the borrower out). Applied by readLeadTokenRequest.
 */
export const LONG_FORM_RATE_LIMIT = { perIp: 60, perLead: 10, windowSeconds: 3600 } as const

/** "Contact Me": a person presses it once, perhaps again; more is a script (counted as the long form is, docs/decisions/0079). */
export const CONTACT_REQUEST_RATE_LIMIT = { perIp: 60, perLead: 10, windowSeconds: 3600 } as const
