import type { PlaceDetails, PlaceSuggestion } from './places.ts'

/** Address search behind one interface: Google Places with a key, the offline US dataset without. */
export type PlacesProvider = {
	name: 'google' | 'offline'
	autocomplete(input: string): Promise<PlaceSuggestion[]>
	details(placeId: string): Promise<PlaceDetails | null>
}
