import { describe, expect, test, vi } from 'vitest'
import { attributionSchema } from '#app/features/leads/intake/lead-schema.ts'
import { currentTouch, readAttribution, recordAttribution } from './attribution.ts'
import { ANALYTICS_CONSENT_KEY, pushLeadEvent, trackRouteChange, trackingPermitted } from './data-layer.ts'

/** A Storage with nothing stored, like a first visit. */
function memoryStorage(): Storage {
	const items = new Map<string, string>()
	return {
		get length() {
			return items.size
		},
		clear: () => items.clear(),
		getItem: (key) => items.get(key) ?? null,
		key: (index) => [...items.keys()][index] ?? null,
		removeItem: (key) => void items.delete(key),
		setItem: (key, value) => void items.set(key, String(value)),
	}
}

const at = new Date('2026-11-22T10:00:00Z')
const location = (pathname: string, search = '') => ({ pathname, search, hostname: 'www.example.com' })

describe('attribution (first and last touch)', () => {
	test('a campaign visit records its UTM parameters, click ids, referrer and landing page', () => {
		expect(
			currentTouch(location('/dscr-loans', '?utm_source=google&utm_medium=cpc&gclid=abc&other=1'), 'https://www.google.com/', at),
		).toEqual({
			at: at.toISOString(),
			landingPage: '/dscr-loans?utm_source=google&utm_medium=cpc&gclid=abc&other=1',
			utm_source: 'google',
			utm_medium: 'cpc',
			gclid: 'abc',
			referrer: 'https://www.google.com/',
		})
	})

	test('Microsoft Ads and Google app click ids are campaign visits too, and reach the lead', () => {
		for (const name of ['msclkid', 'gbraid', 'wbraid']) {
			const touch = currentTouch(location('/dscr-loans', `?${name}=id-1`), '', at)
			expect(touch).toMatchObject({ [name]: 'id-1' })
			expect(attributionSchema.parse({ firstTouch: touch })).toMatchObject({ firstTouch: { [name]: 'id-1' } })
		}
	})

	test('an internal click is no touch', () => {
		expect(currentTouch(location('/contact'), 'https://www.example.com/', at)).toBeNull()
	})

	test('the first touch never changes; a later campaign visit becomes the last touch', () => {
		const storage = memoryStorage()
		recordAttribution(storage, location('/', '?utm_source=newsletter'), '', at)
		recordAttribution(storage, location('/contact'), 'https://www.example.com/', new Date('2026-11-22T11:00:00Z'))
		expect(readAttribution(storage)).toMatchObject({ firstTouch: { utm_source: 'newsletter' }, lastTouch: { utm_source: 'newsletter' } })
		recordAttribution(storage, location('/fast-quote', '?fbclid=xyz'), 'https://m.facebook.com/', new Date('2026-11-23T09:00:00Z'))
		expect(readAttribution(storage)).toMatchObject({
			firstTouch: { utm_source: 'newsletter' },
			lastTouch: { fbclid: 'xyz', landingPage: '/fast-quote?fbclid=xyz' },
		})
	})

	test('a direct first visit still records its landing page', () => {
		const storage = memoryStorage()
		recordAttribution(storage, location('/bridge-loans'), '', at)
		expect(readAttribution(storage)?.firstTouch).toEqual({ at: at.toISOString(), landingPage: '/bridge-loans' })
	})
})

describe('dataLayer events (spec 1 §7) only with consent', () => {
	const contact = { firstName: ' Jane ', lastName: ' Doe ', email: ' Jane@Example.COM ', phone: ' (949) 555-0123 ' }
	const enabled = { enabled: true, productionHostname: 'www.example.com' }

	test('nothing is tracked when analytics is off or the visitor has not agreed', () => {
		const local = memoryStorage()
		expect(trackingPermitted({ ...enabled, enabled: false }, local)).toBe(false)
		expect(trackingPermitted(enabled, local)).toBe(false)
		local.setItem(ANALYTICS_CONSENT_KEY, 'denied')
		expect(trackingPermitted(enabled, local)).toBe(false)
		const target = {} as Window
		expect(pushLeadEvent('shortFormSubmit', 'lead-1', contact, { settings: enabled, session: memoryStorage(), local, target })).toBe(false)
		expect(target.dataLayer).toBeUndefined()
	})

	test('with consent, one event per lead with trimmed names and lower-cased e-mail and phone', () => {
		const local = memoryStorage()
		local.setItem(ANALYTICS_CONSENT_KEY, 'granted')
		const session = memoryStorage()
		const target = {} as Window
		expect(pushLeadEvent('shortFormSubmit', 'lead-1', contact, { settings: enabled, session, local, target })).toBe(true)
		expect(pushLeadEvent('shortFormSubmit', 'lead-1', contact, { settings: enabled, session, local, target })).toBe(false)
		expect(target.dataLayer).toEqual([
			{
				event: 'shortFormSubmit',
				leadId: 'lead-1',
				firstName: 'Jane',
				lastName: 'Doe',
				email: 'jane@example.com',
				phone: '(949) 555-0123',
			},
		])
		expect(pushLeadEvent('longFormSubmit', 'lead-1', contact, { settings: enabled, session, local, target })).toBe(true)
		expect(
			pushLeadEvent('shortFormSubmit', 'lead-1', { ...contact, email: '' }, { settings: enabled, session: memoryStorage(), local, target }),
		).toBe(false)
	})

	test('route changes are tracked only on the production hostname; elsewhere a console message says so', () => {
		const local = memoryStorage()
		local.setItem(ANALYTICS_CONSENT_KEY, 'granted')
		const info = vi.spyOn(console, 'info').mockImplementation(() => {})
		const target = {} as Window
		expect(trackRouteChange('/contact?x=1', enabled, 'localhost', { local, target })).toBe(false)
		expect(info).toHaveBeenCalledWith(expect.stringMatching(/^Route tracking is blocked on localhost/))
		expect(trackRouteChange('/contact?x=1', enabled, 'www.example.com', { local, target })).toBe(true)
		expect(target.dataLayer).toEqual([{ event: 'routeChange', path: '/contact?x=1' }])
	})
})
