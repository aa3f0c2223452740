import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import type { Route } from './+types/messages'

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	return null
}

export default function Screen() {
	return <h1 className="text-2xl font-bold text-brand-900">Not available yet</h1>
}
