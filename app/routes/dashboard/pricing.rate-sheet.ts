import { servicesContext } from '#app/context.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import type { Route } from './+types/pricing.rate-sheet'

/** GET /dashboard/pricing/rate-sheet.json: the live rate sheet as its JSON document, to keep or edit elsewhere (docs/decisions/0065). */
export async function loader({ request, context }: Route.LoaderArgs) {
	await requireStaff(request, context, 'pricing')
	const { data, version } = await context.get(servicesContext).content.getWithVersion('rateSheet')
	return new Response(`${JSON.stringify(data, null, 2)}\n`, {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': `attachment; filename="rate-sheet-v${version}.json"`,
			'Cache-Control': 'no-store',
		},
	})
}
