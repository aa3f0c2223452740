import { placesRequest } from '#app/features/places/places-api.server.ts'
import { AUTOCOMPLETE_MIN_CHARS } from '#app/features/places/places.ts'
import type { Route } from './+types/places.autocomplete'

/** GET /api/places/autocomplete?input=: up to five suggestions; fewer than 3 characters gives none. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const input = (new URL(request.url).searchParams.get('input') ?? '').trim().slice(0, 200)
	if (input.length < AUTOCOMPLETE_MIN_CHARS) return Response.json({ predictions: [] })
	return placesRequest(context, async (services) => ({ predictions: await services.places.autocomplete(input) }))
}
