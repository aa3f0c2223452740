import { tooManyRequests } from '#app/features/http/too-many-requests.ts'
import type { RouterContextProvider } from 'react-router'
import { type AppServices, requestInfoContext, servicesContext } from '#app/context.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'

/** Per IP: far above what a person typing two addresses needs, low enough to protect a paid API key. */
export const PLACES_RATE_LIMIT = { limit: 300, windowSeconds: 600 } as const

/** Shared by both places endpoints: rate limit, then the provider call; failures are logged and answer 502. */
export async function placesRequest<T>(context: Readonly<RouterContextProvider>, run: (services: AppServices) => Promise<T>) {
	const services = context.get(servicesContext)
	const info = context.get(requestInfoContext)
	const limit = await hitRateLimit(
		services.db,
		rateLimitKey('places', info.clientIp),
		PLACES_RATE_LIMIT.limit,
		PLACES_RATE_LIMIT.windowSeconds,
	)
	if (!limit.allowed)
		return Response.json({ error: 'Too many address searches; please type the address' }, tooManyRequests(limit.retryAfterSeconds))
	try {
		return Response.json(await run(services), { headers: { 'Cache-Control': 'private, max-age=300' } })
	} catch (error) {
		services.log.warn({ provider: services.places.name, err: errorForLog(error) }, 'address search failed')
		return Response.json({ error: 'Address search is unavailable' }, { status: 502 })
	}
}
