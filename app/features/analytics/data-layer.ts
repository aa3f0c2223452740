declare global {
	interface Window {
		dataLayer?: Array<Record<string, unknown>>
	}
}

export type AnalyticsSettings = { enabled: boolean; productionHostname: string }

type LeadContact = { firstName?: string; lastName?: string; email?: string; phone?: string }

/**
 * The consent and data-layer rules. Self-contained (it uses no name declared outside its body), so that a
 * page without a JavaScript bundle runs this very code as its inline script (`consentScript`,
 * docs/decisions/0037 and 0044).
 */
function analyticsFunctions() {
	/** The visitor's answer to the consent banner, kept in this browser. */
	const ANALYTICS_CONSENT_KEY = 'analytics-consent'

	/** Tracking is permitted when staff switched analytics on and this visitor said yes. */
	function trackingPermitted(settings: AnalyticsSettings | undefined, storage: Storage) {
		if (!settings?.enabled) return false
		try {
			return storage.getItem(ANALYTICS_CONSENT_KEY) === 'granted'
		} catch {
			return false
		}
	}

	/** Whether to ask: analytics is on and this visitor has not answered yet (never where storage is blocked). */
	function consentWanted(settings: AnalyticsSettings | undefined, storage: Storage) {
		if (!settings?.enabled) return false
		try {
			return storage.getItem(ANALYTICS_CONSENT_KEY) === null
		} catch {
			return false
		}
	}

	function recordConsent(storage: Storage, choice: 'granted' | 'denied') {
		try {
			storage.setItem(ANALYTICS_CONSENT_KEY, choice)
		} catch {
			// Without storage we ask again next time.
		}
	}

	/**
	 * spec 1 §7: 'shortFormSubmit' / 'longFormSubmit' once per lead (session flag), with trimmed names and
	 * lower-cased trimmed e-mail and phone; skipped without permission or with missing data.
	 */
	function pushLeadEvent(
		event: 'shortFormSubmit' | 'longFormSubmit',
		leadId: string | undefined,
		contact: LeadContact,
		options: { settings: AnalyticsSettings | undefined; session: Storage; local: Storage; target: Window },
	) {
		if (!trackingPermitted(options.settings, options.local)) return false
		const { firstName, lastName, email, phone } = contact
		if (!leadId || !firstName || !lastName || !email || !phone) return false
		const flag = `datalayer-${event}-${leadId}`
		if (options.session.getItem(flag)) return false
		options.target.dataLayer ??= []
		options.target.dataLayer.push({
			event,
			leadId,
			firstName: firstName.trim(),
			lastName: lastName.trim(),
			email: email.trim().toLowerCase(),
			phone: phone.trim().toLowerCase(),
		})
		options.session.setItem(flag, '1')
		return true
	}

	/** spec 1 §4: route-change tracking runs only on the production hostname. */
	function trackRouteChange(
		path: string,
		settings: AnalyticsSettings | undefined,
		hostname: string,
		options: { local: Storage; target: Window },
	) {
		if (hostname !== settings?.productionHostname) {
			console.info(`Route tracking is blocked on ${hostname}: it runs only on ${settings?.productionHostname ?? 'the production host'}`)
			return false
		}
		if (!trackingPermitted(settings, options.local)) return false
		options.target.dataLayer ??= []
		options.target.dataLayer.push({ event: 'routeChange', path })
		return true
	}

	/**
	 * A page without a bundle: its page view is tracked as a hydrated page's would be, and the banner the
	 * server rendered hidden (`id="consent-banner"`) is shown to a visitor who has not answered; its buttons
	 * (`data-consent-choice`) record the answer and remove it.
	 */
	function enhanceStaticPage(settings: AnalyticsSettings) {
		trackRouteChange(`${location.pathname}${location.search}`, settings, location.hostname, { local: localStorage, target: window })
		const banner = document.getElementById('consent-banner')
		if (!banner || !consentWanted(settings, localStorage)) return
		banner.hidden = false
		for (const button of banner.querySelectorAll<HTMLElement>('[data-consent-choice]')) {
			button.addEventListener('click', () => {
				recordConsent(localStorage, button.dataset.consentChoice === 'granted' ? 'granted' : 'denied')
				banner.remove()
			})
		}
	}

	return { ANALYTICS_CONSENT_KEY, trackingPermitted, consentWanted, recordConsent, pushLeadEvent, trackRouteChange, enhanceStaticPage }
}

export const { ANALYTICS_CONSENT_KEY, trackingPermitted, consentWanted, recordConsent, pushLeadEvent, trackRouteChange } =
	analyticsFunctions()

/** The inline script of a page without a bundle while analytics is on; blocked storage stops nothing else. */
export const consentScript = (settings: AnalyticsSettings) =>
	`try{(${analyticsFunctions})().enhanceStaticPage(${JSON.stringify(settings).replace(/</g, '\\u003c')})}catch(e){}`
