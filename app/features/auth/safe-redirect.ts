/** Where a signed-in staff member lands when the return address is missing or not safe. */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard'

/** Only printable ASCII: no space, tab, CR, LF, other C0/C1 controls or anything a header cannot carry. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/

/**
 * A return address after signing in (`?redirectTo=`) that stays on this site, as a path, or the
 * fallback. Browsers drop tabs and newlines inside a URL and read `\` as `/`, so `/\t/evil.example`
 * or `/\evil.example` would become `//evil.example`: such characters are refused before parsing,
 * then the address must resolve, against the site's own origin, to that same origin.
 */
export function safeRedirect(target: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN) {
	if (!target?.startsWith('/') || target.includes('\\') || !PRINTABLE_ASCII.test(target)) return fallback
	// Any origin of our own will do: only whether the address leaves it matters.
	const origin = 'https://this-site.invalid'
	let url: URL
	try {
		url = new URL(target, origin)
	} catch {
		return fallback
	}
	if (url.origin !== origin) return fallback
	// A path that a later decoding would turn into `//host` or `/\host` (e.g. `/%2F/evil`, `/%09/evil`) is refused too.
	let decodedPath: string
	try {
		decodedPath = decodeURIComponent(url.pathname)
	} catch {
		return fallback
	}
	if (decodedPath.startsWith('//') || decodedPath.includes('\\') || !/^[\x20-\x7e\u00a0-\uffff]*$/.test(decodedPath)) return fallback
	return `${url.pathname}${url.search}${url.hash}`
}
