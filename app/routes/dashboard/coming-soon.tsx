import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import type { Route } from './+types/coming-soon'

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	return null
}

/** The editors of hero, loan products, testimonials, company, settings and users land with the content work. */
export default function ComingSoon() {
	return (
		<div className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
			<h1 className="text-2xl font-bold text-brand-900">Not available yet</h1>
			<p className="mt-2 text-slate-700">This screen is being built. Until then the public site shows its seeded content.</p>
		</div>
	)
}
