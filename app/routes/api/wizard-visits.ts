import { isbot } from 'isbot'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { readJsonBody } from '#app/features/http/json-body.server.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import { json, methodNotAllowed } from '#app/features/leads/intake/lead-api.server.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { recordWizardStep, wizardStepSchema } from '#app/features/dashboard/wizard-drop-off.server.ts'
import type { Route } from './+types/wizard-visits'

export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

/** A step report is small: an id, a step, a program and a campaign. */
const MAX_BODY_BYTES = 2 * 1024

/**
 * POST /api/wizard-visits (README, docs/decisions/0124): the quote wizard reports a step a visit reached. Malformed
 * reports are refused (400, 413, 415, 422); otherwise the answer is 202 whether the step was counted or not (a crawler,
 * Global Privacy Control, an address or the site over its hourly limit, a database that could not be reached):
 * counting never troubles the visitor, and the answer tells a script nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const info = context.get(requestInfoContext)
	const body = await readJsonBody(request, MAX_BODY_BYTES)
	if (!body.ok) return body.response
	const parsed = wizardStepSchema.safeParse(body.value)
	if (!parsed.success) return json({ errors: fieldErrors(parsed.error) }, 422)
	// Crawlers and scripts that say what they are are not visitors; a browser sending Global Privacy Control is not
	// counted (its page sends nothing; this holds for any other client that sends the header).
	if (isbot(info.userAgent) || request.headers.get('sec-gpc') === '1') return new Response(null, { status: 202 })
	const { db, log } = context.get(servicesContext)
	await recordWizardStep(db, parsed.data, info.clientIp).catch((error: unknown) =>
		log.warn({ err: errorForLog(error) }, 'a wizard step could not be counted'),
	)
	return new Response(null, { status: 202 })
}
