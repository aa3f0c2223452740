import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { AppServices } from '#app/context.ts'
import type { DatabaseHandle } from '#db/client.ts'
import { createTestDatabase } from '../../../tests/test-database.ts'
import { routeContext, seededServices } from '../../../tests/test-services.ts'
import { loader as autocomplete } from '../../routes/api/places.autocomplete.ts'
import { loader as details } from '../../routes/api/places.details.ts'
import { createGooglePlacesProvider } from './google-places.server.ts'
import { createOfflinePlacesProvider } from './offline-places.server.ts'
import { US_STATES } from './us-address.ts'

describe('offline places provider', () => {
	const places = createOfflinePlacesProvider()

	test('suggests ZIP codes by prefix and resolves one to its city and state', async () => {
		const suggestions = await places.autocomplete('9267')
		expect(suggestions.length).toBeGreaterThan(0)
		expect(suggestions.every((suggestion) => /^\S.*, [A-Z]{2} 9267\d, USA$/.test(suggestion.description))).toBe(true)
		const sanClemente = (await places.autocomplete('92672'))[0]!
		expect(await places.details(sanClemente.placeId)).toEqual({
			fullAddress: 'San Clemente, CA 92672, USA',
			street: '',
			city: 'San Clemente',
			state: 'CA',
			zip: '92672',
		})
	})

	test('suggests cities by name, narrowed by a state code', async () => {
		const suggestions = await places.autocomplete('Austin, TX')
		expect(suggestions[0]).toMatchObject({ description: 'Austin, TX, USA' })
		const place = await places.details(suggestions[0]!.placeId)
		expect(place).toMatchObject({ city: 'Austin', state: 'TX', street: '' })
	})

	test('a typed street followed by a city that exists in only one state becomes a full address', async () => {
		const [suggestion] = await places.autocomplete('12 Ocean Ave, San Clemente')
		expect(suggestion!.description).toBe('12 Ocean Ave, San Clemente, CA, USA')
		expect(await places.details(suggestion!.placeId)).toMatchObject({ street: '12 Ocean Ave', city: 'San Clemente', state: 'CA' })
	})

	test('a street still being typed is offered with each real city its text begins', async () => {
		const suggestions = await places.autocomplete('12 Ocean Ave, San Clem')
		expect(suggestions.map((suggestion) => suggestion.description)).toContain('12 Ocean Ave, San Clemente, CA, USA')
		expect(await places.autocomplete('12 Ocean Ave, Nowherevil')).toEqual([])
	})

	test('a street is never joined to a state the visitor did not type (Austin is in several states)', async () => {
		// Without a state, the visitor chooses among the real Austins; each suggestion is a real city and state.
		const austins = await places.autocomplete('123 Main St, Austin')
		expect(austins.length).toBeGreaterThan(1)
		for (const { description } of austins) expect(description).toMatch(/^123 Main St, Austin, (TX|MN|AR|CO|IN|KY|NV|PA|MT|OR|TN|WA)\b/)
		expect(await places.autocomplete('123 Main St, Austin, PA')).toEqual(
			expect.not.arrayContaining([expect.objectContaining({ description: expect.stringContaining(', TX') })]),
		)
		const suggestions = await places.autocomplete('123 Main St, Austin, TX')
		expect(suggestions.map((suggestion) => suggestion.description)).toEqual(['123 Main St, Austin, TX, USA'])
		expect(await places.details(suggestions[0]!.placeId)).toEqual({
			fullAddress: '123 Main St, Austin, TX, USA',
			street: '123 Main St',
			city: 'Austin',
			state: 'TX',
			zip: '',
		})
	})

	test('a street with a ZIP code gets the city and state of that ZIP, and the ZIP is filled in', async () => {
		for (const typed of ['123 Main St, 78701', '123 Main St, Austin, TX 78701', '123 main st, austin tx 78701']) {
			const suggestions = await places.autocomplete(typed)
			expect(suggestions, typed).toHaveLength(1)
			const place = await places.details(suggestions[0]!.placeId)
			expect(place, typed).toMatchObject({ city: 'Austin', state: 'TX', zip: '78701' })
			// The street stays exactly as typed.
			expect(place!.street).toBe(typed.split(',')[0])
		}
		expect((await places.details((await places.autocomplete('9 Elm St, Texas 78701-1234'))[0]!.placeId))!.zip).toBe('78701-1234')
	})

	test('a street with a city, state or ZIP that do not agree gets no suggestion', async () => {
		expect(await places.autocomplete('123 Main St, Austin, PA 78701')).toEqual([])
		expect(await places.autocomplete('123 Main St, Dallas, TX 78701')).toEqual([])
		expect(await places.autocomplete('123 Main St, Austin, ZZ')).toEqual([])
		expect(await places.autocomplete('123 Main St, Nowhereville, TX')).toEqual([])
		expect(await places.autocomplete('123 Main St, 00000')).toEqual([])
	})

	test('details re-check a street place id against the dataset', async () => {
		expect(await places.details('street|1%20Main%20St|Austin|PA|78701')).toBeNull()
		expect(await places.details('street|1%20Main%20St|Gotham|NY|')).toBeNull()
		expect(await places.details('street|1%20Main%20St|Austin|TX|78701')).toMatchObject({ city: 'Austin', state: 'TX', zip: '78701' })
	})

	test('a city that exists in one state only, typed without it, fills the state; a state name works as well as its code', async () => {
		expect((await places.autocomplete('Austin, Texas'))[0]).toMatchObject({ description: 'Austin, TX, USA' })
		expect((await places.autocomplete('New York'))[0]!.description).toMatch(/^New York, NY, USA$/)
	})

	test('every suggestion names a real city, state and ZIP from the dataset', async () => {
		for (const typed of ['Aus', 'Springfield', '100 Oak Rd, Springfield, IL', '5 Pine Ct, 10001']) {
			for (const suggestion of await places.autocomplete(typed)) {
				const place = (await places.details(suggestion.placeId))!
				expect(place, suggestion.description).not.toBeNull()
				expect(Object.keys(US_STATES)).toContain(place.state)
				if (place.zip) expect(place.zip).toMatch(/^\d{5}(-\d{4})?$/)
			}
		}
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
		expect(await google.details('ChIJabc')).toEqual({
			fullAddress: '100 Main St, Austin, TX 78701, USA',
			street: '100 Main St',
			city: 'Austin',
			state: 'TX',
			zip: '78701',
		})
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
		const response = (await loader({
			request: new Request(`http://localhost:3000${url}`),
			context: routeContext(target),
			params: {},
		} as never)) as Response
		return { status: response.status, body: await response.json() }
	}

	test('fewer than 3 characters give no suggestions', async () => {
		expect(await get(autocomplete, '/api/places/autocomplete?input=Au')).toEqual({ status: 200, body: { predictions: [] } })
	})

	test('autocomplete then details', async () => {
		const { body } = await get(autocomplete, '/api/places/autocomplete?input=92672')
		const placeId = body.predictions[0].placeId
		expect(await get(details, `/api/places/details?placeId=${encodeURIComponent(placeId)}`)).toMatchObject({
			status: 200,
			body: { place: { city: 'San Clemente', state: 'CA', zip: '92672' } },
		})
		expect((await get(details, '/api/places/details?placeId=zip%7C00000')).status).toBe(404)
		expect((await get(details, '/api/places/details')).status).toBe(400)
	})

	test('a provider failure is logged and answers 502', async () => {
		const failing = {
			...services,
			places: { name: 'google' as const, autocomplete: async () => Promise.reject(new Error('down')), details: async () => null },
		}
		expect((await get(autocomplete, '/api/places/autocomplete?input=100 Main', failing)).status).toBe(502)
		expect(services.log.warn).toHaveBeenCalledWith(
			expect.objectContaining({ provider: 'google', err: expect.objectContaining({ message: 'down' }) }),
			'address search failed',
		)
	})
})
