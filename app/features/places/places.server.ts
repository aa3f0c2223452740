import { createGooglePlacesProvider } from './google-places.server.ts'
import { createOfflinePlacesProvider } from './offline-places.server.ts'
import type { PlacesProvider } from './places-provider.server.ts'

export function createPlacesProvider(config: { GOOGLE_PLACES_API_KEY?: string }): PlacesProvider {
	return config.GOOGLE_PLACES_API_KEY ? createGooglePlacesProvider(config.GOOGLE_PLACES_API_KEY) : createOfflinePlacesProvider()
}
