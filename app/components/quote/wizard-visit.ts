import { ANALYTICS_CONSENT_KEY } from '#app/features/analytics/data-layer.ts'
import { readAttribution } from '#app/features/analytics/attribution.ts'
import type { StepId } from '#app/features/quote-wizard/steps.ts'
import { WIZARD_VISITS_PATH, type WizardStepReport, touchSource } from '#app/features/quote-wizard/wizard-visits.ts'

/** This tab's visit: a random id and the steps already reported (kept for the tab only, never sent but the id). */
export const WIZARD_VISIT_KEY = 'wizard-visit'

/** A tab counts its own visit, or (`resumed`) continues one counted elsewhere and reports nothing. */
type StoredVisit = { id: string; steps: string[] } | { resumed: true }

function readVisit(): StoredVisit | null {
	const saved = JSON.parse(sessionStorage.getItem(WIZARD_VISIT_KEY) ?? 'null') as Record<string, unknown> | null
	if (saved?.resumed === true) return { resumed: true }
	return saved && typeof saved.id === 'string' && Array.isArray(saved.steps) ? { id: saved.id, steps: saved.steps as string[] } : null
}

/**
 * docs/decisions/0124: reports the first time this tab's visit reaches `step`, with the program chosen so far and the
 * first touch's source and campaign, for the wizard's drop-off per step. A tab that opens on answers kept from an
 * earlier visit (`resumed`: a new tab, a return link) continues that visit and reports nothing, so a step is never
 * counted twice for one borrower. Nothing is sent when the browser asks for no tracking (Global Privacy Control), when
 * the visitor declined analytics on the consent banner, when storage or random ids are unavailable, or for a step
 * already reported; a report that fails is not retried. True when a report was sent.
 */
export function reportStepReached(step: StepId, program: string | undefined, resumed: boolean) {
	try {
		if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true) return false
		if (localStorage.getItem(ANALYTICS_CONSENT_KEY) === 'denied') return false
		const saved = readVisit()
		if (saved && 'resumed' in saved) return false
		if (!saved && resumed) {
			sessionStorage.setItem(WIZARD_VISIT_KEY, JSON.stringify({ resumed: true }))
			return false
		}
		const visit = saved ?? { id: crypto.randomUUID(), steps: [] }
		if (visit.steps.includes(step)) return false
		visit.steps.push(step)
		sessionStorage.setItem(WIZARD_VISIT_KEY, JSON.stringify(visit))
		const report: WizardStepReport = {
			visit: visit.id,
			step,
			program: program || null,
			...touchSource(readAttribution(localStorage)?.firstTouch),
		}
		// keepalive: a report sent as the visitor leaves still arrives.
		void fetch(WIZARD_VISITS_PATH, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(report),
			keepalive: true,
		}).catch(() => {})
		return true
	} catch {
		// No storage, no crypto.randomUUID (an old browser, a page not served over HTTPS): not counted.
		return false
	}
}

/** "Start a new quote": the next steps are a new visit's. */
export function forgetWizardVisit() {
	try {
		sessionStorage.removeItem(WIZARD_VISIT_KEY)
	} catch {
		// Storage unavailable: nothing was kept.
	}
}
