// Entry of the server bundle: React Router's request handler, built by Vite together with the routes.
import { createRequestHandler } from '@react-router/express'
import { RouterContextProvider } from 'react-router'
import { type AppServices, requestInfoContext, servicesContext } from '#app/context.ts'

export function createReactRouterHandler(services: AppServices, mode: string) {
	return createRequestHandler({
		build: () => import('virtual:react-router/server-build'),
		mode,
		getLoadContext(req, res) {
			const context = new RouterContextProvider()
			context.set(servicesContext, services)
			context.set(requestInfoContext, {
				requestId: res.locals.requestId as string,
				nonce: res.locals.nonce as string,
				clientIp: req.ip ?? 'unknown',
				userAgent: req.get('user-agent') ?? null,
				outcome: { databaseUnavailable: false },
			})
			return context
		},
	})
}
