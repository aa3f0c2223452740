import { noStore } from '#app/features/http/no-store.server.ts'
import { json, methodNotAllowed, readApiRequest } from '#app/features/leads/intake/lead-api.server.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { priceRequest, pricingRequestSchema } from '#app/features/pricing/pricing-request.ts'
import { limitAddress } from '#app/features/security/rate-limit.server.ts'
import type { Route } from './+types/pricing'

/** Re-pricing follows the borrower's changes (rent, taxes, a choice): generous, but a script cannot mine the sheet. */
export const PRICING_RATE_LIMIT = { perIp: 600, windowSeconds: 3600 } as const

export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

/** POST /api/pricing: indicative terms for a scenario from the current rate sheet (contract in README). No personal data is taken or stored. */
export async function action({ request, context }: Route.ActionArgs) {
	const api = await readApiRequest(request, context)
	if (!api.ok) return api.response
	const { services, info } = api
	const limited = await limitAddress(
		services.db,
		'pricing',
		info.clientIp,
		PRICING_RATE_LIMIT,
		(wait) => `Too many pricing requests from your connection. Please try again in ${wait}.`,
	)
	if (limited) return limited
	const parsed = pricingRequestSchema.safeParse(api.body)
	if (!parsed.success) return json({ errors: fieldErrors(parsed.error) }, 422)
	const { data: sheet, version } = await services.content.getWithVersion('rateSheet')
	return json(priceRequest(sheet, version, parsed.data))
}
