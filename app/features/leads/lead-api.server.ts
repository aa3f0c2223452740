import { requestInfoContext, servicesContext } from '#app/context.ts'
import { type JsonBodyResult, readJsonBody } from '#app/features/http/json-body.server.ts'
import { validIdempotencyKey } from '#app/features/http/idempotency.server.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import type { RouterContextProvider } from 'react-router'

/** Lead creation per IP address per hour (LEAD_RATE_LIMIT_PER_HOUR, default 10): generous for people retrying, low for scripts. */
const LEAD_RATE_WINDOW_SECONDS = 3600

export const json = (body: unknown, status = 200, headers?: HeadersInit) => Response.json(body, { status, headers })

export const methodNotAllowed = () => json({ error: 'Use POST' }, 405, { Allow: 'POST' })

/** The parts every public API call needs: services, request facts, the key and the parsed body. */
export async function readApiRequest(request: Request, context: Readonly<RouterContextProvider>): Promise<
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

export async function leadRateLimit(services: ReturnType<typeof servicesOf>, clientIp: string, phone: string) {
	const perHour = services.config.LEAD_RATE_LIMIT_PER_HOUR
	if (perHour === 0) return null
	const result = await hitRateLimit(services.db, rateLimitKey('lead', clientIp), perHour, LEAD_RATE_WINDOW_SECONDS)
	if (result.allowed) return null
	const minutes = Math.ceil(result.retryAfterSeconds / 60)
	return json(
		{ error: `We received several quote requests from your connection in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us at ${phone}.` },
		429,
		{ 'Retry-After': String(result.retryAfterSeconds) },
	)
}
