import { format, parseISO } from 'date-fns'
import { Suspense } from 'react'
import { Await, Link, redirect } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { can } from '#app/features/auth/roles.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { CALL_OUTCOMES, CONTACT_OUTCOME_LABELS, formatDuration } from '#app/features/leads/model/lead-assignment.ts'
import { type DailyLeads, overviewFigures } from '#app/features/dashboard/overview.server.ts'
import { disposalPreview } from '#app/features/retention/disposal.server.ts'
import type { Route } from './+types/overview'
import { salesFigures } from '#app/features/dashboard/sales-figures.server.ts'
import { quickActionsFor } from '#app/features/dashboard/quick-actions.ts'
import { SalesFiguresPanels } from '#app/components/dashboard/overview/sales-figures.tsx'
import { leadFunnel } from '#app/features/dashboard/lead-funnel.server.ts'
import { FUNNEL_PARAM, funnelDaysOf } from '#app/features/dashboard/lead-funnel.ts'
import { LeadFunnelPanel, LeadFunnelPending } from '#app/components/dashboard/overview/lead-funnel.tsx'
import { wizardDropOff } from '#app/features/dashboard/wizard-drop-off.server.ts'
import { WizardDropOffPanel, WizardDropOffPending } from '#app/components/dashboard/overview/wizard-drop-off.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
	// docs/decisions/0034: a loan officer's start page is their leads; the overview is for managers and admins.
	const user = await requireStaff(request, context, 'leads')
	if (!can(user.roles, 'overview')) throw redirect('/dashboard/leads')
	const services = context.get(servicesContext)
	// docs/decisions/0090: an admin sees what the next retention run will dispose of.
	const isAdmin = can(user.roles, 'admin')
	// docs/decisions/0122: the funnel's period comes from the address; only the offered ones are read.
	const funnelDays = funnelDaysOf(new URL(request.url).searchParams.get(FUNNEL_PARAM))
	// Not awaited: the funnel reads every lead of its period, so the page shows at once and the funnel streams in.
	const funnel = leadFunnel(services.db, funnelDays)
	// If the rest fails first, nobody awaits the funnel: its failure is then not an unhandled rejection.
	funnel.catch(() => {})
	// docs/decisions/0124: the wizard's drop-off over the same period, streamed in the same way.
	const wizard = wizardDropOff(services.db, funnelDays)
	wizard.catch(() => {})
	const [figures, retention, sales] = await Promise.all([
		overviewFigures(services),
		isAdmin ? disposalPreview(services.db, await services.content.get('retention')) : null,
		// docs/decisions/0108: what a sales manager steers by.
		salesFigures(services.db),
	])
	// docs/decisions/0108: the site's own figures (users, sessions, content) are an admin's; a manager's overview is sales.
	return { ...figures, retention, sales, funnel, wizard, isAdmin, quickActions: quickActionsFor(user.roles) }
}

export default function Overview({ loaderData }: Route.ComponentProps) {
	const {
		totalUsers,
		adminUsers,
		activeSessions,
		contentItems,
		dailyLeads,
		conversion,
		unreadMessages,
		system,
		speedToLead,
		callOutcomes,
		retention,
		sales,
		funnel,
		wizard,
		isAdmin,
		quickActions,
	} = loaderData
	const cards = [
		{ label: 'Total Users', value: String(totalUsers) },
		{ label: 'Admin Users', value: String(adminUsers) },
		{ label: 'Active Sessions', value: String(activeSessions) },
		{ label: 'Content Items', value: String(contentItems) },
	]
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold text-brand-900">Overview</h1>
			{isAdmin ? (
				<ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
					{cards.map((card) => (
						<li key={card.label} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
							<p className="text-sm text-slate-600">{card.label}</p>
							<p className="mt-1 text-3xl font-bold text-slate-900" data-testid={`stat-${card.label}`}>
								{card.value}
							</p>
						</li>
					))}
				</ul>
			) : null}
			<SalesFiguresPanels figures={sales} />
			<Suspense fallback={<LeadFunnelPending />}>
				<Await resolve={funnel} errorElement={<LeadFunnelPending failed />}>
					{(resolved) => <LeadFunnelPanel funnel={resolved} />}
				</Await>
			</Suspense>
			<Suspense fallback={<WizardDropOffPending />}>
				<Await resolve={wizard} errorElement={<WizardDropOffPending failed />}>
					{(resolved) => <WizardDropOffPanel dropOff={resolved} />}
				</Await>
			</Suspense>
			<div className="grid gap-6 xl:grid-cols-3">
				<section aria-labelledby="leads-chart" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 xl:col-span-2">
					<h2 id="leads-chart" className="font-semibold text-slate-900">
						Leads in the last 30 days
					</h2>
					<LeadsChart days={dailyLeads} />
					<p className="mt-4 text-sm text-slate-700" data-testid="conversion">
						Short form → long form:{' '}
						<strong>
							{conversion.rate === null
								? 'no leads yet'
								: `${Math.round(conversion.rate * 100)}% (${conversion.longForms} of ${conversion.shortForms})`}
						</strong>
					</p>
					<SpeedToLeadFigures speed={speedToLead} />
					<CallOutcomeFigures counts={callOutcomes} />
				</section>
				<div className="space-y-6">
					<section aria-labelledby="system-status" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
						<h2 id="system-status" className="font-semibold text-slate-900">
							System Status
						</h2>
						<ul className="mt-3 space-y-2 text-sm">
							<StatusLine ok={system.database} label="Database" okText="Online" badText="Unavailable" />
							<StatusLine ok={system.authentication} label="Authentication" okText="Active" badText="Unavailable" />
							<StatusLine ok={system.storage} label="Storage" okText="Available" badText="Not writable" />
						</ul>
					</section>
					{retention ? (
						<section aria-labelledby="retention-next" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
							<h2 id="retention-next" className="font-semibold text-slate-900">
								Data Retention
							</h2>
							<p className="mt-2 text-sm text-slate-800" data-testid="retention-next-run">
								The next run will anonymise {retention.leads} {retention.leads === 1 ? 'lead' : 'leads'} and {retention.contactMessages}{' '}
								{retention.contactMessages === 1 ? 'contact message' : 'contact messages'}, and delete {retention.consentRecords}{' '}
								{retention.consentRecords === 1 ? 'consent record' : 'consent records'}.{' '}
								<Link to="/dashboard/retention" className="font-medium text-brand-700 hover:underline">
									Policy and legal holds
								</Link>
							</p>
						</section>
					) : null}
					<section aria-labelledby="quick-actions" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
						<h2 id="quick-actions" className="font-semibold text-slate-900">
							Quick Actions
						</h2>
						<ul className="mt-3 space-y-2 text-sm" data-testid="quick-actions">
							{quickActions.map((item) => (
								<li key={item.to}>
									<Link to={item.to} className="font-medium text-brand-700 hover:underline">
										{item.label}
										{item.to === '/dashboard/messages' && unreadMessages > 0 ? ` (${unreadMessages} unread)` : ''}
									</Link>
								</li>
							))}
						</ul>
					</section>
				</div>
			</div>
		</div>
	)
}

