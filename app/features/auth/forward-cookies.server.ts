/** Copies the Set-Cookie headers of an auth response onto the response the app sends. */
export function forwardCookies(from: Response, to: Headers = new Headers()) {
	for (const cookie of from.headers.getSetCookie()) to.append('Set-Cookie', cookie)
	return to
}

/** The Cookie header a browser would send after receiving these Set-Cookie headers. */
export function cookiesOf(response: Response) {
	return response.headers
		.getSetCookie()
		.map((cookie) => cookie.split(';')[0])
		.join('; ')
}
