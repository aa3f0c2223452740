import { createRequire } from 'node:module'
import type { PlaceDetails, PlaceSuggestion } from './places.ts'
import type { PlacesProvider } from './places-provider.server.ts'
import { US_STATES, usStateCode } from './us-address.ts'

type ZipRecord = { zip: string; city: string; state: string; country: string }
type City = { city: string; state: string; zips: string[]; key: string }

const MAX_SUGGESTIONS = 5
const MAX_STREET_LENGTH = 200

let index: { zips: Map<string, ZipRecord>; cities: City[]; citiesByKey: Map<string, City>; citiesByName: Map<string, City[]> } | null = null

/** Built on first use from the `zipcodes` package's US records (about 42,000 ZIP codes). */
function loadIndex() {
	if (index) return index
	const require = createRequire(import.meta.url)
	const { codes } = require('zipcodes') as { codes: Record<string, ZipRecord> }
	const zips = new Map<string, ZipRecord>()
	const citiesByKey = new Map<string, City>()
	for (const record of Object.values(codes)) {
		if (record.country !== 'US' || !Object.hasOwn(US_STATES, record.state)) continue
		zips.set(record.zip, record)
		const key = `${record.city.toLowerCase()}|${record.state}`
		const city = citiesByKey.get(key) ?? { city: record.city, state: record.state, zips: [], key }
		city.zips.push(record.zip)
		citiesByKey.set(key, city)
	}
	const cities = [...citiesByKey.values()].sort((a, b) => b.zips.length - a.zips.length || a.city.localeCompare(b.city))
	const citiesByName = new Map<string, City[]>()
	for (const city of cities) {
		const name = city.city.toLowerCase()
		citiesByName.set(name, [...(citiesByName.get(name) ?? []), city])
	}
	index = { zips, cities, citiesByKey, citiesByName }
	return index
}

const encode = (parts: string[]) => parts.map(encodeURIComponent).join('|')
const decode = (id: string) => id.split('|').map(decodeURIComponent)
const stateNames = Object.values(US_STATES)
	.map((name) => name.toLowerCase())
	.sort((a, b) => b.length - a.length)

/**
 * The place part of a query: "Austin, TX 78701", "Austin TX", "Austin, Texas", "78701" or "Austin".
 * The state is read only when the text names one; the ZIP only when it is 5 digits or ZIP+4.
 */
export function parsePlaceQuery(text: string): { city: string; state?: string; zip?: string } {
	let rest = text.trim().replace(/\s+/g, ' ')
	const zipMatch = /(?:^|[\s,])(\d{5}(?:-\d{4})?)$/.exec(rest)
	const zip = zipMatch?.[1]
	if (zipMatch) rest = rest.slice(0, zipMatch.index).trim()
	rest = rest.replace(/,$/, '').trim()
	let state: string | undefined
	const comma = rest.lastIndexOf(',')
	if (comma >= 0) {
		state = usStateCode(rest.slice(comma + 1)) ?? undefined
		if (state) rest = rest.slice(0, comma).trim()
	}
	// "TX 78701", "Texas 78701": with a ZIP, a lone state name is the state.
	if (!state && zip && usStateCode(rest)) {
		state = usStateCode(rest)!
		rest = ''
	}
	if (!state) {
		// "Austin TX", "Salt Lake City Utah"; a lone "New York" or "Washington" stays a city name.
		const lower = rest.toLowerCase()
		const code = /\s([A-Za-z]{2})$/.exec(rest)?.[1]
		const name = stateNames.find((candidate) => lower.endsWith(` ${candidate}`))
		if (code && usStateCode(code)) {
			state = code.toUpperCase()
			rest = rest.slice(0, -2).trim()
		} else if (name) {
			state = usStateCode(name)!
			rest = rest.slice(0, rest.length - name.length).trim()
		}
	}
	return { city: rest.replace(/,$/, '').trim().toLowerCase(), ...(state ? { state } : {}), ...(zip ? { zip } : {}) }
}

function matchCities(query: string) {
	const { city, state } = parsePlaceQuery(query)
	if (city.length === 0) return []
	return loadIndex()
		.cities.filter((candidate) => candidate.key.startsWith(city) && (!state || candidate.state === state))
		.slice(0, MAX_SUGGESTIONS)
}

type Place = { city: string; state: string; zip: string }

/**
 * The one real place that a typed "city, state ZIP" names, or null: a ZIP must exist and agree with
 * the typed city and state; without a ZIP the city must exist in the typed state, or be the only
 * city of that name. The ZIP is filled in when it was typed or when the city has only one.
 */
