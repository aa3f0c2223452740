import type { Route } from './+types/login'

// spec 2 §2: the login page is never indexed.
export const meta: Route.MetaFunction = () => [{ title: 'Admin Access' }, { name: 'robots', content: 'noindex, nofollow' }]

/** Placeholder until staff sign-in lands (issue 4). */
export default function Login() {
	return (
		<main id="main" className="mx-auto max-w-md px-4 py-24 text-center">
			<h1 className="text-3xl font-bold text-brand-900">Admin Access</h1>
			<p className="mt-4 text-slate-700">Staff sign-in is not available yet.</p>
		</main>
	)
}
