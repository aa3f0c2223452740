import { tooManyRequests, waitInMinutes } from '#app/features/http/too-many-requests.ts'
import { Loader2, Lock } from 'lucide-react'
import { Form, Link, data, redirect, useNavigation, useSearchParams } from 'react-router'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { LOGIN_ACCOUNT_SCOPE, LOGIN_ACCOUNT_SLOWDOWN, LOGIN_RATE_LIMIT, loginSchema } from '#app/features/auth/login-schema.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { knownDeviceCookie, knownDeviceKey } from '#app/features/auth/known-device.server.ts'
import { isStaff } from '#app/features/auth/roles.ts'
import { getStaffUser } from '#app/features/auth/staff-session.server.ts'
import { DEFAULT_AFTER_SIGN_IN, safeRedirect } from '#app/features/auth/safe-redirect.ts'
import { clearRateLimit, hitRateLimit, hitSlowdown, rateLimitKey, releaseRateLimit } from '#app/features/security/rate-limit.server.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import type { Route } from './+types/login'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { inputClass } from '#app/components/ui/styles.ts'
import { PasskeySignIn } from '#app/components/auth/passkey-sign-in.tsx'

// Sign-in pages and their answers (sessions, tokens in the URL) are never kept by a cache.
export const middleware: Route.MiddlewareFunction[] = [noStore]

// spec 2 §2: the login page is never indexed.
export const meta: Route.MetaFunction = () => [{ title: 'Admin Access' }, { name: 'robots', content: 'noindex, nofollow' }]

/** spec 2 §2: a signed-in admin goes straight to the dashboard (a server redirect replaces the history entry). */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await getStaffUser(request, context)
	if (user && isStaff(user.roles.join(','))) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')))
	return null
}

type LoginResult = { error: string; fieldErrors?: Partial<Record<'email' | 'password', string>>; email?: string }

export async function action({ request, context }: Route.ActionArgs) {
	const services = context.get(servicesContext)
	const info = context.get(requestInfoContext)
	const form = await request.formData()
	const email = String(form.get('email') ?? '')
	const parsed = loginSchema.safeParse({ email, password: String(form.get('password') ?? '') })
	if (!parsed.success) {
		const errors = fieldErrors<'email' | 'password'>(parsed.error, { topLevel: true })
		return data<LoginResult>({ error: Object.values(errors)[0]!, fieldErrors: errors, email }, { status: 400 })
	}
	// Failed attempts per address, not per account: a stranger cannot lock a real user out by failing on purpose.
	// Every attempt is counted before the password is checked, in one atomic step, so parallel attempts
	// cannot all pass one check; a successful sign-in gives its attempt back.
	const limitKey = rateLimitKey('login', info.clientIp)
	const limit = await hitRateLimit(services.db, limitKey, LOGIN_RATE_LIMIT.limit, LOGIN_RATE_LIMIT.windowSeconds)
	if (!limit.allowed) {
		return data<LoginResult>(
			{ error: `Too many sign-in attempts. Please try again in ${waitInMinutes(limit.retryAfterSeconds)}.`, email },
			tooManyRequests(limit.retryAfterSeconds),
		)
	}
	// docs/decisions/0076: and per account, from any address: past twenty failures each attempt waits longer
	// (at most 15 minutes), so guesses spread over many addresses slow down, and the real user is never
	// shut out for longer than that; "Forgot your password?" still works and clears the wait.
	// A browser that signed in to this account before has a slowdown of its own instead (known-device.server.ts).
	const deviceKey = await knownDeviceKey(services, request, parsed.data.email)
	const accountKey = deviceKey ?? rateLimitKey(LOGIN_ACCOUNT_SCOPE, parsed.data.email.toLowerCase())
	const slowed = await hitSlowdown(services.db, accountKey, LOGIN_ACCOUNT_SLOWDOWN)
	if (!slowed.allowed) {
		return data<LoginResult>(
			{
				error: `Too many failed sign-ins for this account. Please try again in ${waitInMinutes(slowed.retryAfterSeconds)}, or reset your password with "Forgot your password?".`,
				email,
			},
			tooManyRequests(slowed.retryAfterSeconds),
		)
	}
	try {
		const response = await services.auth.api.signInEmail({ body: parsed.data, headers: request.headers, asResponse: true })
		if (!response.ok) {
			const body = (await response.json().catch(() => ({}))) as { message?: string }
			// spec 2 §8: the server's message, or 'Failed to sign in'.
			return data<LoginResult>({ error: body.message || 'Failed to sign in', email }, { status: 401 })
		}
		await releaseRateLimit(services.db, limitKey)
		await clearRateLimit(services.db, accountKey)
		const headers = new Headers()
		for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie)
		// The password was right: this browser is now known to the account (docs/decisions/0076).
		headers.append('Set-Cookie', await knownDeviceCookie(services, parsed.data.email))
		const body = (await response.json()) as { user?: { role?: string | null }; twoFactorRedirect?: boolean }
		if (body.twoFactorRedirect) {
			// The password was right; the session starts only after the authenticator code.
			const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
			return redirect(`/login/two-factor${redirectTo === DEFAULT_AFTER_SIGN_IN ? '' : `?redirectTo=${encodeURIComponent(redirectTo)}`}`, {
				headers,
			})
		}
		if (!isStaff(body.user?.role)) {
			// A signed-in account without the admin role would only meet a closed door: do not keep the session.
			const signedIn = new Headers(request.headers)
			signedIn.set(
				'cookie',
				response.headers
					.getSetCookie()
					.map((cookie) => cookie.split(';')[0])
					.join('; '),
			)
			const signedOut = await services.auth.api.signOut({ headers: signedIn, asResponse: true })
			const clear = new Headers()
			for (const cookie of signedOut.headers.getSetCookie()) clear.append('Set-Cookie', cookie)
			return data<LoginResult>({ error: 'Your account does not have access to the dashboard.', email }, { status: 403, headers: clear })
		}
		return redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')), { headers })
	} catch (error) {
		services.log.error({ err: errorForLog(error) }, 'sign-in failed')
		return data<LoginResult>({ error: 'An unexpected error occurred', email }, { status: 500 })
	}
}

