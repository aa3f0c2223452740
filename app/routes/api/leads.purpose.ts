import { noStore } from '#app/features/http/no-store.server.ts'
import { json, methodNotAllowed } from '#app/features/leads/intake/lead-api.server.ts'
import { recordPurposeStatement } from '#app/features/leads/terms/lead-terms.server.ts'
import { purposeStatementSchema } from '#app/features/pricing/borrower-terms.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { readLeadTermsRequest } from './lead-terms-api.server.ts'
import type { Route } from './+types/leads.purpose'

export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

/** POST /api/leads/:id/purpose (README, docs/decisions/0066): the business-purpose statement, before terms are shown. */
export async function action({ request, context, params }: Route.ActionArgs) {
	const api = await readLeadTermsRequest(request, context, params.id, 'lead-purpose')
	if (!api.ok) return api.response
	const parsed = purposeStatementSchema.safeParse(api.body)
	if (!parsed.success) return json({ errors: fieldErrors(parsed.error) }, 422)
	const company = await api.services.content.get('company')
	const result = await recordPurposeStatement(api.services.db, api.lead, parsed.data, {
		company,
		evidence: {
			clientIp: api.info.clientIp,
			socketIp: api.info.socketIp,
			userAgent: api.info.userAgent,
			baseUrl: api.services.config.baseUrl,
		},
	})
	// docs/decisions/0097: an owner-occupant's confirmation goes now.
	if (result.status === 200) api.services.wakeOutbox()
	return json(result.body, result.status)
}
