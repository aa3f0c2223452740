import { tooManyRequests, waitInMinutes } from '#app/features/http/too-many-requests.ts'
import { isUuid } from '#app/features/http/uuid.ts'
import type { RouterContextProvider } from 'react-router'
import { WRONG_CREDENTIALS, json, readApiRequest } from '#app/features/leads/intake/lead-api.server.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { type Lead, leadWithToken } from '#app/features/leads/terms/lead-terms.server.ts'

/**
 * docs/decisions/0066: the borrower's terms calls after the short form (purpose statement, quotes). Re-pricing follows
 * typing, so the limits are those of the pricing API per address, and a lead alone gets a person's share, counted only
 * for requests that carry its token.
 */
export const LEAD_TERMS_RATE_LIMIT = { perIp: 600, perLead: 120, windowSeconds: 3600 } as const

type Limits = { perIp: number; perLead: number; windowSeconds: number }

/**
 * Every call a borrower makes on their own lead with its completion token (long form, purpose statement, quotes,
 * Contact Me) is read here, the one point (docs/decisions/0047, 0079): token, method, body, the address's limit, the
 * lead and its token, the lead's limit, checked in that order; the parsed request and the lead when all hold (the
 * lead is read once, here). The lead's own limit counts only requests that carry its token, so a stranger's guesses
 * never lock its borrower out; the address's limit bounds the guesses.
 */
export async function readLeadTokenRequest(
	request: Request,
	context: Readonly<RouterContextProvider>,
	leadId: string,
	options: { scope: string; limits: Limits; limitedMessage: (wait: string, phone: string) => string },
) {
	const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
	if (request.method === 'POST' && !token) {
		return {
			ok: false as const,
			response: json({ error: 'Send the completion token as Authorization: Bearer <token>' }, 401, { 'WWW-Authenticate': 'Bearer' }),
		}
	}
	const api = await readApiRequest(request, context)
	if (!api.ok) return api
	const { perIp, perLead, windowSeconds } = options.limits
	const limited = async (result: { retryAfterSeconds: number }) => {
		const company = await api.services.content.get('company')
		return {
			ok: false as const,
			response: Response.json(
				{ error: options.limitedMessage(waitInMinutes(result.retryAfterSeconds), company.phone) },
				tooManyRequests(result.retryAfterSeconds),
			),
		}
	}
	const byIp = await hitRateLimit(api.services.db, rateLimitKey(`${options.scope}-ip`, api.info.clientIp), perIp, windowSeconds)
	if (!byIp.allowed) return limited(byIp)
	const lead: Lead | null = isUuid(leadId) ? await leadWithToken(api.services.db, api.services.leadTokenKey, leadId, token!) : null
	if (!lead) return { ok: false as const, response: json(WRONG_CREDENTIALS, 403) }
	const byLead = await hitRateLimit(api.services.db, rateLimitKey(`${options.scope}-lead`, leadId), perLead, windowSeconds)
	if (!byLead.allowed) return limited(byLead)
	return { ...api, lead, token: token! }
}

/** The terms calls (purpose statement, quotes): readLeadTokenRequest with the pricing API's limits. */
export const readLeadTermsRequest = (request: Request, context: Readonly<RouterContextProvider>, leadId: string, scope: string) =>
	readLeadTokenRequest(request, context, leadId, {
		scope,
		limits: LEAD_TERMS_RATE_LIMIT,
		limitedMessage: (wait) => `Too many requests for these terms. Please try again in ${wait}.`,
	})
