import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { ConsentBannerPlacement } from '#app/features/analytics/consent-banner-placement.ts'
import { ANALYTICS_CONSENT_KEY, type AnalyticsSettings } from '#app/features/analytics/data-layer.ts'

const placementStyles = {
	// In the flow of the page, above everything: it can never cover the wizard's fixed Back/Continue bar.
	top: 'relative border-b',
	bottom: 'fixed inset-x-0 bottom-0 z-50 border-t shadow-lg',
} as const

/** Asks once, and only when staff switched analytics on; nothing is tracked before a yes. */
export function ConsentBanner({
	settings,
	placement,
}: {
	settings: AnalyticsSettings | undefined
	placement: Exclude<ConsentBannerPlacement, 'none'>
}) {
	const [visible, setVisible] = useState(false)
	useEffect(() => {
		try {
			setVisible(Boolean(settings?.enabled) && localStorage.getItem(ANALYTICS_CONSENT_KEY) === null)
		} catch {
			setVisible(false)
		}
	}, [settings?.enabled])
	if (!visible) return null
	const answer = (choice: 'granted' | 'denied') => {
		try {
			localStorage.setItem(ANALYTICS_CONSENT_KEY, choice)
		} catch {
			// Without storage we ask again next time.
		}
		setVisible(false)
	}
	return (
		<div
			role="region"
			aria-label="Cookie consent"
			data-placement={placement}
			className={`${placementStyles[placement]} border-slate-200 bg-white p-4`}
		>
			<div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
				<p className="text-sm text-slate-700">
					We use analytics to understand how visitors use this site and improve it. May we? See our{' '}
					<Link to="/privacy-policy" className="font-semibold text-brand-700 underline">
						Privacy Policy
					</Link>
					.
				</p>
				<div className="flex gap-2">
					<button
						type="button"
						onClick={() => answer('denied')}
						className="rounded-md border-2 border-slate-300 px-4 py-2 font-semibold text-slate-800"
					>
						Decline
					</button>
					<button type="button" onClick={() => answer('granted')} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
						Accept
					</button>
				</div>
			</div>
		</div>
	)
}
