import { Fragment } from 'react'
import { describe, expect, test } from 'vitest'
import { ratesPanelScript } from '#app/components/site/home/rates-panel-script.ts'
import { readAttribution } from '#app/features/analytics/attribution.ts'
import { ANALYTICS_CONSENT_KEY } from '#app/features/analytics/data-layer.ts'
import { ESTIMATE_PANEL, monthlyPayment } from '#app/features/calculator/mortgage.ts'
import { formatDollars } from '#app/features/money/money.ts'
import { bootScript, pageHydrates, pageIsland, splitScripts, staticPageScript } from './page-scripts.tsx'

const root = { handle: undefined }
const layout = { handle: undefined }
const staticPage = { handle: { hydrate: false } }
const interactivePage = { handle: { title: 'something else' } }

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

describe('which pages hydrate (docs/decisions/0037)', () => {
	test('a page hydrates unless one of its routes says hydrate: false', () => {
		expect(pageHydrates([root, layout, interactivePage])).toBe(true)
		expect(pageHydrates([root, layout, staticPage])).toBe(false)
	})

	// docs/decisions/0064: a page whose route names an island boots it instead of the bundle, when the build has it.
	test('a page with an island in the build boots the island, not the bundle', () => {
		const island = { src: '/assets/island-quote-wizard-abc.js', preloads: ['/assets/island-shared-def.js'] }
		const wizard = { handle: { island: 'quote-wizard' }, loaderData: { island } }
		expect(pageIsland([root, wizard])).toEqual(island)
		expect(pageHydrates([root, wizard])).toBe(false)
	})

	test('without the island build (the development server) the same page hydrates with the bundle', () => {
		const wizard = { handle: { island: 'quote-wizard' }, loaderData: { island: null } }
		expect(pageIsland([root, wizard])).toBeNull()
		expect(pageHydrates([root, wizard])).toBe(true)
	})

	test('an island is only a route’s own: loader data naming one on a route that does not is ignored', () => {
		const page = { handle: undefined, loaderData: { island: { src: '/assets/x.js', preloads: [] } } }
		expect(pageIsland([root, page])).toBeNull()
		expect(pageHydrates([root, page])).toBe(true)
	})
})

/** A page without a bundle as its inline script sees it: a banner the server rendered hidden, storage, the data layer. */
function fakeStaticPage({ consent = null as string | null, hostname = 'www.example.com', banner = true } = {}) {
	const localStorage = memoryStorage()
	if (consent !== null) localStorage.setItem(ANALYTICS_CONSENT_KEY, consent)
	const clicks = new Map<string, () => void>()
	const button = (choice: string) => ({
		dataset: { consentChoice: choice },
		addEventListener: (type: string, listener: () => void) => type === 'click' && clicks.set(choice, listener),
	})
	const element = {
		hidden: true,
		removed: false,
		querySelectorAll: () => [button('denied'), button('granted')],
		remove() {
			this.removed = true
		},
	}
	const document = { getElementById: (id: string) => (banner && id === 'consent-banner' ? element : null), referrer: '' }
	const window = {} as { dataLayer?: unknown[] }
	const infos: string[] = []
	const location = { pathname: '/dscr-loans', search: '?a=1', hostname }
	const script = staticPageScript([root, staticPage], { enabled: true, productionHostname: 'www.example.com' })
	new Function('localStorage', 'location', 'document', 'window', 'console', script)(localStorage, location, document, window, {
		info: (text: string) => infos.push(text),
	})
	return { banner: element, localStorage, window, infos, click: (choice: string) => clicks.get(choice)!() }
}

describe('a page without a bundle while analytics is on (docs/decisions/0044)', () => {
	test('a visitor who has not answered sees the banner; Accept is remembered, removes it and tracks from then on', () => {
		const page = fakeStaticPage()
		expect(page.banner.hidden).toBe(false)
		expect(page.window.dataLayer).toBeUndefined()
		page.click('granted')
		expect(page.localStorage.getItem(ANALYTICS_CONSENT_KEY)).toBe('granted')
		expect(page.banner.removed).toBe(true)
		const next = fakeStaticPage({ consent: 'granted' })
		expect(next.banner.hidden).toBe(true)
		expect(next.window.dataLayer).toEqual([{ event: 'routeChange', path: '/dscr-loans?a=1' }])
	})

	test('Decline is remembered and nothing is tracked; the banner stays hidden on the next page', () => {
		const page = fakeStaticPage()
		page.click('denied')
		expect(page.localStorage.getItem(ANALYTICS_CONSENT_KEY)).toBe('denied')
		const next = fakeStaticPage({ consent: 'denied' })
		expect(next.banner.hidden).toBe(true)
		expect(next.window.dataLayer).toBeUndefined()
	})

	test('off the production host the page view is not tracked even with consent, and says why', () => {
		const page = fakeStaticPage({ consent: 'granted', hostname: 'staging.example.com' })
		expect(page.window.dataLayer).toBeUndefined()
		expect(page.infos).toEqual(['Route tracking is blocked on staging.example.com: it runs only on www.example.com'])
	})

	test('with analytics off the page gets no consent code at all', () => {
		expect(staticPageScript([root, staticPage], { enabled: false, productionHostname: 'www.example.com' })).toBe(
			staticPageScript([root, staticPage]),
		)
		expect(staticPageScript([root, staticPage], { enabled: true, productionHostname: 'www.example.com' })).toContain('enhanceStaticPage')
	})

	test('a hostname cannot end the inline script', () => {
		const script = staticPageScript([root, staticPage], { enabled: true, productionHostname: '</script><script>alert(1)' })
		expect(script).not.toContain('</script>')
	})
})

