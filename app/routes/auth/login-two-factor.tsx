import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { Form, Link, data, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { cookiesOf, forwardCookies } from '#app/features/auth/forward-cookies.server.ts'
import { isStaff } from '#app/features/auth/roles.ts'
import { safeRedirect } from '#app/features/auth/safe-redirect.ts'
import { TOTP_ALREADY_USED, acceptTotpStep } from '#app/features/auth/totp-steps.server.ts'
import { hitRateLimit, rateLimitKey, releaseRateLimit } from '#app/features/security/rate-limit.server.ts'
import { singleLineText } from '#app/features/validation/safe-text.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import type { Route } from './+types/login-two-factor'
import { inputClass } from '#app/components/ui/styles.ts'

// Sign-in pages and their answers (sessions, tokens in the URL) are never kept by a cache.
export const middleware: Route.MiddlewareFunction[] = [noStore]

export const meta: Route.MetaFunction = () => [{ title: 'Two-factor sign-in' }, { name: 'robots', content: 'noindex, nofollow' }]

export const SECOND_STEP_LOCKED = 'Too many wrong codes for this account. Please try again in 15 minutes.'

const codeSchema = z.object({
	method: z.enum(['totp', 'backup']),
	code: singleLineText().trim().min(1, 'Enter the code'),
})

export async function action({ request, context }: Route.ActionArgs) {
	const services = context.get(servicesContext)
	const parsed = codeSchema.safeParse(Object.fromEntries(await request.formData()))
	if (!parsed.success) return data({ error: 'Enter the code' }, { status: 400 })
	// Every attempt is counted before the code is checked; a right one is given back, as at the password step.
	const limitKey = rateLimitKey('two-factor', context.get(requestInfoContext).clientIp)
	const limit = await hitRateLimit(services.db, limitKey, 10, 900)
	if (!limit.allowed) return data({ error: 'Too many attempts. Please try again later.' }, { status: 429 })
	const code = parsed.data.code.replace(/\s/g, '')
	const response =
		parsed.data.method === 'totp'
			? await services.auth.api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true })
			: await services.auth.api.verifyBackupCode({ body: { code }, headers: request.headers, asResponse: true })
	if (!response.ok) {
		// docs/decisions/0088: better-auth allows 5 codes per sign-in and locks the account's second step for 15 minutes
		// after 10 wrong ones in a row (app or recovery codes alike); this step's own limit is per address.
		if (response.status === 429) return data({ error: SECOND_STEP_LOCKED }, { status: 429 })
		const body = (await response.json().catch(() => ({}))) as { message?: string }
		return data({ error: body.message || 'That code is not valid' }, { status: 401 })
	}
	const session = await services.auth.api.getSession({ headers: new Headers({ cookie: cookiesOf(response) }) })
	if (session && parsed.data.method === 'totp' && !(await acceptTotpStep(services.auth, services.db, session.user.id, code))) {
		// docs/decisions/0076: a code seen by someone else (over a shoulder, by a phishing page) cannot be used
		// again within its 30 seconds. The session better-auth just made is ended, and its cookie never sent.
		await (await services.auth.$context).internalAdapter.deleteSession(session.session.token)
		return data({ error: TOTP_ALREADY_USED }, { status: 401 })
	}
	if (!session || !isStaff(session.user.role as string | null)) {
		return data({ error: 'Your account does not have access to the dashboard.' }, { status: 403 })
	}
	await releaseRateLimit(services.db, limitKey)
	return redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')), { headers: forwardCookies(response) })
}

export default function LoginTwoFactor({ actionData }: Route.ComponentProps) {
	const [method, setMethod] = useState<'totp' | 'backup'>('totp')
	const submitting = useNavigation().state === 'submitting'
	return (
		<main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
			<div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
				<div className="flex items-center gap-3">
					<ShieldCheck className="h-8 w-8 text-brand-700" aria-hidden="true" />
					<h1 className="text-2xl font-bold text-brand-900">Two-factor sign-in</h1>
				</div>
				<p className="mt-3 text-slate-700">
					{method === 'totp' ? 'Enter the 6-digit code from your authenticator app.' : 'Enter one of your recovery codes. Each works once.'}
				</p>
				<Form method="post" className="mt-6 space-y-4">
					{actionData?.error ? (
						<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
							{actionData.error}
						</p>
					) : null}
					<input type="hidden" name="method" value={method} />
					<div>
						<label htmlFor="two-factor-code" className="mb-1 block font-medium text-slate-800">
							{method === 'totp' ? 'Authentication code' : 'Recovery code'}
						</label>
						<input
							id="two-factor-code"
							name="code"
							required
							autoComplete="one-time-code"
							inputMode={method === 'totp' ? 'numeric' : 'text'}
							className={`${inputClass} text-lg tracking-widest`}
						/>
					</div>
					<button
						type="submit"
						disabled={submitting}
						className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
					>
						{submitting ? 'Verifying...' : 'Verify'}
					</button>
				</Form>
				<button
					type="button"
					onClick={() => setMethod(method === 'totp' ? 'backup' : 'totp')}
					className="mt-4 w-full text-center text-sm font-medium text-brand-700 hover:underline"
				>
					{method === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
				</button>
				{/* A refused code (one already used) ends the attempt: the way back to the password. */}
				<p className="mt-3 text-center text-sm">
					<Link to="/login" className="font-medium text-brand-700 hover:underline">
						Back to sign in
					</Link>
				</p>
			</div>
		</main>
	)
}
