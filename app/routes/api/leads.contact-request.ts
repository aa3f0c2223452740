import { noStore } from '#app/features/http/no-store.server.ts'
import { CONTACT_REQUEST_RATE_LIMIT, json, methodNotAllowed } from '#app/features/leads/intake/lead-api.server.ts'
import { requestContact } from '#app/features/leads/intake/contact-request.server.ts'
import { readLeadTokenRequest } from './lead-terms-api.server.ts'
import type { Route } from './+types/leads.contact-request'

export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

/**
 * POST /api/leads/:id/contact-request with `Authorization: Bearer <token>` (README, docs/decisions/0079): the borrower's
 * "Contact Me" on the thank-you screen reaches the lead's officer. The body is `{}`; pressing again notifies nobody again.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
	const api = await readLeadTokenRequest(request, context, params.id, {
		scope: 'lead-contact-request',
		limits: CONTACT_REQUEST_RATE_LIMIT,
		limitedMessage: (wait, phone) => `We already have your request. Please try again in ${wait}, or call us at ${phone}.`,
	})
	if (!api.ok) return api.response
	const settings = await api.services.content.get('settings')
	const result = await requestContact(api.services.db, api.lead.id, { settings, baseUrl: api.services.config.baseUrl })
	api.services.wakeOutbox()
	return json(result.body, result.status)
}