describe('the inline script of a page without a bundle', () => {
	test('records the attribution with the same code as a hydrated page, then runs the routes’ own scripts in order', () => {
		const localStorage = memoryStorage()
		const ran: string[] = []
		const script = staticPageScript([root, { handle: { hydrate: false, script: 'ran.push("page")' } }])
		const location = { pathname: '/dscr-loans', search: '?utm_source=google&gclid=abc', hostname: 'www.example.com' }
		new Function('localStorage', 'location', 'document', 'ran', script)(
			localStorage,
			location,
			{ referrer: 'https://www.google.com/' },
			ran,
		)
		expect(readAttribution(localStorage)?.firstTouch).toMatchObject({
			landingPage: '/dscr-loans?utm_source=google&gclid=abc',
			utm_source: 'google',
			gclid: 'abc',
			referrer: 'https://www.google.com/',
		})
		expect(ran).toEqual(['page'])
	})

	test('blocked storage (reading localStorage throws) stops neither the attribution line nor the page script', () => {
		const ran: string[] = []
		const script = staticPageScript([{ handle: { hydrate: false, script: 'ran.push("page")' } }])
		const blocked = {
			get localStorage(): Storage {
				throw new Error('SecurityError')
			},
		}
		expect(() => new Function('window', 'ran', `with (window) { ${script} }`)(blocked, ran)).not.toThrow()
		expect(ran).toEqual(['page'])
	})
})

/** The few DOM parts the rates panel script touches. */
function fakeRatesPanel(search = '', { reducedMotion = false } = {}) {
	const listeners: Array<() => void> = []
	const text = () => ({ textContent: '' })
	const amount = text()
	const payment = text()
	const slider = {
		value: String(ESTIMATE_PANEL.defaultLoanAmount),
		attributes: {} as Record<string, string>,
		addEventListener: (type: string, listener: () => void) => type === 'input' && listeners.push(listener),
		setAttribute(name: string, value: string) {
			this.attributes[name] = value
		},
	}
	const scrolled: unknown[] = []
	const panel = {
		dataset: { rate: '5.875', termMonths: '360' },
		querySelector: (selector: string) =>
			({ '[data-testid="loan-amount"]': amount, '[data-testid="monthly-payment"]': payment })[selector] ?? null,
		scrollIntoView: (options: unknown) => scrolled.push(options),
	}
	const document = { getElementById: (id: string) => ({ 'quote-form': panel, 'loan-amount': slider })[id] ?? null }
	const timers: Array<{ run: () => void; ms: number }> = []
	const setTimeout = (run: () => void, ms: number) => timers.push({ run, ms })
	const matchMedia = (query: string) => ({ matches: reducedMotion && query === '(prefers-reduced-motion: reduce)' })
	new Function('document', 'location', 'setTimeout', 'matchMedia', ratesPanelScript)(document, { search }, setTimeout, matchMedia)
	const move = (value: number) => {
		slider.value = String(value)
		for (const listener of listeners) listener()
	}
	return { amount, payment, slider, move, scrolled, timers }
}

describe('the home page’s rates panel without React', () => {
	test('every slider position shows the amount and the payment the hydrated panel would show', () => {
		const panel = fakeRatesPanel()
		for (let value = ESTIMATE_PANEL.sliderMin; value <= ESTIMATE_PANEL.sliderMax; value += ESTIMATE_PANEL.sliderStep) {
			panel.move(value)
			expect(panel.amount.textContent).toBe(formatDollars(value))
			expect(panel.slider.attributes['aria-valuetext']).toBe(formatDollars(value))
			expect(panel.payment.textContent).toBe(formatDollars(monthlyPayment(value, 5.875, 360)))
		}
	})

	test('?scrollTo=quote-form scrolls smoothly to the panel after 100 ms; without it nothing scrolls', () => {
		const asked = fakeRatesPanel('?scrollTo=quote-form')
		expect(asked.timers.map((timer) => timer.ms)).toEqual([100])
		expect(asked.scrolled).toEqual([])
		asked.timers[0]!.run()
		expect(asked.scrolled).toEqual([{ behavior: 'smooth' }])

		expect(fakeRatesPanel('?scrollTo=elsewhere').timers).toEqual([])
	})

	test('a visitor who asked for reduced motion is taken to the panel without the animation', () => {
		const asked = fakeRatesPanel('?scrollTo=quote-form', { reducedMotion: true })
		asked.timers[0]!.run()
		expect(asked.scrolled).toEqual([{ behavior: 'auto' }])
	})
})

