/**
 * docs/decisions/0027: every question is an entry in the browser's history (`?step=<id>`), so the
 * browser's and the phone's Back and Forward move between questions and a reload keeps the step.
 */
export const STEP_PARAM = 'step'

/** A move between the wizard's steps changes nothing the loaders read: React Router need not reload them. */
export function isStepOnlyChange(currentUrl: URL, nextUrl: URL) {
	if (currentUrl.pathname !== nextUrl.pathname) return false
	const current = new URLSearchParams(currentUrl.search)
	const next = new URLSearchParams(nextUrl.search)
	if (current.get(STEP_PARAM) === next.get(STEP_PARAM)) return false
	current.delete(STEP_PARAM)
	next.delete(STEP_PARAM)
	return current.toString() === next.toString()
}

/** For `shouldRevalidate` of the routes around the wizard: no server round trip for a move between steps. */
export function revalidateUnlessStepChange(args: { currentUrl: URL; nextUrl: URL; formMethod?: string; defaultShouldRevalidate: boolean }) {
	const { currentUrl, nextUrl, formMethod, defaultShouldRevalidate } = args
	if (!formMethod && isStepOnlyChange(currentUrl, nextUrl)) return false
	return defaultShouldRevalidate
}
