/**
 * docs/decisions/0096: a return link is the quote page with `#return=<token>`. The token travels in the fragment, which
 * no server, proxy or access log ever sees: the wizard reads it, sends it in a POST body and takes it out of the address.
 */
export const RETURN_LINK_PATH = '/fast-quote'
export const RETURN_LINK_FRAGMENT = 'return='

/** The token of a return link's fragment, or null when the address carries none. */
export function returnTokenInHash(hash: string) {
	const fragment = hash.startsWith('#') ? hash.slice(1) : hash
	if (!fragment.startsWith(RETURN_LINK_FRAGMENT)) return null
	const token = fragment.slice(RETURN_LINK_FRAGMENT.length)
	return token === '' ? null : token
}

/** Shown when the code that opens a return link does not load (it is fetched only for a link, decision 0064). */
export const RETURN_LINK_UNLOADED = 'This page could not load your quote. Check your connection, then open the link again.'

/** What opening a link answers (POST /api/my-quote). */
export type ReturnVisitAnswer = {
	leadId: string
	formData: Record<string, unknown>
	statement: 'business-purpose' | 'owner-occupant' | null
	longFormCompleted: boolean
	/**
	 * The terms the borrower last saw or chose (docs/decisions/0103): the refinements and grid cell of the lead's latest
	 * frozen copy, so another device opens on the same band, loan and cell; null before any terms were shown.
	 */
	terms: { refinements: Record<string, string | number | boolean>; choice?: { prepayment: string; points: number } } | null
}
