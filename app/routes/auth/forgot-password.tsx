import { Form, Link, data, useNavigation } from 'react-router'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { startPasswordReset } from '#app/features/auth/password-reset-request.server.ts'
import { RESET_LINKS_PER_HOUR } from '#app/features/auth/set-password-links.server.ts'
import { hitRateLimit, rateLimitKey } from '#app/features/security/rate-limit.server.ts'
import { emailField } from '#app/features/validation/form-fields.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import type { Route } from './+types/forgot-password'
import { inputClass } from '#app/components/ui/styles.ts'

// Sign-in pages and their answers (sessions, tokens in the URL) are never kept by a cache.
export const middleware: Route.MiddlewareFunction[] = [noStore]

export const meta: Route.MetaFunction = () => [{ title: 'Reset your password' }, { name: 'robots', content: 'noindex, nofollow' }]

const emailSchema = emailField()
const SENT = 'If an account exists for that e-mail, we have sent a link to reset its password. The link works for one hour.'

export async function action({ request, context }: Route.ActionArgs) {
	const services = context.get(servicesContext)
	const form = await request.formData()
	const parsed = emailSchema.safeParse(String(form.get('email') ?? ''))
	if (!parsed.success) return data({ error: parsed.error.issues[0]!.message, sent: false }, { status: 400 })
	const limit = await hitRateLimit(services.db, rateLimitKey('password-reset', context.get(requestInfoContext).clientIp), 5, 900)
	if (!limit.allowed) return data({ error: 'Too many requests. Please try again later.', sent: false }, { status: 429 })
	const email = parsed.data.toLowerCase()
	// docs/decisions/0076: at most three links an hour per e-mail, from any address. Past that the answer is
	// the same and nothing is sent: refusing would let a stranger block the real user's reset, and each link
	// that was sent is already in the user's mailbox (the newest one works).
	const perAccount = await hitRateLimit(services.db, rateLimitKey('password-reset-account', email), RESET_LINKS_PER_HOUR, 3600)
	// The same answer, as fast, whether or not the account exists: the form cannot be used to find staff e-mails.
	if (perAccount.allowed) startPasswordReset(services, email)
	return data({ error: null, sent: true })
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
	const submitting = useNavigation().state === 'submitting'
	return (
		<main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
			<div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
				<h1 className="text-2xl font-bold text-brand-900">Reset your password</h1>
				{actionData?.sent ? (
					<p role="status" className="mt-4 rounded-md bg-green-50 p-3 text-green-900">
						{SENT}
					</p>
				) : (
					<Form method="post" className="mt-6 space-y-4" noValidate>
						{actionData?.error ? (
							<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
								{actionData.error}
							</p>
						) : null}
						<div>
							<label htmlFor="reset-email" className="mb-1 block font-medium text-slate-800">
								Email
							</label>
							<input id="reset-email" name="email" type="email" autoComplete="username" required className={inputClass} />
						</div>
						<button
							type="submit"
							disabled={submitting}
							className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
						>
							{submitting ? 'Sending...' : 'Send reset link'}
						</button>
					</Form>
				)}
				<p className="mt-4 text-center text-sm">
					<Link to="/login" className="font-medium text-brand-700 hover:underline">
						Back to sign in
					</Link>
				</p>
			</div>
		</main>
	)
}
