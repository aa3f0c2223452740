import { noStore } from '#app/features/http/no-store.server.ts'
import { json, methodNotAllowed } from '#app/features/leads/intake/lead-api.server.ts'
import { quoteLead } from '#app/features/leads/terms/lead-terms.server.ts'
import { leadQuoteRequestSchema } from '#app/features/pricing/borrower-terms.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { readLeadTermsRequest } from './lead-terms-api.server.ts'
import type { Route } from './+types/leads.quotes'

export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

/** POST /api/leads/:id/quotes (README, docs/decisions/0066): terms priced from the lead's answers, kept as a frozen copy. */
export async function action({ request, context, params }: Route.ActionArgs) {
	const api = await readLeadTermsRequest(request, context, params.id, 'lead-quotes')
	if (!api.ok) return api.response
	const parsed = leadQuoteRequestSchema.safeParse(api.body)
	if (!parsed.success) return json({ errors: fieldErrors(parsed.error) }, 422)
	const { company, settings } = await api.services.content.getMany(['company', 'settings'])
	const result = await quoteLead(api.services.db, api.services.content, api.lead, parsed.data, {
		company,
		settings,
		baseUrl: api.services.config.baseUrl,
	})
	// A chosen quote queued e-mails, and every recorded quote a webhook event (quote.presented / quote.chosen).
	if (result.status === 200) api.services.wakeOutbox()
	return json(result.body, result.status)
}
