// Entry of the server bundle: React Router's request handler, built by Vite together with the routes.
import { createRequestHandler } from '@react-router/express'
import { RouterContextProvider } from 'react-router'
import * as build from 'virtual:react-router/server-build'
import { type AppServices, requestInfoContext, servicesContext } from '#app/context.ts'
import { requestAddresses } from '#app/features/http/client-address.server.ts'

export function createReactRouterHandler(services: AppServices, mode: string) {
	return createRequestHandler({
		// The build itself, never a function answering it: React Router derives its route table (every route
		// pattern flattened, ranked and compiled) from a function's answer on every request (docs/decisions/0062).
		// The development server creates this handler per request from a fresh module, so edits still show.
		build,
		mode,
		getLoadContext(req, res) {
			const context = new RouterContextProvider()
			context.set(servicesContext, services)
			context.set(requestInfoContext, {
				requestId: res.locals.requestId as string,
				nonce: res.locals.nonce as string,
				// docs/decisions/0077: a valid forwarded address, else the socket's; both kept for consent evidence.
				...requestAddresses({ forwarded: req.ip, socket: req.socket.remoteAddress }),
				userAgent: req.get('user-agent') ?? null,
				outcome: { databaseUnavailable: false },
			})
			return context
		},
	})
}
