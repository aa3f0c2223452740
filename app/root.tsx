import { Suspense, lazy, useEffect, useState } from 'react'
import {
	Links,
	Meta,
	Outlet,
	ScrollRestoration,
	data,
	isRouteErrorResponse,
	useLocation,
	useMatches,
	useRouteError,
	useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { AccessDenied } from './components/dashboard/access-denied.tsx'
import { telHref } from './components/site/brand.ts'
import { requestInfoContext, servicesContext } from './context.ts'
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableResponse } from './features/health/unavailable.server.ts'
import { isUnavailableNotice } from './features/health/unavailable.ts'
import { requireReadableForm } from './features/http/form-body.server.ts'
import { isCrossOriginNotice } from './features/http/cross-origin.ts'
import { requireSameOrigin } from './features/http/origin-check.server.ts'
import { recordAttribution } from './features/analytics/attribution.ts'
import { consentBannerPlacement } from './features/analytics/consent-banner-placement.ts'
import { ConsentBannerView } from './components/site/consent-banner-view.tsx'
import { trackRouteChange } from './features/analytics/data-layer.ts'
import { isAdmin } from './features/auth/roles.ts'
import { getStaffUser } from './features/auth/staff-session.server.ts'
import { withRequestFacts } from './features/activity/activity-log.server.ts'
import { DeferredScripts, IslandScript, StaticPageScript, pageHydrates, pageIsland } from './features/hydration/page-scripts.tsx'
import { revalidateUnlessStepChange } from './features/quote-wizard/step-param.ts'
import { useNonce } from './nonce.tsx'
import stylesheet from './app.css?url'

/** Sign-in, the dashboard and the address search stay open in maintenance mode; leads and messages wait until it ends. */
const OPEN_IN_MAINTENANCE = /^\/(login|logout|forgot-password|reset-password|dashboard|dashboard-test|api\/places)(\/|$)/

/** Seconds a visitor or an integration is asked to wait in maintenance mode. */
const MAINTENANCE_RETRY_AFTER_SECONDS = 3600

type MaintenanceNotice = { maintenance: true; company: { name: string; phone: string; email: string } }

