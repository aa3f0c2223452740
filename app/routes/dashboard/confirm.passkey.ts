import { redirect } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { activityActor, recordActivity, requestFactsOf } from '#app/features/activity/activity-log.server.ts'
import { confirmWithPasskey, passkeyStepUpOptions } from '#app/features/auth/passkey-step-up.server.ts'
import { passkeySignInSchema } from '#app/features/auth/passkey-schema.ts'
import { PasskeyError } from '#app/features/auth/passkeys.server.ts'
import { safeRedirect } from '#app/features/auth/safe-redirect.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { tooManyRequests, waitInMinutes } from '#app/features/http/too-many-requests.ts'
import type { Route } from './+types/confirm.passkey'

/**
 * docs/decisions/0093: the confirm screen's "Confirm with a passkey". `options`: a challenge for this session and the
 * account's own passkeys; `verify`: the assertion, which marks the session as confirmed (no new session) and goes back
 * where the person was. Logged as a step-up, passed or failed, with the method `passkey`.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireStaff(request, context, 'account')
	const services = context.get(servicesContext)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	if (intent === 'options') {
		try {
			return Response.json(await passkeyStepUpOptions(services, user))
		} catch (error) {
			if (error instanceof PasskeyError) return Response.json({ error: error.message }, { status: error.status })
			throw error
		}
	}
	if (intent === 'verify') {
		const parsed = passkeySignInSchema.safeParse({ response: form.get('response') ?? '' })
		if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 400 })
		const result = await confirmWithPasskey(services, user, parsed.data.response)
		if (!result.ok && result.status === 429)
			return Response.json(
				{ error: `Too many wrong attempts. Please try again in ${waitInMinutes(result.retryAfterSeconds ?? 900)}.` },
				tooManyRequests(result.retryAfterSeconds ?? 900),
			)
		await recordActivity(
			services.db,
			activityActor(user, requestFactsOf(context)),
			{ type: 'auth.step_up', details: { passed: result.ok, method: 'passkey' } },
			{ kind: 'user', id: user.id },
		)
		if (!result.ok) return Response.json({ error: result.error }, { status: result.status })
		return redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')))
	}
	return Response.json({ error: 'Unknown action' }, { status: 400 })
}
