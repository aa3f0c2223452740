import { servicesContext } from '#app/context.ts'
import { requestFactsOf } from '#app/features/activity/activity-log.server.ts'
import { addPasskeySchema, removePasskeySchema, renamePasskeySchema } from '#app/features/auth/passkey-schema.ts'
import { PasskeyError, addPasskey, passkeyRegistrationOptions, removePasskey, renamePasskey } from '#app/features/auth/passkeys.server.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { requireRecentAuth } from '#app/features/auth/step-up.server.ts'
import type { Route } from './+types/security.passkeys'

/** Where a step-up comes back to: the Security screen, whose buttons post here. */
const SECURITY = '/dashboard/security'

/**
 * docs/decisions/0093: the Security screen's passkeys. `options` and `add` are the registration ceremony (the browser
 * creates the credential between them), `rename` and `remove` act on one of the account's own passkeys. Each needs the
 * account's authenticator app first; adding and removing also need a recent sign-in or confirmation (step-up). The
 * answers are JSON; a redirect (to sign in, to set up the app, to confirm) is followed by the browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireStaff(request, context, 'account')
	const services = context.get(servicesContext)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	const fields = Object.fromEntries(form)
	try {
		if (intent === 'options') {
			await requireRecentAuth(request, context, user, { back: SECURITY })
			const { options, headers } = await passkeyRegistrationOptions(services, request, user)
			return Response.json(options, { headers })
		}
		if (intent === 'add') {
			await requireRecentAuth(request, context, user, { back: SECURITY })
			const parsed = addPasskeySchema.safeParse(fields)
			if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 400 })
			const { id, headers } = await addPasskey(services, request, user, parsed.data, requestFactsOf(context))
			return Response.json({ ok: true, id }, { headers })
		}
		if (intent === 'rename') {
			const parsed = renamePasskeySchema.safeParse(fields)
			if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 400 })
			await renamePasskey(services, user, parsed.data)
			return Response.json({ ok: true })
		}
		if (intent === 'remove') {
			await requireRecentAuth(request, context, user, { back: SECURITY })
			const parsed = removePasskeySchema.safeParse(fields)
			if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 400 })
			await removePasskey(services, user, parsed.data.id, requestFactsOf(context))
			return Response.json({ ok: true })
		}
	} catch (error) {
		if (error instanceof PasskeyError) return Response.json({ error: error.message }, { status: error.status })
		throw error
	}
	return Response.json({ error: 'Unknown action' }, { status: 400 })
}
