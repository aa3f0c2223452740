import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HistoryWizardEnv } from '#app/components/quote/history-wizard-env.tsx'
import { WIZARD_DATA_ID, WIZARD_ROOT_ID, WizardApp } from '#app/components/quote/wizard-app.tsx'
import type { WizardPageData } from '#app/components/quote/wizard-env.tsx'

/**
 * The quote wizard's own boot (docs/decisions/0064): React hydrates the wizard alone, without React Router's
 * bundle; the page's data comes from the JSON the server rendered beside it. Hydrating in a transition lets React
 * yield to the browser between pieces of the page instead of holding the main thread for all of it (decision 0121).
 */
const container = document.getElementById(WIZARD_ROOT_ID)
const json = document.getElementById(WIZARD_DATA_ID)?.textContent
if (container && json) {
	const data = JSON.parse(json) as WizardPageData
	startTransition(() => {
		hydrateRoot(
			container,
			<StrictMode>
				<HistoryWizardEnv data={data}>
					<WizardApp />
				</HistoryWizardEnv>
			</StrictMode>,
		)
	})
}
