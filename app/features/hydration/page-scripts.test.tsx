import { Fragment } from 'react'
import { describe, expect, test } from 'vitest'
import { ratesPanelScript } from '#app/components/site/home/rates-panel-script.ts'
import { readAttribution } from '#app/features/analytics/attribution.ts'
import { ESTIMATE_PANEL, monthlyPayment } from '#app/features/calculator/mortgage.ts'
import { formatWholeDollars } from '#app/features/leads/money.ts'
import { bootScript, pageHydrates, splitScripts, staticPageScript } from './page-scripts.tsx'

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
		expect(pageHydrates([root, layout, interactivePage], false)).toBe(true)
		expect(pageHydrates([root, layout, staticPage], false)).toBe(false)
	})

	test('with analytics on, every page hydrates: the consent banner and route tracking are React code', () => {
		expect(pageHydrates([root, layout, staticPage], true)).toBe(true)
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
			expect(panel.amount.textContent).toBe(formatWholeDollars(value))
			expect(panel.slider.attributes['aria-valuetext']).toBe(formatWholeDollars(value))
			expect(panel.payment.textContent).toBe(formatWholeDollars(monthlyPayment(value, 5.875, 360)))
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
