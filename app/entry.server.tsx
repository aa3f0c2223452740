import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter, isRouteErrorResponse } from 'react-router'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { requestInfoContext, servicesContext } from './context.ts'
import { databaseUnavailableNotice } from './features/health/unavailable.server.ts'
import { NonceProvider } from './nonce.tsx'

export const streamTimeout = 5_000

/** The messages of React Router's refusal of a cross-site action (lib/actions.ts, throwIfPotentialCSRFAttack). */
const CROSS_SITE_ACTION =
	/^(The `request\.url` origin does not match `origin` header|`origin` header is not a valid URL).* Aborting the action\.$/

/**
 * Every error React Router catches in a loader, action or render: a database outage marks the request
 * (answered 503 with a "try again shortly" page), anything else is logged as one line, never with the
 * query parameters Drizzle puts in its messages.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	if (request.signal.aborted || error instanceof Response) return
	const services = context.get(servicesContext)
	const info = context.get(requestInfoContext)
	const path = new URL(request.url).pathname
	// React Router refuses an action posted from another site (its Origin check) with a 400 and hands the reason here
	// as a plain Error: a visitor's or an attacker's request, not a failure of ours, so no error-level line and no
	// stack for anyone to fill the log with.
	// docs/decisions/0078: the root middleware's Origin check answers every other refusal; React Router's own check only
	// still fires for an Origin header that is not a URL, which no browser sends.
	if (error instanceof Error && CROSS_SITE_ACTION.test(error.message)) {
		services.log.warn(
			{
				requestId: info.requestId,
				path,
				origin: request.headers.get('origin'),
				expected: new URL(services.config.baseUrl).origin,
				reason: error.message,
			},
			'cross-site action refused',
		)
		return
	}
	// A 4xx (a post to a page without an action, a resource route's 404, a refused form) is the client's, not a failure of
	// ours: info, so error-level lines stay the ones someone has to act on.
	if (isRouteErrorResponse(error) && error.status < 500) {
		services.log.info(
			{ requestId: info.requestId, path, status: error.status, reason: (error as { error?: Error }).error?.message ?? error.statusText },
			'request refused',
		)
		return
	}
	if (services.dbHealth.report(error)) {
		info.outcome.databaseUnavailable = true
		services.log.warn({ requestId: info.requestId, path, err: errorForLog(error) }, 'database unavailable')
		return
	}
	services.log.error({ requestId: info.requestId, path, err: errorForLog(error) }, 'request failed')
}

export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	// The database failed this request: thrown, this renders the root error boundary's 503 page instead.
	if (loadContext.get(requestInfoContext).outcome.databaseUnavailable && responseStatusCode === 500) {
		throw Response.json(await databaseUnavailableNotice(loadContext.get(servicesContext)), {
			status: 503,
			statusText: 'Service Unavailable',
		})
	}
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	const nonce = loadContext.get(requestInfoContext).nonce
	return new Promise((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// Crawlers and no-JS visitors get the whole document at once, so every page's text is in the HTML.
		const readyOption: keyof RenderToPipeableStreamOptions =
			(userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				[readyOption]() {
					shellRendered = true
					const body = new PassThrough({
						final(callback) {
							clearTimeout(timeoutId)
							timeoutId = undefined
							callback()
						},
					})
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					pipe(body)
					resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) logServerError(loadContext, error, 'render failed')
				},
			},
		)
	})
}

/** An error a loader, action or render threw, logged through the app's logger without values (docs/decisions/0023). */
function logServerError(context: Readonly<RouterContextProvider>, error: unknown, message: string) {
	const entry = { err: errorForLog(error), requestId: context.get(requestInfoContext).requestId }
	context.get(servicesContext).log.error(entry, message)
}
