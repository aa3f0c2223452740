import { useEffect } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import type { Route } from './+types/root'
import { ConsentBanner } from './components/site/consent-banner.tsx'
import { servicesContext } from './context.ts'
import { recordAttribution } from './features/analytics/attribution.ts'
import { trackRouteChange } from './features/analytics/data-layer.ts'
import { useNonce } from './nonce.tsx'
import stylesheet from './app.css?url'

export async function loader({ context }: Route.LoaderArgs) {
	const services = context.get(servicesContext)
	const { company, settings } = await services.content.getMany(['company', 'settings'])
	return {
		company,
		baseUrl: services.config.baseUrl,
		siteName: settings.siteName,
		analytics: { enabled: settings.enableAnalytics, productionHostname: new URL(services.config.baseUrl).hostname },
	}
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#0b3b66" />
				<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
				{/* precedence lets React put the one stylesheet ahead of the script preloads, so the first paint waits for less. */}
				<link rel="stylesheet" href={stylesheet} precedence="high" />
				<Meta />
				<Links />
			</head>
			<body className="min-h-screen bg-white text-slate-900 antialiased">
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	const location = useLocation()
	useEffect(() => {
		recordAttribution(localStorage, window.location, document.referrer)
		trackRouteChange(`${location.pathname}${location.search}`, loaderData.analytics, window.location.hostname, { local: localStorage, target: window })
	}, [location.pathname, location.search, loaderData.analytics])
	return (
		<>
			<Outlet />
			<ConsentBanner settings={loaderData.analytics} />
		</>
	)
}

/** spec 1 §8: an unhandled rendering error shows this screen. */
export function ErrorBoundary() {
	const error = useRouteError()
	const status = isRouteErrorResponse(error) ? error.status : 500
	return (
		<main className="mx-auto max-w-2xl px-6 py-24 text-center">
			<h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
			<p className="mt-4 text-slate-600">
				{status === 500 ? 'Something went wrong on our side. Please try again in a moment.' : `Error ${status}`}
			</p>
			<a href="/" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white">
				Return to Home
			</a>
		</main>
	)
}