/** Maintenance mode: visitors get a 503 maintenance page; signed-in admins still see the site. */
export const middleware: Route.MiddlewareFunction[] = [
	// The maintenance and outage pages below are rendered from a thrown 503; this tells clients when to come back.
	async ({ request, context }, next) => {
		const response = await next()
		if (!(response instanceof Response)) return response
		if (context.get(requestInfoContext).outcome.databaseUnavailable) {
			// A resource route (the JSON API) that failed on the database: a 503 the client can act on.
			if (response.status === 500 && new URL(request.url).pathname.startsWith('/api/')) return databaseUnavailableResponse()
			if (response.status === 503) response.headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
		}
		if (response.status === 503 && !response.headers.has('Retry-After'))
			response.headers.set('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS))
		return response
	},
	async ({ request, context }, next) => {
		const path = new URL(request.url).pathname.replace(/\.data$/, '')
		if (OPEN_IN_MAINTENANCE.test(path)) return next()
		const { content } = context.get(servicesContext)
		const settings = await content.get('settings')
		if (!settings.maintenanceMode) return next()
		const staff = await getStaffUser(request, context)
		if (staff && isAdmin(staff.roles.join(','))) return next()
		const company = await content.get('company')
		// The JSON API (a lead from the wizard or an integration) gets JSON it can act on, not the maintenance page.
		if (path.startsWith('/api/')) {
			throw Response.json(
				{
					error: `${company.name} is updating this website, so this request was not saved. Please try again later or call us at ${company.phone}.`,
				},
				{ status: 503, headers: { 'Retry-After': String(MAINTENANCE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' } },
			)
		}
		throw data<MaintenanceNotice>(
			{ maintenance: true, company: { name: company.name, phone: company.phone, email: company.email } },
			{ status: 503 },
		)
	},
	// docs/decisions/0078: the one Origin check of every post, put, patch and delete, resource routes and the API included,
	// before any body is read or any action runs.
	({ request, context }, next) => {
		const { config, log } = context.get(servicesContext)
		requireSameOrigin(request, config.baseUrl, log, context.get(requestInfoContext).requestId)
		return next()
	},
	// A post whose body is not a readable form gets a 400 or 415 here, before any action calls request.formData().
	async ({ request }, next) => {
		await requireReadableForm(request)
		return next()
	},
	// docs/decisions/0087: code without the router context (better-auth's hooks) logs activity with this request's IP and agent.
	({ context }, next) => withRequestFacts(context, next),
]

export async function loader({ context }: Route.LoaderArgs) {
	const services = context.get(servicesContext)
	const { company, settings } = await services.content.getMany(['company', 'settings'])
	return {
		company,
		baseUrl: services.config.baseUrl,
		// docs/decisions/0080: every title and og:site_name carry the company's saved name.
		siteName: company.name,
		quoteButtonTarget: settings.quoteButtonTarget,
		analytics: { enabled: settings.enableAnalytics, productionHostname: new URL(services.config.baseUrl).hostname },
	}
}

/** docs/decisions/0027: a move between the quote wizard's steps changes nothing this loader reads. */
export const shouldRevalidate = revalidateUnlessStepChange

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const matches = useMatches()
	const analytics = useRouteLoaderData<typeof loader>('root')?.analytics
	// docs/decisions/0037: a page whose route says `hydrate: false` gets no bundle, only its small inline script.
	// In the browser React runs, so the page was hydrated: a later client-side navigation keeps the scripts.
	const hydrate = typeof document !== 'undefined' || pageHydrates(matches)
	// docs/decisions/0064: the quote wizard's page boots the wizard alone instead of the bundle.
	const island = hydrate ? null : pageIsland(matches)
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
				{hydrate ? (
					<>
						<ScrollRestoration nonce={nonce} />
						<DeferredScripts nonce={nonce} />
					</>
				) : (
					<>
						<StaticPageScript matches={matches} analytics={analytics} nonce={nonce} />
						{island ? <IslandScript island={island} nonce={nonce} /> : null}
					</>
				)}
			</body>
		</html>
	)
}

// Loaded only when staff switched analytics on, so other visitors do not download it.
const ConsentBanner = lazy(() => import('./components/site/consent-banner.tsx').then((module) => ({ default: module.ConsentBanner })))

export default function App({ loaderData }: Route.ComponentProps) {
	const location = useLocation()
	const matches = useMatches()
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	useEffect(() => {
		recordAttribution(localStorage, window.location, document.referrer)
		trackRouteChange(`${location.pathname}${location.search}`, loaderData.analytics, window.location.hostname, {
			local: localStorage,
			target: window,
		})
	}, [location.pathname, location.search, loaderData.analytics])
	const placement = consentBannerPlacement(location.pathname)
	// A page without a bundle (rendered only on the server) gets the banner hidden; its inline script shows it (docs/decisions/0044).
	const staticPage = typeof document === 'undefined' && !pageHydrates(matches)
	const asking = loaderData.analytics.enabled && placement !== 'none'
	const banner = !asking ? null : staticPage ? (
		<ConsentBannerView placement={placement} hidden />
	) : hydrated ? (
		<Suspense fallback={null}>
			<ConsentBanner settings={loaderData.analytics} placement={placement} />
		</Suspense>
	) : null
	return (
		<>
			{placement === 'top' ? banner : null}
			<Outlet />
			{placement === 'bottom' ? banner : null}
		</>
	)
}

/** spec 1 §8: an unhandled rendering error shows this screen; maintenance mode and database outages show their own. */
export function ErrorBoundary() {
	const error = useRouteError()
	if (isRouteErrorResponse(error) && error.status === 503 && isUnavailableNotice(error.data)) {
		const { company } = error.data
		return (
			<main className="mx-auto max-w-2xl px-6 py-24 text-center">
				<title>Temporarily unavailable</title>
				<h1 className="text-3xl font-bold text-brand-900">We'll be right back</h1>
				<p className="mt-4 text-slate-700">
					Part of our system is briefly unavailable. Please try again in a minute.
					{company ? (
						<>
							{' '}
							To talk to a loan officer now, call{' '}
							<a className="font-semibold text-brand-700 underline" href={telHref(company.phone)}>
								{company.phone}
							</a>
							.
						</>
					) : null}
				</p>
				<a href="" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white">
					Try again
				</a>
			</main>
		)
	}
	if (isRouteErrorResponse(error) && error.status === 503 && (error.data as MaintenanceNotice | null)?.maintenance) {
		const { company } = error.data as MaintenanceNotice
		return (
			<main className="mx-auto max-w-2xl px-6 py-24 text-center">
				<title>{`Down for maintenance | ${company.name}`}</title>
				<h1 className="text-3xl font-bold text-brand-900">We'll be back shortly</h1>
				<p className="mt-4 text-slate-700">
					{company.name} is updating this website. To talk to a loan officer now, call{' '}
					<a className="font-semibold text-brand-700 underline" href={telHref(company.phone)}>
						{company.phone}
					</a>{' '}
					or e-mail{' '}
					<a className="font-semibold text-brand-700 underline" href={`mailto:${company.email}`}>
						{company.email}
					</a>
					.
				</p>
			</main>
		)
	}
	if (isRouteErrorResponse(error) && error.status === 403 && isCrossOriginNotice(error.data)) {
		const { expected } = error.data
		return (
			<main className="mx-auto max-w-2xl px-6 py-24 text-center">
				<title>This form could not be sent</title>
				<h1 className="text-3xl font-bold text-brand-900">This form could not be sent</h1>
				<p className="mt-4 text-slate-700">
					It came from a page that is not part of {expected}, so nothing was saved. This protects your account from other websites. Open the
					page at{' '}
					<a className="font-semibold text-brand-700 underline" href={expected}>
						{expected}
					</a>{' '}
					and send it again from there.
				</p>
			</main>
		)
	}
	// The dashboard's middleware refuses non-admins before its own error boundary exists.
	if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />
	const status = isRouteErrorResponse(error) ? error.status : 500
	return (
		<main className="mx-auto max-w-2xl px-6 py-24 text-center">
			<h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
			<p className="mt-4 text-slate-600">
				{status === 500
					? 'Something went wrong on our side. Please try again in a moment.'
					: isRouteErrorResponse(error) && status < 500 && typeof error.data === 'string' && error.data !== ''
						? error.data
						: `Error ${status}`}
			</p>
			<a href="/" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white">
				Return to Home
			</a>
		</main>
	)
}
