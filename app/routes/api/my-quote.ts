import { z } from 'zod'
import { noStore } from '#app/features/http/no-store.server.ts'
import { json, methodNotAllowed, readApiRequest } from '#app/features/leads/intake/lead-api.server.ts'
import { openReturnLink, returnLinkRefusal } from '#app/features/leads/terms/return-visit.server.ts'
import { limitAddress } from '#app/features/security/rate-limit.server.ts'
import type { Route } from './+types/my-quote'

/** docs/decisions/0096: links opened per address: a borrower opens theirs a few times; guesses are bounded. */
export const RETURN_LINK_RATE_LIMIT = { perIp: 30, windowSeconds: 15 * 60 } as const

const openSchema = z.object({ token: z.string().max(200) })

// The answer carries the borrower's answers: no cache may keep a copy.
export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

/**
 * POST /api/my-quote {token} (README, docs/decisions/0096): opens a return link. 200 with the lead's id, answers and
 * purpose statement; 404 with one message for every link that does not open a lead, whatever the reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const api = await readApiRequest(request, context)
	if (!api.ok) return api.response
	const { services, info } = api
	const limited = await limitAddress(
		services.db,
		'return-link-ip',
		info.clientIp,
		RETURN_LINK_RATE_LIMIT,
		(wait) => `Too many links opened from your connection. Please try again in ${wait}.`,
	)
	if (limited) return limited
	const parsed = openSchema.safeParse(api.body)
	const visit = parsed.success ? await openReturnLink(services.db, services.leadTokenKey, parsed.data.token) : null
	if (!visit) return json(returnLinkRefusal((await services.content.get('company')).phone), 404)
	return json(visit, 200)
}
