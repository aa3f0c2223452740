import { NO_STORE, noStore } from '#app/features/http/no-store.server.ts'
import { json, methodNotAllowed } from '#app/features/leads/intake/lead-api.server.ts'
import { createTermSheet, termSheetRequestSchema } from '#app/features/leads/terms/term-sheet.server.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import { readLeadTermsRequest } from './lead-terms-api.server.ts'
import type { Route } from './+types/leads.term-sheet'

export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => methodNotAllowed()

/**
 * POST /api/leads/:id/term-sheet with `Authorization: Bearer <token>` (README, docs/decisions/0095): the body of the
 * quotes API (refinements and choice); the answer is the term sheet's PDF, priced by the server, with its new
 * verification code in `X-Term-Sheet-Code`.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
	const api = await readLeadTermsRequest(request, context, params.id, 'lead-term-sheet')
	if (!api.ok) return api.response
	const parsed = termSheetRequestSchema.safeParse(api.body)
	if (!parsed.success) return json({ errors: fieldErrors(parsed.error) }, 422)
	const { company, settings } = await api.services.content.getMany(['company', 'settings'])
	const made = await createTermSheet(api.services.db, api.services.content, api.lead, parsed.data, {
		company,
		settings,
		baseUrl: api.services.config.baseUrl,
	})
	if (!made.ok) return json(made.result.body, made.result.status)
	return new Response(new Uint8Array(made.pdf), {
		status: 200,
		headers: {
			'Content-Type': 'application/pdf',
			// The borrower's address and statement are on it: no browser, proxy or CDN keeps a copy.
			'Cache-Control': NO_STORE,
			'Content-Disposition': `attachment; filename="term-sheet-${made.code}.pdf"`,
			'Content-Length': String(made.pdf.length),
			'X-Term-Sheet-Code': made.code,
		},
	})
}
