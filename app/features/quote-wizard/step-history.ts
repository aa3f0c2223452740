import type { LoanFormData } from './form-data.ts'
import { STEP_PARAM } from './step-param.ts'
import { NO_NAVIGATION_STEPS, type StepId, buildWizardSteps } from './steps.ts'

// In a module of their own so the root route can use them without loading the wizard's steps and schemas.
export { STEP_PARAM, isStepOnlyChange, revalidateUnlessStepChange } from './step-param.ts'

/** Steps that only pass through: Back never returns to them, and the history keeps no entry for them. */
export const PASS_THROUGH_STEPS: ReadonlySet<StepId> = new Set(['quote-loading'])

/** The history entry's state: the question the visitor came from, to tell whether Back can pop the entry. */
export type StepHistoryState = { quoteStep: StepId; fromStep?: StepId }

/** The step named in a query string, or null. */
export function stepInSearch(search: string) {
	return new URLSearchParams(search).get(STEP_PARAM)
}

/** The query string for `step`, keeping any other parameters (campaign tags); the first step keeps the plain URL. */
export function searchForStep(search: string, step: StepId, data: LoanFormData) {
	const params = new URLSearchParams(search)
	if (buildWizardSteps(data)[0] === step) params.delete(STEP_PARAM)
	else params.set(STEP_PARAM, step)
	const query = params.toString()
	return query ? `?${query}` : ''
}

/** The question Back leads to: the previous step of the current path that is not a pass-through step; null on the first. */
export function previousQuestion(step: StepId, data: LoanFormData): StepId | null {
	const steps = buildWizardSteps(data)
	for (let index = steps.indexOf(step) - 1; index >= 0; index--) {
		if (!PASS_THROUGH_STEPS.has(steps[index]!)) return steps[index]!
	}
	return null
}

/**
 * Moving forward from `from` to `to` adds a history entry, except where Back must not return: a
 * pass-through step, a thank-you step (its form was sent), or the step that submitted to a thank-you.
 */
export function historyModeFor(from: StepId, to: StepId): 'push' | 'replace' {
	if (PASS_THROUGH_STEPS.has(from) || NO_NAVIGATION_STEPS.has(from) || NO_NAVIGATION_STEPS.has(to)) return 'replace'
	return 'push'
}
