import { leadFieldErrors, longFormSubmissionSchema } from '#app/features/leads/intake/lead-schema.ts'
import { LONG_FORM_RATE_LIMIT, json, methodNotAllowed } from '#app/features/leads/intake/lead-api.server.ts'
import { completeLongForm } from '#app/features/leads/intake/leads.server.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import { readLeadTokenRequest } from './lead-terms-api.server.ts'
import type { Route } from './+types/leads.long-form'

/** Built once: it reads the clock when it validates, not when it is built. */
const longForm = longFormSubmissionSchema()

// Answers about an application (and its token in the request): no cache may keep a copy.
export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

/** POST /api/leads/:id/long-form with `Authorization: Bearer <token>`: completes the long form. */
export async function action({ request, context, params }: Route.ActionArgs) {
	const api = await readLeadTokenRequest(request, context, params.id, {
		scope: 'long-form',
		limits: LONG_FORM_RATE_LIMIT,
		limitedMessage: (wait, phone) =>
			`We received many updates to this application in a short time. Please try again in ${wait}, or call us at ${phone}.`,
	})
	if (!api.ok) return api.response
	const parsed = longForm.safeParse(api.body)
	if (!parsed.success) return json({ errors: leadFieldErrors(parsed.error) }, 422)
	const settings = await api.services.content.get('settings')
	const result = await completeLongForm(api.services.db, params.id, api.token, parsed.data, {
		settings,
		baseUrl: api.services.config.baseUrl,
		idempotencyKey: api.idempotencyKey,
		leadTokenKey: api.services.leadTokenKey,
	})
	if (result.status < 300) api.services.wakeOutbox()
	return json(result.body, result.status)
}
