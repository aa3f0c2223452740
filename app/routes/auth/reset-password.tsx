import { Form, Link, data, useNavigation, useSearchParams } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { passwordProblem } from '#app/features/auth/password-policy.server.ts'
import { setPasswordLinkOwner } from '#app/features/auth/set-password-links.server.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import type { Route } from './+types/reset-password'
import { inputClass } from '#app/components/ui/styles.ts'

// Sign-in pages and their answers (sessions, tokens in the URL) are never kept by a cache.
export const middleware: Route.MiddlewareFunction[] = [noStore]

export const meta: Route.MetaFunction = () => [{ title: 'Choose a new password' }, { name: 'robots', content: 'noindex, nofollow' }]

export async function action({ request, context }: Route.ActionArgs) {
	const { auth, db, content } = context.get(servicesContext)
	const form = await request.formData()
	const token = String(form.get('token') ?? '')
	const password = String(form.get('password') ?? '')
	const invalidLink = () => data({ error: 'This link is invalid or has expired. Please ask for a new one.', done: false }, { status: 400 })
	if (password !== String(form.get('confirm') ?? '')) return data({ error: 'The two passwords do not match', done: false }, { status: 400 })
	// The password is checked against its owner (docs/decisions/0076), so the link is looked up first.
	const owner = await setPasswordLinkOwner(db, token)
	if (!owner) return invalidLink()
	const problem = passwordProblem(password, { email: owner.email, companyName: (await content.get('company')).name })
	if (problem) return data({ error: problem, done: false }, { status: 400 })
	const response = await auth.api.resetPassword({ body: { newPassword: password, token }, asResponse: true })
	if (!response.ok) return invalidLink()
	// Every session of the account was revoked with the reset (revokeSessionsOnPasswordReset).
	return data({ error: null, done: true })
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
	const [searchParams] = useSearchParams()
	const submitting = useNavigation().state === 'submitting'
	// An invitation uses the same one-time link to set the first password.
	const invited = searchParams.get('invite') === '1'
	return (
		<main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
			<div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
				<h1 className="text-2xl font-bold text-brand-900">{invited ? 'Set your password' : 'Choose a new password'}</h1>
				{actionData?.done ? (
					<p role="status" className="mt-4 rounded-md bg-green-50 p-3 text-green-900">
						{invited ? 'Your password is set.' : 'Your password has been changed and every other session was signed out.'}{' '}
						<Link to="/login" className="font-semibold underline">
							Sign in
						</Link>
					</p>
				) : (
					<Form method="post" className="mt-6 space-y-4" noValidate>
						{actionData?.error ? (
							<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
								{actionData.error}
							</p>
						) : null}
						<input type="hidden" name="token" value={searchParams.get('token') ?? ''} />
						<div>
							<label htmlFor="new-password" className="mb-1 block font-medium text-slate-800">
								New password
							</label>
							<input
								id="new-password"
								name="password"
								type="password"
								autoComplete="new-password"
								minLength={8}
								required
								aria-describedby="new-password-hint"
								className={inputClass}
							/>
							<p id="new-password-hint" className="mt-1 text-sm text-slate-600">
								At least 8 characters, not a common password, and without your e-mail address or the company's name.
							</p>
						</div>
						<div>
							<label htmlFor="confirm-password" className="mb-1 block font-medium text-slate-800">
								Repeat the new password
							</label>
							<input id="confirm-password" name="confirm" type="password" autoComplete="new-password" required className={inputClass} />
						</div>
						<button
							type="submit"
							disabled={submitting}
							className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
						>
							{submitting ? 'Saving...' : 'Save new password'}
						</button>
					</Form>
				)}
			</div>
		</main>
	)
}
