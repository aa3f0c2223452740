/**
 * Smooth scrolling as the spec asks, except for a visitor who asked the system for less motion
 * (prefers-reduced-motion: reduce): they jump straight to the place.
 */
export function scrollBehavior(): ScrollBehavior {
	return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'
}
