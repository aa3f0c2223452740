import { redirect } from 'react-router'

/**
 * spec 1 §2 and spec 2 §2: an old URL moves permanently (301) to its new path with the query string it came with,
 * so a campaign's utm_* parameters (and gclid, fbclid...) reach the page it lands on. Every old-URL redirect goes
 * through here (docs/decisions/0047).
 */
export function movedPermanently(request: Request, path: string) {
	return redirect(`${path}${new URL(request.url).search}`, 301)
}
