/** The visitor's answer to the consent banner, kept in this browser. */
export const ANALYTICS_CONSENT_KEY = 'analytics-consent'

declare global {
	interface Window {
		dataLayer?: Array<Record<string, unknown>>
	}
}

export type AnalyticsSettings = { enabled: boolean; productionHostname: string }

/** Tracking is permitted when staff switched analytics on and this visitor said yes. */
export function trackingPermitted(settings: AnalyticsSettings | undefined, storage: Storage) {
	if (!settings?.enabled) return false
	try {
		return storage.getItem(ANALYTICS_CONSENT_KEY) === 'granted'
	} catch {
		return false
	}
}

type LeadContact = { firstName?: string; lastName?: string; email?: string; phone?: string }

/**
 * spec 1 §7: 'shortFormSubmit' / 'longFormSubmit' once per lead (session flag), with trimmed names and
 * lower-cased trimmed e-mail and phone; skipped without permission or with missing data.
 */
export function pushLeadEvent(
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
export function trackRouteChange(
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
