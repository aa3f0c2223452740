import { noStore } from '#app/features/http/no-store.server.ts'
import { json, methodNotAllowed } from '#app/features/leads/intake/lead-api.server.ts'
import { returnLink, returnLinkKeyFrom } from '#app/features/leads/intake/return-link.server.ts'
import { readLeadTermsRequest } from './lead-terms-api.server.ts'
import type { Route } from './+types/leads.return-link'

// The answer carries a capability: no cache may keep a copy.
export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

/**
 * POST /api/leads/:id/return-link (README, docs/decisions/0096): a link for the borrower to come back to this quote on any
 * device, for 30 days. Asked with the lead's completion token (or a link that still opens it), under the terms calls' limits.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
	const api = await readLeadTermsRequest(request, context, params.id, 'lead-return-link')
	if (!api.ok) return api.response
	const { leadTokenKey, config } = api.services
	const { url, expiresAt } = returnLink(returnLinkKeyFrom(leadTokenKey), config.baseUrl, api.lead.id)
	return json({ url, expiresAt: expiresAt.toISOString() }, 200)
}
