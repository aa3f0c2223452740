import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ANALYTICS_CONSENT_KEY } from '#app/features/analytics/data-layer.ts'
import { WIZARD_VISITS_PATH } from '#app/features/quote-wizard/wizard-visits.ts'
import { WIZARD_VISIT_KEY, forgetWizardVisit, reportStepReached } from './wizard-visit.ts'

// docs/decisions/0124: what the wizard reports of a visit, and when it reports nothing.

const fetchMock = vi.fn(async () => new Response(null, { status: 202 }))
const sent = () =>
	fetchMock.mock.calls.map((call) => {
		const [url, init] = call as unknown as [string, RequestInit]
		expect(url).toBe(WIZARD_VISITS_PATH)
		expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' } })
		return JSON.parse(String(init.body)) as Record<string, unknown>
	})

beforeEach(() => {
	sessionStorage.clear()
	localStorage.clear()
	fetchMock.mockClear()
	vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
	vi.unstubAllGlobals()
	Reflect.deleteProperty(navigator, 'globalPrivacyControl')
})

describe('a visit’s reports', () => {
	test('each step once, with one random id for the tab, the program chosen so far and the first touch', () => {
		localStorage.setItem('attribution', JSON.stringify({ firstTouch: { utm_source: 'google', utm_campaign: 'dscr-spring' } }))
		expect(reportStepReached('loan-program', undefined, false)).toBe(true)
		expect(reportStepReached('property-type', 'dscr', false)).toBe(true)
		expect(reportStepReached('property-type', 'dscr', false)).toBe(false)
		expect(reportStepReached('loan-program', 'dscr', false)).toBe(false)
		const [first, second] = sent()
		expect(first).toEqual({
			visit: expect.stringMatching(/^[0-9a-f-]{36}$/),
			step: 'loan-program',
			program: null,
			source: 'google',
			campaign: 'dscr-spring',
		})
		expect(second).toEqual({ ...first, step: 'property-type', program: 'dscr' })
		expect(sent()).toHaveLength(2)
	})

	test('a referral without campaign tags is "Referral", nothing at all "Direct"', () => {
		localStorage.setItem('attribution', JSON.stringify({ firstTouch: { referrer: 'https://biggerpockets.com/forum' } }))
		reportStepReached('loan-program', undefined, false)
		expect(sent()[0]).toMatchObject({ source: 'Referral', campaign: '' })
		sessionStorage.clear()
		localStorage.clear()
		reportStepReached('loan-program', undefined, false)
		expect(sent()[1]).toMatchObject({ source: 'Direct', campaign: '' })
	})

	test('a tab that opens on saved answers continues a visit counted elsewhere: it reports nothing, then or later', () => {
		expect(reportStepReached('property-address', 'dscr', true)).toBe(false)
		expect(reportStepReached('short-thank-you', 'dscr', false)).toBe(false)
		expect(fetchMock).not.toHaveBeenCalled()
		// A reload of a tab already counting goes on counting, even though it now opens on saved answers.
		sessionStorage.clear()
		reportStepReached('loan-program', undefined, false)
		expect(reportStepReached('property-type', 'dscr', true)).toBe(true)
	})

	test('"Start a new quote" starts a new visit, with a new id', () => {
		reportStepReached('loan-program', undefined, false)
		forgetWizardVisit()
		expect(reportStepReached('loan-program', undefined, false)).toBe(true)
		const [first, second] = sent()
		expect(second!.visit).not.toBe(first!.visit)
	})
})

describe('nothing is reported', () => {
	test('when the browser sends Global Privacy Control', () => {
		Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true })
		expect(reportStepReached('loan-program', undefined, false)).toBe(false)
		expect(fetchMock).not.toHaveBeenCalled()
		expect(sessionStorage.getItem(WIZARD_VISIT_KEY)).toBeNull()
	})

	test('when the visitor declined analytics on the consent banner', () => {
		localStorage.setItem(ANALYTICS_CONSENT_KEY, 'denied')
		expect(reportStepReached('loan-program', undefined, false)).toBe(false)
		localStorage.setItem(ANALYTICS_CONSENT_KEY, 'granted')
		expect(reportStepReached('loan-program', undefined, false)).toBe(true)
	})

	test('when storage cannot be used (a private mode that refuses it)', () => {
		const refusing = {
			getItem: () => {
				throw new Error('SecurityError')
			},
		}
		vi.stubGlobal('sessionStorage', refusing)
		expect(reportStepReached('loan-program', undefined, false)).toBe(false)
		expect(fetchMock).not.toHaveBeenCalled()
	})
})
