import type { Attribution } from '#app/features/leads/intake/lead-schema.ts'

type Touch = NonNullable<Attribution['firstTouch']>

/**
 * Builds the attribution functions. It is self-contained (it uses no name declared outside its body) so
 * that pages that ship no JavaScript bundle run this very code as an inline script (`attributionScript`,
 * docs/decisions/0037).
 */
function attributionFunctions() {
	const STORAGE_KEY = 'attribution'
	const CAMPAIGN_PARAMS = [
		'utm_source',
		'utm_medium',
		'utm_campaign',
		'utm_term',
		'utm_content',
		'gclid',
		'fbclid',
		'msclkid',
		'gbraid',
		'wbraid',
	] as const

	/** The campaign facts of the current page view, or null when it carries none (an internal click). */
	function currentTouch(location: Pick<Location, 'search' | 'pathname' | 'hostname'>, referrer: string, at: Date): Touch | null {
		const params = new URLSearchParams(location.search)
		const touch: Touch = { at: at.toISOString(), landingPage: `${location.pathname}${location.search}`.slice(0, 1000) }
		let campaign = false
		for (const name of CAMPAIGN_PARAMS) {
			const value = params.get(name)
			if (value) {
				touch[name] = value.slice(0, 300)
				campaign = true
			}
		}
		let external = false
		if (referrer) {
			try {
				external = new URL(referrer).hostname !== location.hostname
			} catch {
				external = false
			}
			if (external) touch.referrer = referrer.slice(0, 1000)
		}
		return campaign || external ? touch : null
	}

	/**
	 * Kept from the visitor's first page: the first touch never changes; the last touch is replaced by
	 * every later visit that came from a campaign or another site.
	 */
	function recordAttribution(
		storage: Storage,
		location: Pick<Location, 'search' | 'pathname' | 'hostname'>,
		referrer: string,
		now = new Date(),
	) {
		try {
			const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Attribution | null
			const touch = currentTouch(location, referrer, now)
			if (saved?.firstTouch) {
				if (touch) storage.setItem(STORAGE_KEY, JSON.stringify({ ...saved, lastTouch: touch }))
				return
			}
			// The first page counts even when it is direct: its landing page is still worth knowing.
			const first = touch ?? { at: now.toISOString(), landingPage: `${location.pathname}${location.search}`.slice(0, 1000) }
			storage.setItem(STORAGE_KEY, JSON.stringify({ firstTouch: first, lastTouch: first }))
		} catch {
			// Storage unavailable: attribution is a nice-to-have.
		}
	}

	function readAttribution(storage: Storage): Attribution | undefined {
		try {
			return (JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Attribution | null) ?? undefined
		} catch {
			return undefined
		}
	}

	return { currentTouch, recordAttribution, readAttribution }
}

export const { currentTouch, recordAttribution, readAttribution } = attributionFunctions()

/**
 * What the root route does on every page view, as inline script text for a page without a bundle. Reading
 * `localStorage` itself throws where storage is blocked, hence the outer try.
 */
export const attributionScript = `try{(${attributionFunctions})().recordAttribution(localStorage,location,document.referrer)}catch(e){}`
