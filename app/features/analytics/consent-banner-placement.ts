/** Staff pages (sign-in, password reset, the dashboard) never show the visitors' consent banner. */
const STAFF_PAGES = /^\/(dashboard|dashboard-test|login|logout|forgot-password|reset-password)(\/|$)/

/** Pages with their own fixed bar at the bottom (the wizard's Back/Continue): the banner must not cover it. */
const FIXED_BAR_PAGES = /^\/fast-quote\/?$/

export type ConsentBannerPlacement = 'none' | 'top' | 'bottom'

/**
 * Where the analytics consent banner goes on a page: nowhere on staff pages; at the top of the page,
 * in the flow of the page, where a page has a fixed bottom bar; fixed to the bottom everywhere else.
 */
export function consentBannerPlacement(pathname: string): ConsentBannerPlacement {
	if (STAFF_PAGES.test(pathname)) return 'none'
	if (FIXED_BAR_PAGES.test(pathname)) return 'top'
	return 'bottom'
}
