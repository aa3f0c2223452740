import { count, gte, sql } from 'drizzle-orm'
import { leads, users } from '#db/schema.ts'
import { servicesContext } from '#app/context.ts'
import { requireAdmin } from '#app/features/auth/staff-session.server.ts'
import type { Route } from './+types/overview'

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireAdmin(request, context)
	const { db } = context.get(servicesContext)
	const [[userCounts], [leadCounts]] = await Promise.all([
		db.select({ total: count(), admins: sql<number>`count(*) filter (where ${users.role} like '%admin%')` }).from(users),
		db.select({ recent: count() }).from(leads).where(gte(leads.createdAt, sql`now() - interval '30 days'`)),
	])
	return { totalUsers: Number(userCounts!.total), adminUsers: Number(userCounts!.admins), leadsLast30Days: Number(leadCounts!.recent) }
}

export default function Overview({ loaderData }: Route.ComponentProps) {
	const cards = [
		{ label: 'Total Users', value: loaderData.totalUsers },
		{ label: 'Admin Users', value: loaderData.adminUsers },
		{ label: 'Leads (last 30 days)', value: loaderData.leadsLast30Days },
	]
	return (
		<div>
			<h1 className="text-2xl font-bold text-brand-900">Overview</h1>
			<ul className="mt-6 grid gap-4 sm:grid-cols-3">
				{cards.map((card) => (
					<li key={card.label} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
						<p className="text-sm text-slate-600">{card.label}</p>
						<p className="mt-1 text-3xl font-bold text-slate-900">{card.value}</p>
					</li>
				))}
			</ul>
		</div>
	)
}