describe('React Router’s scripts, started after the first paint', () => {
	const scripts = (
		<>
			<link rel="modulepreload" href="/assets/manifest.js" />
			<link rel="modulepreload" href="/assets/entry.client.js" />
			{[<link key="a" rel="modulepreload" href="/assets/framework.js" />, <link key="b" rel="modulepreload" href="/assets/root.js" />]}
			{/* biome-ignore lint/complexity/noUselessFragments: React Router's <Scripts> output has this very shape. */}
			<Fragment>
				{/* biome-ignore lint/security/noDangerouslySetInnerHtml: a stand-in for React Router's inline scripts. */}
				<script dangerouslySetInnerHTML={{ __html: 'window.__reactRouterContext = {}' }} />
				{/* biome-ignore lint/security/noDangerouslySetInnerHtml: a stand-in for React Router's inline scripts. */}
				<script type="module" async dangerouslySetInnerHTML={{ __html: 'import * as route0 from "/assets/root.js";</script>' }} />
			</Fragment>
		</>
	)

	test('no module preload and no module script is left in the page; the hand-off script stays', () => {
		const { preloads, moduleCode, kept } = splitScripts(scripts)
		expect(preloads).toEqual(['/assets/manifest.js', '/assets/entry.client.js', '/assets/framework.js', '/assets/root.js'])
		expect(moduleCode).toBe('import * as route0 from "/assets/root.js";</script>')
		expect(kept).toHaveLength(1)
		expect(kept[0]!.type).toBe('script')
	})

	/** Runs the boot script against fakes of the few browser parts it uses. */
	function runBoot(options: { paintTiming: boolean }) {
		const { preloads, moduleCode } = splitScripts(scripts)
		const script = bootScript(preloads, moduleCode!)
		const appended: Array<{ parent: string; element: Record<string, string> }> = []
		const document = {
			currentScript: { nonce: 'n0nce' },
			createElement: () => ({}) as Record<string, string>,
			head: { appendChild: (child: Record<string, string>) => appended.push({ parent: 'head', element: child }) },
			body: { appendChild: (child: Record<string, string>) => appended.push({ parent: 'body', element: child }) },
		}
		const frames: Array<() => void> = []
		const timers: Array<{ run: () => void; ms: number }> = []
		let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined
		let observed: unknown
		class FakePerformanceObserver {
			constructor(callback: typeof report) {
				if (!options.paintTiming) throw new TypeError('PerformanceObserver is not defined')
				report = callback
			}
			observe(init: unknown) {
				observed = init
			}
		}
		const paints = (...names: string[]) => report!({ getEntriesByName: (name: string) => names.filter((entry) => entry === name) })
		new Function('document', 'PerformanceObserver', 'requestAnimationFrame', 'setTimeout', script)(
			document,
			FakePerformanceObserver,
			(run: () => void) => frames.push(run),
			(run: () => void, ms: number) => timers.push({ run, ms }),
		)
		return { script, preloads, moduleCode, appended, frames, timers, paints, observed: () => observed }
	}

	test('the boot script adds the preloads and the module script only once the first contentful paint is reported', () => {
		const boot = runBoot({ paintTiming: true })
		expect(boot.script).not.toMatch(/<\/script|<!--/i)
		expect(boot.observed()).toEqual({ type: 'paint', buffered: true })
		boot.paints('first-paint')
		expect(boot.appended).toEqual([])
		boot.paints('first-paint', 'first-contentful-paint')
		expect(boot.appended.slice(0, 4).map(({ parent, element }) => [parent, element.rel, element.href])).toEqual(
			boot.preloads.map((href) => ['head', 'modulepreload', href]),
		)
		expect(boot.appended[4]).toEqual({ parent: 'body', element: { type: 'module', nonce: 'n0nce', textContent: boot.moduleCode } })
		// Started once: a later report or the fallback timer adds nothing more.
		boot.paints('first-contentful-paint')
		for (const timer of boot.timers) timer.run()
		expect(boot.appended).toHaveLength(5)
	})

	test('without paint timing it waits two animation frames; a page that never paints starts after 5 s', () => {
		const boot = runBoot({ paintTiming: false })
		expect(boot.appended).toEqual([])
		boot.frames.shift()!()
		expect(boot.appended).toEqual([])
		boot.frames.shift()!()
		expect(boot.appended).toHaveLength(5)

		const hidden = runBoot({ paintTiming: true })
		expect(hidden.timers.map((timer) => timer.ms)).toEqual([5000])
		hidden.timers[0]!.run()
		expect(hidden.appended).toHaveLength(5)
	})
})
