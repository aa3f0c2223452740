import { redirect } from 'react-router'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { passkeySignInSchema } from '#app/features/auth/passkey-schema.ts'
import { PasskeyError, passkeySignIn, passkeySignInOptions } from '#app/features/auth/passkeys.server.ts'
import { safeRedirect } from '#app/features/auth/safe-redirect.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import { tooManyRequests, waitInMinutes } from '#app/features/http/too-many-requests.ts'
import type { Route } from './+types/login-passkey'

// Sign-in answers (challenges, sessions) are never kept by a cache.
export const middleware: Route.MiddlewareFunction[] = [noStore]

const failure = (error: PasskeyError) =>
	Response.json(
		{
			error: error.status === 429 ? `${error.message} Please try again in ${waitInMinutes(error.retryAfterSeconds ?? 60)}.` : error.message,
		},
		error.status === 429 ? tooManyRequests(error.retryAfterSeconds ?? 60) : { status: error.status },
	)

/**
 * docs/decisions/0093: "Sign in with a passkey" on the login page. `options`: the ceremony's challenge (in a signed
 * cookie) and options; `verify`: the authenticator's answer, which signs the account in and goes where the login page
 * would have gone. Answers are JSON; the browser follows the redirect of a sign-in.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const services = context.get(servicesContext)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	try {
		if (intent === 'options') {
			const { options, headers } = await passkeySignInOptions(services)
			return Response.json(options, { headers })
		}
		if (intent === 'verify') {
			const parsed = passkeySignInSchema.safeParse({ response: form.get('response') ?? '' })
			if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 400 })
			const { headers } = await passkeySignIn(services, request, context.get(requestInfoContext).clientIp, parsed.data.response)
			return redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')), { headers })
		}
	} catch (error) {
		if (error instanceof PasskeyError) return failure(error)
		throw error
	}
	return Response.json({ error: 'Unknown action' }, { status: 400 })
}
