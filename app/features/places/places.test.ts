import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { loader as autocomplete } from '../../routes/api/places.autocomplete.ts'
import { loader as details } from '../../routes/api/places.details.ts'
import { createGooglePlacesProvider } from './google-places.server.ts'
import { createOfflinePlacesProvider } from './offline-places.server.ts'

describe('offline places provider', () => {
	const places = createOfflinePlacesProvider()

	test('suggests ZIP codes by prefix and resolves one to its city and state', async () => {
		const suggestions = await places.autocomplete('9267')
		expect(suggestions.length).toBeGreaterThan(0)
		expect(suggestions.every((suggestion) => /^\S.*, [A-Z]{2} 9267\d, USA$/.test(suggestion.description))).toBe(true)
		const sanClemente = (await places.autocomplete('92672'))[0]!
		expect(await places.details(sanClemente.placeId)).toEqual({ fullAddress: 'San Clemente, CA 92672, USA', street: '', city: 'San Clemente', state: 'CA', zip: '92672' })
	})

	test('suggests cities by name, narrowed by a state code', async () => {
		const suggestions = await places.autocomplete('Austin, TX')
		expect(suggestions[0]).toMatchObject({ description: 'Austin, TX, USA' })
		const place = await places.details(suggestions[0]!.placeId)
		expect(place).toMatchObject({ city: 'Austin', state: 'TX', street: '' })
	})

	test('a typed street followed by a city becomes a full address', async () => {
		const [suggestion] = await places.autocomplete('12 Ocean Ave, San Clemente')
		expect(suggestion!.description).toBe('12 Ocean Ave, San Clemente, CA, USA')
		expect(await places.details(suggestion!.placeId)).toMatchObject({ street: '12 Ocean Ave', city: 'San Clemente', state: 'CA' })
	})

	test('unknown places give no suggestion and no details', async () => {
		expect(await places.autocomplete('Qqqqzzz')).toEqual([])
		expect(await places.details('zip|00000')).toBeNull()
		expect(await places.details('nonsense')).toBeNull()
	})
})

describe('Google places provider', () => {
	test('maps the Places API answers and sends the key only in a header', async () => {
		const fetchStub = vi.fn(async (url: string | URL | Request) => {
			const href = String(url)
			if (href.endsWith(':autocomplete')) {
				return Response.json({ suggestions: [{ placePrediction: { placeId: 'ChIJabc', text: { text: '100 Main St, Austin, TX, USA' } } }] })
			}
			return Response.json({
				formattedAddress: '100 Main St, Austin, TX 78701, USA',
				addressComponents: [
					{ longText: '100', types: ['street_number'] },
					{ longText: 'Main St', types: ['route'] },
					{ longText: 'Austin', types: ['locality'] },
					{ longText: 'Texas', shortText: 'TX', types: ['administrative_area_level_1'] },
					{ longText: '78701', types: ['postal_code'] },
				],
			})
		})
		const google = createGooglePlacesProvider('secret-key', fetchStub as typeof fetch)
		expect(await google.autocomplete('100 Main')).toEqual([{ placeId: 'ChIJabc', description: '100 Main St, Austin, TX, USA' }])
		expect(await google.details('ChIJabc')).toEqual({ fullAddress: '100 Main St, Austin, TX 78701, USA', street: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' })
		for (const [url, init] of fetchStub.mock.calls as unknown as Array<[string, RequestInit]>) {
			expect(url).not.toContain('secret-key')
			expect((init.headers as Record<string, string>)['X-Goog-Api-Key']).toBe('secret-key')
		}
	})

	test('a failing API raises, so the endpoint can log it and answer 502', async () => {
		const google = createGooglePlacesProvider('k', (async () => new Response('quota', { status: 429 })) as typeof fetch)
		await expect(google.autocomplete('100 Main')).rejects.toThrow(/answered 429/)
	})
})

describe('/api/places endpoints', () => {
	let handle: DatabaseHandle
	let services: AppServices
	beforeAll(async () => {
		handle = await createTestDatabase()
		services = await seededServices(handle)
	})
	afterAll(() => handle.close())

	const get = async (loader: typeof autocomplete | typeof details, url: string, target = services) => {
		const response = (await loader({ request: new Request(`http://localhost:3000${url}`), context: routeContext(target), params: {} } as never)) as Response
		return { status: response.status, body: await response.json() }
	}

	test('fewer than 3 characters give no suggestions', async () => {
		expect(await get(autocomplete, '/api/places/autocomplete?input=Au')).toEqual({ status: 200, body: { predictions: [] } })
	})

	test('autocomplete then details', async () => {
		const { body } = await get(autocomplete, '/api/places/autocomplete?input=92672')
		const placeId = body.predictions[0].placeId
		expect(await get(details, `/api/places/details?placeId=${encodeURIComponent(placeId)}`)).toMatchObject({ status: 200, body: { place: { city: 'San Clemente', state: 'CA', zip: '92672' } } })
		expect((await get(details, '/api/places/details?placeId=zip%7C00000')).status).toBe(404)
		expect((await get(details, '/api/places/details')).status).toBe(400)
	})

	test('a provider failure is logged and answers 502', async () => {
		const failing = { ...services, places: { name: 'google' as const, autocomplete: async () => Promise.reject(new Error('down')), details: async () => null } }
		expect((await get(autocomplete, '/api/places/autocomplete?input=100 Main', failing)).status).toBe(502)
		expect(services.log.warn).toHaveBeenCalledWith(expect.objectContaining({ provider: 'google', err: 'down' }), 'address search failed')
	})
})
