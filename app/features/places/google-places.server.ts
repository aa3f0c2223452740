import type { PlaceDetails, PlaceSuggestion } from './places.ts'
import type { PlacesProvider } from './places-provider.server.ts'

type AddressComponent = { longText?: string; shortText?: string; types?: string[] }

/** Google Places API (New); the key stays on the server. */
export function createGooglePlacesProvider(apiKey: string, fetchImpl: typeof fetch = fetch): PlacesProvider {
	const headers = { 'Content-Type': 'application/json', 'X-Goog-Api-Key': apiKey }
	return {
		name: 'google',
		async autocomplete(input) {
			const response = await fetchImpl('https://places.googleapis.com/v1/places:autocomplete', {
				method: 'POST',
				headers,
				body: JSON.stringify({ input, includedRegionCodes: ['us'] }),
				signal: AbortSignal.timeout(5000),
			})
			if (!response.ok) throw new Error(`Google Places autocomplete answered ${response.status}`)
			const body = (await response.json()) as { suggestions?: Array<{ placePrediction?: { placeId: string; text?: { text: string } } }> }
			return (body.suggestions ?? []).flatMap((suggestion): PlaceSuggestion[] =>
				suggestion.placePrediction
					? [{ placeId: suggestion.placePrediction.placeId, description: suggestion.placePrediction.text?.text ?? '' }]
					: [],
			)
		},
		async details(placeId) {
			if (!/^[A-Za-z0-9_-]{1,300}$/.test(placeId)) return null
			const response = await fetchImpl(`https://places.googleapis.com/v1/places/${placeId}`, {
				headers: { ...headers, 'X-Goog-FieldMask': 'formattedAddress,addressComponents' },
				signal: AbortSignal.timeout(5000),
			})
			if (response.status === 404) return null
			if (!response.ok) throw new Error(`Google Places details answered ${response.status}`)
			const body = (await response.json()) as { formattedAddress?: string; addressComponents?: AddressComponent[] }
			return toDetails(body.formattedAddress ?? '', body.addressComponents ?? [])
		},
	}
}

function toDetails(formattedAddress: string, components: AddressComponent[]): PlaceDetails {
	const find = (type: string, short = false) => {
		const component = components.find((candidate) => candidate.types?.includes(type))
		return (short ? component?.shortText : component?.longText) ?? ''
	}
	const street = [find('street_number'), find('route')].filter(Boolean).join(' ')
	return {
		fullAddress: formattedAddress,
		street,
		city: find('locality') || find('sublocality') || find('postal_town'),
		state: find('administrative_area_level_1', true),
		zip: find('postal_code'),
	}
}
