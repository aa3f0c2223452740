import { leadFieldErrors, shortFormSubmissionSchema } from '#app/features/leads/intake/lead-schema.ts'
import { json, leadRateLimit, overContactRateLimit, methodNotAllowed, readApiRequest } from '#app/features/leads/intake/lead-api.server.ts'
import { createLeadFromShortForm } from '#app/features/leads/intake/leads.server.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import { maxLtvForLead } from '#app/features/pricing/advertised-terms.ts'
import type { Route } from './+types/leads'

/** Built once: it reads the clock when it validates, not when it is built. */
const shortForm = shortFormSubmissionSchema()

// The 201 carries the completion token: no cache may keep a copy.
export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

/** POST /api/leads: the short form becomes a lead (contract in README). */
export async function action({ request, context }: Route.ActionArgs) {
	const api = await readApiRequest(request, context)
	if (!api.ok) return api.response
	const { services, info } = api
	const { company, settings, rateSheet } = await services.content.getMany(['company', 'settings', 'rateSheet'])
	const body = api.body as { website?: unknown } | null
	if (body && typeof body === 'object' && typeof body.website === 'string' && body.website !== '') {
		return json(
			{ error: `We could not submit your request. Please call us at ${company.phone} and a loan officer will prepare your quote.` },
			400,
		)
	}
	const limited = await leadRateLimit(services, info.clientIp, company.phone)
	if (limited) return limited
	const parsed = shortForm.safeParse(api.body)
	if (!parsed.success) return json({ errors: leadFieldErrors(parsed.error) }, 422)
	// docs/decisions/0079: over the per-contact limit the request is kept quietly and answered as any other.
	const quiet = await overContactRateLimit(services, parsed.data.formData)
	const result = await createLeadFromShortForm(services.db, parsed.data, {
		company,
		settings,
		baseUrl: services.config.baseUrl,
		clientIp: info.clientIp,
		socketIp: info.socketIp,
		userAgent: info.userAgent,
		idempotencyKey: api.idempotencyKey,
		leadTokenKey: services.leadTokenKey,
		// The rate sheet's cap of the lead's own purpose, as the public pages print it (docs/decisions/0067, 0074).
		programMaxLtv: maxLtvForLead(rateSheet, parsed.data.formData.loanProgram, parsed.data.formData.transactionType),
		quiet,
	})
	if (result.status < 300) services.wakeOutbox()
	return json(result.body, result.status)
}
