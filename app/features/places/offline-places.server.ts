import { createRequire } from 'node:module'
import type { PlaceDetails, PlaceSuggestion } from './places.ts'
import type { PlacesProvider } from './places-provider.server.ts'

type ZipRecord = { zip: string; city: string; state: string; country: string }
type City = { city: string; state: string; zips: string[]; key: string }

const MAX_SUGGESTIONS = 5
const STATE_CODES = new Set([
	'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS',
	'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
])

let index: { zips: Map<string, ZipRecord>; cities: City[]; citiesByKey: Map<string, City> } | null = null

/** Built on first use from the `zipcodes` package's US records (about 42,000 ZIP codes). */
function loadIndex() {
	if (index) return index
	const require = createRequire(import.meta.url)
	const { codes } = require('zipcodes') as { codes: Record<string, ZipRecord> }
	const zips = new Map<string, ZipRecord>()
	const citiesByKey = new Map<string, City>()
	for (const record of Object.values(codes)) {
		if (record.country !== 'US' || !STATE_CODES.has(record.state)) continue
		zips.set(record.zip, record)
		const key = `${record.city.toLowerCase()}|${record.state}`
		const city = citiesByKey.get(key) ?? { city: record.city, state: record.state, zips: [], key }
		city.zips.push(record.zip)
		citiesByKey.set(key, city)
	}
	const cities = [...citiesByKey.values()].sort((a, b) => b.zips.length - a.zips.length || a.city.localeCompare(b.city))
	index = { zips, cities, citiesByKey }
	return index
}

const encode = (parts: string[]) => parts.map(encodeURIComponent).join('|')
const decode = (id: string) => id.split('|').map(decodeURIComponent)

/** "San Clemente, CA" / "San Clemente CA" / "San Clemente, California" -> city prefix and state. */
function parseCityQuery(text: string) {
	const match = /^(.*?)[,\s]+([A-Za-z]{2})$/.exec(text.trim())
	if (match && STATE_CODES.has(match[2]!.toUpperCase())) return { city: match[1]!.trim().toLowerCase(), state: match[2]!.toUpperCase() }
	return { city: text.trim().toLowerCase(), state: undefined }
}

function matchCities(query: string) {
	const { city, state } = parseCityQuery(query)
	if (city.length === 0) return []
	return loadIndex()
		.cities.filter((candidate) => candidate.key.startsWith(city) && (!state || candidate.state === state))
		.slice(0, MAX_SUGGESTIONS)
}

/**
 * Works without any network: ZIP codes by prefix, cities by name, and a typed street followed by a
 * city ("12 Ocean Ave, San Clemente") as that street in each matching city.
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
				return matchCities(text.slice(comma + 1)).map((city) => ({
					placeId: `street|${encode([street, city.city, city.state])}`,
					description: `${street}, ${city.city}, ${city.state}, USA`,
				}))
			}
			return matchCities(text).map((city) => ({ placeId: `city|${encode([city.city, city.state])}`, description: `${city.city}, ${city.state}, USA` }))
		},
		async details(placeId) {
			const [kind, ...rest] = placeId.split('|')
			const { zips, citiesByKey } = loadIndex()
			if (kind === 'zip') {
				const record = zips.get(rest[0] ?? '')
				return record ? { fullAddress: `${record.city}, ${record.state} ${record.zip}, USA`, street: '', city: record.city, state: record.state, zip: record.zip } : null
			}
			const parts = decode(rest.join('|'))
			if (kind === 'city' && parts.length === 2) {
				const city = citiesByKey.get(`${parts[0]!.toLowerCase()}|${parts[1]}`)
				// A city alone has several ZIP codes: one is only filled in when it is the only one.
				return city ? { fullAddress: `${city.city}, ${city.state}, USA`, street: '', city: city.city, state: city.state, zip: city.zips.length === 1 ? city.zips[0]! : '' } : null
			}
			if (kind === 'street' && parts.length === 3) {
				const [street, cityName, state] = parts as [string, string, string]
				const city = citiesByKey.get(`${cityName.toLowerCase()}|${state}`)
				if (!city || street.length > 200) return null
				const zip = city.zips.length === 1 ? city.zips[0]! : ''
				return { fullAddress: `${street}, ${city.city}, ${city.state}${zip ? ` ${zip}` : ''}, USA`, street, city: city.city, state: city.state, zip }
			}
			return null
		},
	}
}
