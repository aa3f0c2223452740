/** better-auth's cookie names start with this (`better-auth.session_token`, `better-auth.two_factor`...). */
const COOKIE_PREFIX = 'better-auth'
const HOST_PREFIX = '__Host-'

/**
 * docs/decisions/0076: served over https, every auth cookie is named `__Host-better-auth.…`. The browser
 * then keeps it only if it came over https with Secure, Path=/ and no Domain, so neither a sibling
 * subdomain nor a plain-http page of the same host can plant or overwrite a session cookie.
 * Over plain http (development, the end-to-end server) the names stay as they were: a browser refuses
 * a Secure cookie there.
 */
export function authCookieOptions(baseUrl: string) {
	if (!baseUrl.startsWith('https://')) return {}
	return {
		// better-auth would add `__Secure-`; `__Host-` goes in the prefix instead, and Secure in the attributes.
		useSecureCookies: false,
		cookiePrefix: `${HOST_PREFIX}${COOKIE_PREFIX}`,
		defaultCookieAttributes: { secure: true, path: '/' },
	}
}

/** Whether a Cookie header carries any auth cookie, under whichever name it was set (the page cache skips staff). */
export function hasAuthCookie(cookieHeader: string) {
	return /(?:^|;\s*)(?:__Secure-|__Host-)?better-auth\./.test(cookieHeader)
}
