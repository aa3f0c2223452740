import { leadFieldErrors, longFormSubmissionSchema } from '#app/features/leads/intake/lead-schema.ts'
import { WRONG_CREDENTIALS, json, longFormRateLimit, methodNotAllowed, readApiRequest } from '#app/features/leads/intake/lead-api.server.ts'
import { completeLongForm } from '#app/features/leads/intake/leads.server.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import type { Route } from './+types/leads.long-form'

/** Built once: it reads the clock when it validates, not when it is built. */
const longForm = longFormSubmissionSchema()

// Answers about an application (and its token in the request): no cache may keep a copy.
export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** POST /api/leads/:id/long-form with `Authorization: Bearer <token>`: completes the long form. */
export async function action({ request, context, params }: Route.ActionArgs) {
	const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
	if (request.method === 'POST' && !token) {
		return json({ error: 'Send the completion token as Authorization: Bearer <token>' }, 401, { 'WWW-Authenticate': 'Bearer' })
	}
	const api = await readApiRequest(request, context)
	if (!api.ok) return api.response
	const { company, settings } = await api.services.content.getMany(['company', 'settings'])
	const limited = await longFormRateLimit(api.services, api.info.clientIp, params.id, company.phone)
	if (limited) return limited
	if (!UUID.test(params.id)) return json(WRONG_CREDENTIALS, 403)
	const parsed = longForm.safeParse(api.body)
	if (!parsed.success) return json({ errors: leadFieldErrors(parsed.error) }, 422)
	const result = await completeLongForm(api.services.db, params.id, token!, parsed.data, {
		settings,
		baseUrl: api.services.config.baseUrl,
		idempotencyKey: api.idempotencyKey,
	})
	if (result.status < 300) api.services.wakeOutbox()
	return json(result.body, result.status)
}
