import { tooManyRequests, waitInMinutes } from '#app/features/http/too-many-requests.ts'
import { ShieldCheck } from 'lucide-react'
import { Form, data, redirect, useNavigation, useSearchParams } from 'react-router'
import { z } from 'zod'
import { servicesContext } from '#app/context.ts'
import { activityActor, recordActivity, requestFactsOf } from '#app/features/activity/activity-log.server.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { safeRedirect } from '#app/features/auth/safe-redirect.ts'
import { confirmRecentAuth } from '#app/features/auth/step-up.server.ts'
import { safeText, singleLineText } from '#app/features/validation/safe-text.ts'
import { inputClass } from '#app/components/ui/styles.ts'
import { PasskeyConfirm } from '#app/components/auth/passkey-confirm.tsx'
import { listPasskeys } from '#app/features/auth/passkeys.server.ts'
import type { Route } from './+types/confirm'

export const meta: Route.MetaFunction = () => [{ title: 'Confirm it is you' }]

/** docs/decisions/0088: the step-up screen: the password and the second factor again, then back where the person was. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireStaff(request, context, 'account')
	// docs/decisions/0093: an account with a passkey may confirm with it instead.
	const hasPasskey = user.twoFactorEnabled && (await listPasskeys(context.get(servicesContext), user.id)).length > 0
	return { hasFactor: user.twoFactorEnabled, hasPasskey }
}

const confirmSchema = z.object({
	password: safeText().min(1, 'Enter your password').max(1000),
	code: singleLineText().trim().max(40).default(''),
})

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireStaff(request, context, 'account')
	const services = context.get(servicesContext)
	const parsed = confirmSchema.safeParse(Object.fromEntries(await request.formData()))
	if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 })
	if (user.twoFactorEnabled && parsed.data.code === '')
		return data({ error: 'Enter the code from your authenticator app, or a recovery code' }, { status: 400 })
	const result = await confirmRecentAuth(services, request, user, parsed.data)
	if (!result.ok && result.status === 429)
		return data(
			{ error: `Too many wrong attempts. Please try again in ${waitInMinutes(result.retryAfterSeconds ?? 900)}.` },
			tooManyRequests(result.retryAfterSeconds ?? 900),
		)
	await recordActivity(
		services.db,
		activityActor(user, requestFactsOf(context)),
		{ type: 'auth.step_up', details: { passed: result.ok, method: result.method } },
		{ kind: 'user', id: user.id },
	)
	if (!result.ok) return data({ error: result.error }, { status: result.status })
	return redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')))
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
	const submitting = useNavigation().state === 'submitting'
	const [searchParams] = useSearchParams()
	const redirectTo = searchParams.get('redirectTo')
	return (
		<div className="max-w-md space-y-6">
			<div className="flex items-center gap-3">
				<ShieldCheck className="h-8 w-8 text-brand-700" aria-hidden="true" />
				<h1 className="text-2xl font-bold text-brand-900">Confirm it is you</h1>
			</div>
			<p className="text-slate-700">
				This action needs your password{loaderData.hasFactor ? ' and your second factor' : ''} from the last 5 minutes. Enter them again to
				continue.
			</p>
			<Form
				method="post"
				action={`/dashboard/confirm${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}
				className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
			>
				{actionData?.error ? (
					<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
						{actionData.error}
					</p>
				) : null}
				<div>
					<label htmlFor="confirm-password" className="mb-1 block font-medium text-slate-800">
						Password
					</label>
					<input id="confirm-password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
				</div>
				{loaderData.hasFactor ? (
					<div>
						<label htmlFor="confirm-code" className="mb-1 block font-medium text-slate-800">
							Code from your authenticator app (or a recovery code)
						</label>
						<input id="confirm-code" name="code" autoComplete="one-time-code" required className={inputClass} />
					</div>
				) : null}
				<button
					type="submit"
					disabled={submitting}
					className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
				>
					{submitting ? 'Checking...' : 'Confirm'}
				</button>
			</Form>
			{loaderData.hasPasskey ? <PasskeyConfirm redirectQuery={redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ''} /> : null}
		</div>
	)
}
