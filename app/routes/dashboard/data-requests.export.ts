import { data } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { actingStaff } from '#app/features/activity/activity-log.server.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import { requireRecentAuth } from '#app/features/auth/step-up.server.ts'
import { isUuid } from '#app/features/http/uuid.ts'
import { exportRequestSchema } from '#app/features/data-requests/data-request-schema.ts'
import { exportHtml, exportJson } from '#app/features/data-requests/export-document.ts'
import { exportForRequest } from '#app/features/data-requests/request-data.server.ts'
import { fieldErrors } from '#app/features/validation/form-fields.ts'
import type { Route } from './+types/data-requests.export'

/**
 * docs/decisions/0091: POST /dashboard/data-requests/export (id, format json|html) downloads everything held about a
 * request's requester; the export is logged. A POST, not a link: a download of personal data is an act, not a page.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const staff = await requireAdmin(request, context)
	const services = context.get(servicesContext)
	const form = await request.formData()
	// docs/decisions/0088: a download of a person's data needs the password and factor from the last 5 minutes; after
	// confirming, the admin comes back to the request's page and downloads again.
	const id = String(form.get('id') ?? '')
	await requireRecentAuth(request, context, staff, { back: isUuid(id) ? `/dashboard/data-requests?id=${id}` : '/dashboard/data-requests' })
	const parsed = exportRequestSchema.safeParse({ id: form.get('id'), format: form.get('format') })
	if (!parsed.success) return data({ ok: false, errors: fieldErrors(parsed.error) }, { status: 422 })
	const company = (await services.content.get('company')).name
	const exported = await exportForRequest(services.db, actingStaff(staff, context), parsed.data, company)
	if (!exported.ok) return data({ ok: false, errors: { form: exported.message } }, { status: exported.status })
	const html = parsed.data.format === 'html'
	return new Response(html ? exportHtml(exported.document) : exportJson(exported.document), {
		headers: {
			'Content-Type': html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
			// An attachment, never shown on the dashboard's own origin (the page is escaped too).
			'Content-Disposition': `attachment; filename="personal-data-${parsed.data.id}.${parsed.data.format}"`,
			'Cache-Control': 'no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
