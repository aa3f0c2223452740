import type { MiddlewareFunction } from 'react-router'

/** Pages and answers that carry personal data, secrets or a session: no browser, proxy or CDN may keep a copy. */
export const NO_STORE = 'no-store'

/**
 * Route middleware: every response of the route and its children (document, `.data` request, action,
 * redirect or error) is sent with `Cache-Control: no-store`.
 */
export const noStore: MiddlewareFunction<Response> = async (_args, next) => {
	const response = await next()
	response.headers.set('Cache-Control', NO_STORE)
	return response
}
