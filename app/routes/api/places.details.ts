import { placesRequest } from '#app/features/places/places-api.server.ts'
import type { Route } from './+types/places.details'

/** GET /api/places/details?placeId=: the address a suggestion stands for. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const placeId = (new URL(request.url).searchParams.get('placeId') ?? '').slice(0, 500)
	if (placeId === '') return Response.json({ error: 'placeId is required' }, { status: 400 })
	const response = await placesRequest(context, async (services) => ({ place: await services.places.details(placeId) }))
	if (response.ok) {
		const body = (await response.clone().json()) as { place: unknown }
		if (body.place === null) return Response.json({ error: 'No such place' }, { status: 404 })
	}
	return response
}
