import type { StepId } from './steps.ts'

/**
 * docs/decisions/0124: the quote wizard's step-to-step drop-off. The browser reports each step a visit reaches, once;
 * the server counts them. This file is read by the wizard's island, so it holds no library (no zod): the route checks
 * what arrives with its own schema.
 */

/** Where the wizard reports a step reached (POST, JSON). */
export const WIZARD_VISITS_PATH = '/api/wizard-visits'

/** What one report carries: the visit's random id, the step, the program chosen so far, the first touch. */
export type WizardStepReport = { visit: string; step: StepId; program: string | null; source: string; campaign: string }

/**
 * The first touch's source and campaign, read as the dashboard reads a lead's (decision 0108): its utm_source, else
 * "Referral" for another site, else "Direct"; its utm_campaign or ''.
 */
export function touchSource(firstTouch: { utm_source?: string; utm_campaign?: string; referrer?: string } | undefined) {
	const source = firstTouch?.utm_source?.trim() || (firstTouch?.referrer ? 'Referral' : 'Direct')
	return { source: source.slice(0, 100), campaign: (firstTouch?.utm_campaign?.trim() ?? '').slice(0, 100) }
}
