import type { RouterContextProvider } from 'react-router'
import { WRONG_CREDENTIALS, json, readApiRequest } from '#app/features/leads/intake/lead-api.server.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { leadWithToken } from '#app/features/leads/terms/lead-terms.server.ts'

/**
 * docs/decisions/0066: the borrower's terms calls after the short form (purpose statement, quotes). Re-pricing follows
 * typing, so the limits are those of the pricing API per address, and a lead alone gets a person's share, counted only
 * for requests that carry its token.
 */
export const LEAD_TERMS_RATE_LIMIT = { perIp: 600, perLead: 120, windowSeconds: 3600 } as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Token, method, body, the address's limit, the lead and its token, the lead's limit, checked in that order; the parsed
 * request and the lead when all hold (the lead is read once, here).
 */
export async function readLeadTermsRequest(request: Request, context: Readonly<RouterContextProvider>, leadId: string, scope: string) {
	const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
	if (request.method === 'POST' && !token) {
		return {
			ok: false as const,
			response: json({ error: 'Send the completion token as Authorization: Bearer <token>' }, 401, { 'WWW-Authenticate': 'Bearer' }),
		}
	}
	const api = await readApiRequest(request, context)
	if (!api.ok) return api
	const { perIp, perLead, windowSeconds } = LEAD_TERMS_RATE_LIMIT
	const limited = (result: { retryAfterSeconds: number }) => {
		const minutes = Math.ceil(result.retryAfterSeconds / 60)
		return {
			ok: false as const,
			response: json(
				{ error: `Too many requests for these terms. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` },
				429,
				{
					'Retry-After': String(result.retryAfterSeconds),
				},
			),
		}
	}
	const byIp = await hitRateLimit(api.services.db, rateLimitKey(`${scope}-ip`, api.info.clientIp), perIp, windowSeconds)
	if (!byIp.allowed) return limited(byIp)
	// The lead's own limit counts only requests with its token: guesses at a token never lock its borrower out.
	const lead = UUID.test(leadId) ? await leadWithToken(api.services.db, leadId, token!) : null
	if (!lead) return { ok: false as const, response: json(WRONG_CREDENTIALS, 403) }
	const byLead = await hitRateLimit(api.services.db, rateLimitKey(`${scope}-lead`, leadId), perLead, windowSeconds)
	if (!byLead.allowed) return limited(byLead)
	return { ...api, lead }
}
