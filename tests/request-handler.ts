import {
	type ServerBuild,
	UNSAFE_withComponentProps,
	UNSAFE_withErrorBoundaryProps,
	UNSAFE_withHydrateFallbackProps,
	createRequestHandler,
} from 'react-router'
import type { AppServices, RequestInfo } from '#app/context.ts'
import routes from '#app/routes.ts'
import * as entryServer from '#app/entry.server.tsx'
import { routeContext } from './test-services.ts'
import reactRouterConfig from '../react-router.config.ts'

type RouteEntry = { id?: string; path?: string; index?: boolean; file: string; children?: RouteEntry[] }
type RouteModule = Record<string, unknown>

// Every route module of the app, loaded as the build would bundle it.
const modules = import.meta.glob<RouteModule>(['../app/root.tsx', '../app/routes/**/*.{ts,tsx}', '!../app/routes/**/*.test.{ts,tsx}'])

const routeId = (file: string) => file.replace(/\.(tsx?)$/, '')

/** What the React Router Vite plugin does to a route module: its components receive loaderData, params... as props. */
function withRouteProps(module: RouteModule): RouteModule {
	const wrapped = { ...module }
	if (module.default) wrapped.default = UNSAFE_withComponentProps(module.default as never)
	if (module.ErrorBoundary) wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never)
	if (module.HydrateFallback) wrapped.HydrateFallback = UNSAFE_withHydrateFallbackProps(module.HydrateFallback as never)
	return wrapped
}

/**
 * A server build assembled from app/routes.ts and the route modules, the way `react-router build`
 * assembles it, so a test can send real requests (documents, `.data` requests, form posts) through
 * React Router's own request handler, its middleware and its headers, without a browser.
 */
async function assembleBuild(): Promise<ServerBuild> {
	const serverRoutes: ServerBuild['routes'] = {}
	const assetRoutes: ServerBuild['assets']['routes'] = {}
	async function add(entry: RouteEntry, parentId: string | undefined) {
		const id = entry.id ?? routeId(entry.file)
		const module = withRouteProps(await modules[`../app/${entry.file}`]!())
		serverRoutes[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: undefined, module: module as never }
		assetRoutes[id] = {
			id,
			parentId,
			path: entry.path,
			index: entry.index,
			hasAction: 'action' in module,
			hasLoader: 'loader' in module,
			hasClientAction: false,
			hasClientLoader: false,
			hasClientMiddleware: false,
			hasErrorBoundary: 'ErrorBoundary' in module,
			hasDefaultExport: 'default' in module,
			module: `/assets/${id}.js`,
			imports: [],
		} as never
		for (const child of entry.children ?? []) await add(child, id)
	}
	await add({ id: 'root', file: 'root.tsx', path: '', children: routes as RouteEntry[] }, undefined)
	return {
		entry: { module: entryServer as never },
		routes: serverRoutes,
		assets: {
			entry: { module: '/assets/entry.client.js', imports: [] },
			routes: assetRoutes,
			url: '/assets/manifest.js',
			version: 'test',
		} as never,
		publicPath: '/',
		assetsBuildDirectory: 'build/client',
		future: {} as never,
		ssr: true,
		isSpaMode: false,
		prerender: [],
		routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
		// As `react-router build` writes it from the config (docs/decisions/0078).
		allowedActionOrigins: reactRouterConfig.allowedActionOrigins,
	}
}

let build: Promise<ServerBuild> | null = null

/** Sends a request through the whole React Router app with these services, as the Express server does. */
export async function handleAppRequest(services: AppServices, request: Request, info: Partial<RequestInfo> = {}) {
	build ??= assembleBuild()
	const handler = createRequestHandler(await build, 'test')
	return handler(request, routeContext(services, info))
}