function resolvePlace(text: string): Place | null {
	const { city, state, zip } = parsePlaceQuery(text)
	const { zips, citiesByKey, citiesByName } = loadIndex()
	if (zip) {
		const record = zips.get(zip.slice(0, 5))
		if (!record || (state && record.state !== state) || (city && record.city.toLowerCase() !== city)) return null
		return { city: record.city, state: record.state, zip }
	}
	if (!city) return null
	const named = state ? [citiesByKey.get(`${city}|${state}`)].filter((found) => found !== undefined) : (citiesByName.get(city) ?? [])
	if (named.length !== 1) return null
	const [found] = named as [City]
	return { city: found.city, state: found.state, zip: found.zips.length === 1 ? found.zips[0]! : '' }
}

const streetAddress = (street: string, place: Place) => `${street}, ${place.city}, ${place.state}${place.zip ? ` ${place.zip}` : ''}, USA`

/**
 * Works without any network: ZIP codes by prefix, cities by name, and a typed street followed by a
 * real city and state or ZIP ("12 Ocean Ave, San Clemente, CA 92672"), or the street with each real
 * city whose name the typed text begins ("12 Ocean Ave, San Clem"). Cities, states and ZIP codes come
 * only from the dataset; the street is kept exactly as typed and only joined to a place that agrees
 * with everything typed after it, never to another city or state (docs/decisions/0032).
 */
export function createOfflinePlacesProvider(): PlacesProvider {
	return {
		name: 'offline',
		async autocomplete(input) {
			const text = input.trim()
			if (/^\d{3,5}$/.test(text)) {
				const results: PlaceSuggestion[] = []
				for (const [zip, record] of loadIndex().zips) {
					if (!zip.startsWith(text)) continue
					results.push({ placeId: `zip|${zip}`, description: `${record.city}, ${record.state} ${zip}, USA` })
					if (results.length === MAX_SUGGESTIONS) break
				}
				return results
			}
			const comma = text.indexOf(',')
			if (comma > 0 && /\d/.test(text.slice(0, comma))) {
				const street = text.slice(0, comma).trim()
				if (street.length > MAX_STREET_LENGTH) return []
				const typedPlace = text.slice(comma + 1)
				const place = resolvePlace(typedPlace)
				if (place)
					return [{ placeId: `street|${encode([street, place.city, place.state, place.zip])}`, description: streetAddress(street, place) }]
				// Still typing the city ("San Clem"), or a name several states share: the street with each real city
				// (and its real state) that the text begins, for the visitor to choose. A typed ZIP must agree instead.
				if (parsePlaceQuery(typedPlace).zip) return []
				return matchCities(typedPlace).map((city) => {
					const candidate = { city: city.city, state: city.state, zip: city.zips.length === 1 ? city.zips[0]! : '' }
					return {
						placeId: `street|${encode([street, candidate.city, candidate.state, candidate.zip])}`,
						description: streetAddress(street, candidate),
					}
				})
			}
			return matchCities(text).map((city) => ({
				placeId: `city|${encode([city.city, city.state])}`,
				description: `${city.city}, ${city.state}, USA`,
			}))
		},
		async details(placeId): Promise<PlaceDetails | null> {
			const [kind, ...rest] = placeId.split('|')
			const { zips, citiesByKey } = loadIndex()
			if (kind === 'zip') {
				const record = zips.get(rest[0] ?? '')
				return record
					? {
							fullAddress: `${record.city}, ${record.state} ${record.zip}, USA`,
							street: '',
							city: record.city,
							state: record.state,
							zip: record.zip,
						}
					: null
			}
			const parts = decode(rest.join('|'))
			if (kind === 'city' && parts.length === 2) {
				const city = citiesByKey.get(`${parts[0]!.toLowerCase()}|${parts[1]}`)
				// A city alone has several ZIP codes: one is only filled in when it is the only one.
				return city
					? {
							fullAddress: `${city.city}, ${city.state}, USA`,
							street: '',
							city: city.city,
							state: city.state,
							zip: city.zips.length === 1 ? city.zips[0]! : '',
						}
					: null
			}
			if (kind === 'street' && (parts.length === 3 || parts.length === 4)) {
				const [street, cityName, state, zip = ''] = parts as [string, string, string, string?]
				if (street.length === 0 || street.length > MAX_STREET_LENGTH) return null
				// The id comes from the browser: the place is checked against the dataset again.
				const place = resolvePlace(`${cityName}, ${state}${zip ? ` ${zip}` : ''}`)
				if (!place || place.city.toLowerCase() !== cityName.toLowerCase() || place.state !== state) return null
				return { fullAddress: streetAddress(street, place), street, city: place.city, state: place.state, zip: place.zip }
			}
			return null
		},
	}
}
