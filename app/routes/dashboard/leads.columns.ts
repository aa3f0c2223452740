import { data } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { saveLeadColumns } from '#app/features/leads/work/lead-column-preferences.server.ts'
import type { Route } from './+types/leads.columns'

/** docs/decisions/0052: saves the signed-in user's leads table columns (form fields `column`, in order). */
export async function action({ request, context }: Route.ActionArgs) {
	const actor = await requireStaff(request, context, 'leads')
	const { db } = context.get(servicesContext)
	const form = await request.formData()
	const result = await saveLeadColumns(db, actor.id, { columns: form.getAll('column') })
	return data(result, { status: result.ok ? 200 : 422 })
}