/** docs/decisions/0036: time to first contact of the last 30 days' wizard leads. */
function SpeedToLeadFigures({ speed }: { speed: { contacted: number; waiting: number; medianMs: number | null; p90Ms: number | null } }) {
	return (
		<div className="mt-4 border-t border-slate-200 pt-4" data-testid="speed-to-lead">
			<h3 className="text-sm font-semibold text-slate-900">Time to first contact (last 30 days)</h3>
			{speed.medianMs === null ? (
				<p className="mt-1 text-sm text-slate-700">No lead has been contacted yet.</p>
			) : (
				<dl className="mt-2 grid grid-cols-3 gap-3 text-sm">
					<div>
						<dt className="text-slate-600">Median</dt>
						<dd className="text-lg font-bold text-slate-900" data-testid="speed-median">
							{formatDuration(speed.medianMs)}
						</dd>
					</div>
					<div>
						<dt className="text-slate-600">90th percentile</dt>
						<dd className="text-lg font-bold text-slate-900" data-testid="speed-p90">
							{formatDuration(speed.p90Ms ?? 0)}
						</dd>
					</div>
					<div>
						<dt className="text-slate-600">Contacted</dt>
						<dd className="text-lg font-bold text-slate-900">{speed.contacted}</dd>
					</div>
				</dl>
			)}
			<p className="mt-2 text-sm text-slate-700">
				New leads not contacted yet: <strong>{speed.waiting}</strong>
			</p>
		</div>
	)
}

function StatusLine({ ok, label, okText, badText }: { ok: boolean; label: string; okText: string; badText: string }) {
	return (
		<li className="flex items-center justify-between">
			<span className="text-slate-700">{label}</span>
			<span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ok ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}>
				{ok ? okText : badText}
			</span>
		</li>
	)
}

/** A bar per day, drawn on the server as SVG; the table behind it is there for screen readers. */
function LeadsChart({ days }: { days: DailyLeads[] }) {
	const max = Math.max(1, ...days.map((day) => day.leads))
	const width = 600
	const height = 160
	const bar = width / days.length
	return (
		<figure className="mt-4">
			<svg
				viewBox={`0 0 ${width} ${height + 20}`}
				className="h-48 w-full"
				role="img"
				aria-label={`Leads per day for the last ${days.length} days; ${days.reduce((sum, day) => sum + day.leads, 0)} in total`}
			>
				{days.map((day, index) => {
					const barHeight = (day.leads / max) * height
					return (
						<g key={day.day}>
							<rect x={index * bar + 2} y={height - barHeight} width={bar - 4} height={barHeight} className="fill-brand-600">
								<title>{`${format(parseISO(day.day), 'MMM d')}: ${day.leads}`}</title>
							</rect>
							{index % 5 === 0 ? (
								<text x={index * bar + bar / 2} y={height + 15} textAnchor="middle" className="fill-slate-600 text-[10px]">
									{format(parseISO(day.day), 'MMM d')}
								</text>
							) : null}
						</g>
					)
				})}
			</svg>
			{/* sr-only on a block, not on the table: a table grows to its rows whatever its height, and 30 rows lengthened the page. */}
			<div className="sr-only">
				<table>
					<caption>Leads per day</caption>
					<tbody>
						{days.map((day) => (
							<tr key={day.day}>
								<th scope="row">{day.day}</th>
								<td>{day.leads}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</figure>
	)
}

/** docs/decisions/0104: how the calls of the last 30 days went; only Connected and Not interested reached the borrower. */
function CallOutcomeFigures({ counts }: { counts: Record<(typeof CALL_OUTCOMES)[number], number> }) {
	return (
		<div className="mt-4 border-t border-slate-200 pt-4" data-testid="call-outcomes">
			<h3 className="text-sm font-semibold text-slate-900">Calls logged (last 30 days)</h3>
			<dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
				{CALL_OUTCOMES.map((outcome) => (
					<div key={outcome} className="flex justify-between gap-2">
						<dt className="text-slate-600">{CONTACT_OUTCOME_LABELS[outcome]}</dt>
						<dd className="font-bold text-slate-900">{counts[outcome]}</dd>
					</div>
				))}
			</dl>
		</div>
	)
}
