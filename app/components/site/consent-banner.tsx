import { useEffect, useState } from 'react'
import { type AnalyticsSettings, consentWanted, recordConsent } from '#app/features/analytics/data-layer.ts'
import { ConsentBannerView, type Placement } from './consent-banner-view.tsx'

/** Asks once, and only when staff switched analytics on; nothing is tracked before a yes. */
export function ConsentBanner({ settings, placement }: { settings: AnalyticsSettings | undefined; placement: Placement }) {
	const [visible, setVisible] = useState(false)
	useEffect(() => {
		try {
			setVisible(consentWanted(settings, localStorage))
		} catch {
			// Reading localStorage itself throws where storage is blocked: then we do not ask.
			setVisible(false)
		}
	}, [settings])
	if (!visible) return null
	return (
		<ConsentBannerView
			placement={placement}
			onAnswer={(choice) => {
				try {
					recordConsent(localStorage, choice)
				} catch {
					// Without storage we ask again next time.
				}
				setVisible(false)
			}}
		/>
	)
}
