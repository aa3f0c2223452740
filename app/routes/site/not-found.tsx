import { Link, data } from 'react-router'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import type { Route } from './+types/not-found'

// spec 2 §2: unknown paths show the not-found page, served with HTTP 404.
export const loader = () => data(null, { status: 404 })

export const meta: Route.MetaFunction = ({ matches, location }) =>
	pageMeta(
		{
			title: 'Page Not Found',
			description: 'The page you are looking for does not exist.',
			keywords: '',
			path: location.pathname,
			noindex: true,
		},
		siteIdentity(matches),
	)

export default function NotFound() {
	return (
		<div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
			<h1 className="text-7xl font-extrabold text-brand-800">404</h1>
			<p className="mt-4 text-2xl text-slate-700">Oops! Page not found</p>
			<Link to="/" className="mt-8 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
				Return to Home
			</Link>
		</div>
	)
}
