/**
 * Where a testimonial appears (docs/decisions/0080): the home page shows three, featured ones first in list order,
 * then the others in list order. One rule, read by the home page and by the editor that says where each one goes.
 */
export const HOME_TESTIMONIALS = 3

type Placeable = { id: string; featured: boolean }

/** The testimonials the home page shows, in the order it shows them. */
export function homeTestimonials<T extends Placeable>(testimonials: readonly T[]): T[] {
	return [...testimonials.filter((item) => item.featured), ...testimonials.filter((item) => !item.featured)].slice(0, HOME_TESTIMONIALS)
}

export type Placement = 'featured' | 'fills-a-place' | 'featured-no-room' | 'not-shown'

/** What the editor says beside a testimonial, and in the message after it is saved. */
export const PLACEMENT_TEXT: Record<Placement, string> = {
	featured: 'Featured: shown on the home page',
	'fills-a-place': `Not featured: shown on the home page while fewer than ${HOME_TESTIMONIALS} are featured`,
	'featured-no-room': `Featured, but not shown: the home page has room for ${HOME_TESTIMONIALS} and the featured ones before it fill it`,
	'not-shown': 'Not featured: not shown on the site',
}

/** Each testimonial's placement, by id. */
export function testimonialPlacements(testimonials: readonly Placeable[]): Map<string, Placement> {
	const shown = new Set(homeTestimonials(testimonials).map((item) => item.id))
	return new Map(
		testimonials.map((item) => [
			item.id,
			shown.has(item.id) ? (item.featured ? 'featured' : 'fills-a-place') : item.featured ? 'featured-no-room' : 'not-shown',
		]),
	)
}

/** After Save All Changes: how many the home page shows, and how many it leaves out. */
export function placementSummary(testimonials: readonly Placeable[]): string {
	const shown = homeTestimonials(testimonials).length
	const hidden = testimonials.length - shown
	const onHome = `${shown} shown on the home page`
	if (hidden === 0) return `${onHome}.`
	return `${onHome}; ${hidden} not shown on the site (the home page shows ${HOME_TESTIMONIALS}, featured first).`
}
