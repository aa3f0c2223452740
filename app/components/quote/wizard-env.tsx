import { createContext, useContext } from 'react'
import type { AnalyticsSettings } from '#app/features/analytics/data-layer.ts'
import type { Company } from '#app/features/content/content-schemas.ts'

/**
 * What the quote wizard needs from its page, whoever runs it (docs/decisions/0064): React Router when the
 * wizard is rendered on the server or reached by a client-side navigation, the browser's own history when
 * the page boots the wizard alone (its island, without React Router's bundle).
 */
export type WizardLocation = { pathname: string; search: string; hash: string; state: unknown; key: string }

export type WizardNavigateOptions = { replace?: boolean; state?: unknown }

/** The page's data the wizard reads: the root's company and analytics settings, the wizard route's own. */
export type WizardPageData = {
	company: Company
	analytics: AnalyticsSettings
	programDescriptions: Record<string, string>
	consent: { text: string; version: string }
	schedulingUrl: string | null
	maxLtvByProduct: Record<string, number>
	/** The fewest completed projects each short-term program prices, from the rate sheet (docs/decisions/0074). */
	minExperienceByProgram: Record<string, number>
}

export type WizardEnv = {
	location: WizardLocation
	/** How the current entry was reached: a history move (Back, Forward, the first load) is POP. */
	navigationType: 'POP' | 'PUSH' | 'REPLACE'
	/** A new or replaced entry of this page (`to` is its search and hash), a move in history (a number) or another page (a path). */
	navigate: (to: string | { search: string; hash: string } | number, options?: WizardNavigateOptions) => void
	data: WizardPageData
}

const WizardEnvContext = createContext<WizardEnv | null>(null)

export const WizardEnvProvider = WizardEnvContext.Provider

export function useWizardEnv() {
	const env = useContext(WizardEnvContext)
	if (!env) throw new Error('useWizardEnv must be used within a WizardEnvProvider')
	return env
}

/** The company record (brand values are never literals in components). */
export const useWizardCompany = () => useWizardEnv().data.company