export default function Login({ actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const [searchParams] = useSearchParams()
	const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST'
	const fieldErrors = actionData?.fieldErrors ?? {}
	return (
		<main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
			<div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
				<div className="flex items-center gap-3">
					<span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-800 text-white">
						<Lock className="h-5 w-5" aria-hidden="true" />
					</span>
					<h1 className="text-2xl font-bold text-brand-900">Admin Access</h1>
				</div>
				<Form method="post" action={`/login${searchParams.size ? `?${searchParams}` : ''}`} className="mt-6 space-y-4" noValidate>
					{actionData?.error && !actionData.fieldErrors ? (
						<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
							{actionData.error}
						</p>
					) : null}
					<div>
						<label htmlFor="login-email" className="mb-1 block font-medium text-slate-800">
							Email
						</label>
						<input
							id="login-email"
							name="email"
							type="email"
							autoComplete="username"
							required
							defaultValue={actionData?.email}
							disabled={submitting}
							aria-invalid={fieldErrors.email ? true : undefined}
							aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
							className={inputClass}
						/>
						{fieldErrors.email ? (
							<p id="login-email-error" className="mt-1 text-sm text-red-700">
								{fieldErrors.email}
							</p>
						) : null}
					</div>
					<div>
						<label htmlFor="login-password" className="mb-1 block font-medium text-slate-800">
							Password
						</label>
						<input
							id="login-password"
							name="password"
							type="password"
							autoComplete="current-password"
							required
							disabled={submitting}
							aria-invalid={fieldErrors.password ? true : undefined}
							aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
							className={inputClass}
						/>
						{fieldErrors.password ? (
							<p id="login-password-error" className="mt-1 text-sm text-red-700">
								{fieldErrors.password}
							</p>
						) : null}
					</div>
					<button
						type="submit"
						disabled={submitting}
						className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
					>
						{submitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
						{submitting ? 'Signing in...' : 'Sign In'}
					</button>
					<p className="text-center text-sm">
						<Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
							Forgot your password?
						</Link>
					</p>
				</Form>
				<PasskeySignIn
					redirectQuery={searchParams.get('redirectTo') ? `?${new URLSearchParams({ redirectTo: searchParams.get('redirectTo')! })}` : ''}
				/>
			</div>
		</main>
	)
}
