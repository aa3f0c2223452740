import {
	Archive,
	Building2,
	FileSearch,
	FileText,
	ListChecks,
	Home,
	Inbox,
	LayoutDashboard,
	LogOut,
	MonitorSmartphone,
	Percent,
	ScrollText,
	Settings,
	ShieldCheck,
	Shuffle,
	Star,
	Users,
	Wallet,
	Webhook,
} from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Form, NavLink, Outlet, isRouteErrorResponse, useLocation, useNavigation, useRouteError } from 'react-router'
import { AccessDenied } from '#app/components/dashboard/access-denied.tsx'
import { type DASHBOARD_MENU, menuFor } from '#app/components/dashboard/dashboard-menu.ts'
import { Toaster } from '#app/components/ui/toaster.tsx'
import { servicesContext } from '#app/context.ts'
import { unreadContactMessages } from '#app/features/contact/contact-inbox.server.ts'
import { can, dashboardTitle, roleLabels } from '#app/features/auth/roles.ts'
import { requireStaff } from '#app/features/auth/staff-session.server.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import type { Route } from './+types/layout'
import { OfficeTimeZone } from '#app/components/dashboard/office-time-zone.tsx'

/**
 * spec 2 §6 and docs/decisions/0034: staff only (any role); runs for documents and data requests alike. Each screen
 * checks its own permission again in its loader and action.
 * Nothing the dashboard answers may be kept by a browser or proxy cache (the first middleware wraps the refusals too).
 */
export const middleware: Route.MiddlewareFunction[] = [
	noStore,
	async ({ request, context }, next) => {
		// The session is looked up here once; the layout and the screen read it from the request's context.
		await requireStaff(request, context, 'account')
		return next()
	},
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireStaff(request, context, 'account')
	const settings = await context.get(servicesContext).content.get('settings')
	// docs/decisions/0088: until the account has a second factor, the set-up is all it sees (no menu, no counts).
	if (!user.twoFactorEnabled && settings.requireTwoFactor) {
		return {
			email: user.email,
			title: dashboardTitle(user.roles),
			roles: roleLabels(user.roles),
			menu: [],
			unreadMessages: 0,
			timeZone: settings.timeZone,
		}
	}
	const canReadMessages = can(user.roles, 'messages')
	return {
		email: user.email,
		// docs/decisions/0054: the title and the account menu name the role in words.
		title: dashboardTitle(user.roles),
		roles: roleLabels(user.roles),
		// docs/decisions/0034: the menu shows only what the role may use.
		menu: menuFor(user.roles),
		unreadMessages: canReadMessages ? await unreadContactMessages(context.get(servicesContext).db) : 0,
		// docs/decisions/0079: every time on every screen is written in the office's zone.
		timeZone: settings.timeZone,
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData?.title ?? 'Dashboard' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

/** Each entry's icon, keyed by its address: a new entry anywhere in the menu cannot shift the others'. */
const icons: Record<(typeof DASHBOARD_MENU)[number]['to'], typeof LayoutDashboard> = {
	'/dashboard': LayoutDashboard,
	'/dashboard/hero': Home,
	'/dashboard/loans': Wallet,
	'/dashboard/testimonials': Star,
	'/dashboard/leads': FileText,
	'/dashboard/tasks': ListChecks,
	'/dashboard/users': Users,
	'/dashboard/company': Building2,
	'/dashboard/settings': Settings,
	'/dashboard/messages': Inbox,
	'/dashboard/routing': Shuffle,
	'/dashboard/pricing': Percent,
	'/dashboard/webhooks': Webhook,
	'/dashboard/activity': ScrollText,
	'/dashboard/retention': Archive,
	'/dashboard/data-requests': FileSearch,
	'/dashboard/sessions': MonitorSmartphone,
}
const iconOf = (to: string) => icons[to as keyof typeof icons] ?? LayoutDashboard

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const location = useLocation()
	const menu = useRef<HTMLUListElement>(null)
	// On a phone the menu is one scrolling row: the current screen's entry is scrolled into sight.
	// biome-ignore lint/correctness/useExhaustiveDependencies: runs on a move to another screen, the event it reacts to
	useEffect(() => {
		const list = menu.current
		const current = list?.querySelector<HTMLElement>('[aria-current="page"]')
		if (!list || !current || list.scrollWidth <= list.clientWidth) return
		// The list is positioned (relative), so an entry's offsetLeft is measured from its edge.
		const left = current.offsetLeft
		if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = left - 8
	}, [location.pathname])
	// Only a move to another screen shows the skeleton; saving on the same screen keeps the form.
	const loadingScreen = navigation.state === 'loading' && navigation.location.pathname !== location.pathname
	return (
		<div className="min-h-screen bg-slate-50">
			<header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
				<div className="flex items-center justify-between gap-3 px-4 py-3 sm:gap-4 sm:px-6">
					<p className="text-lg font-bold text-brand-900" data-testid="dashboard-title">
						{loaderData.title}
					</p>
					<div className="flex min-w-0 items-center gap-2 sm:gap-3">
						<p className="hidden min-w-0 text-right text-sm sm:block">
							<NavLink
								to="/dashboard/security"
								className="block text-slate-700 hover:underline"
								data-testid="signed-in-email"
								title="Two-factor sign-in"
							>
								{loaderData.email}
							</NavLink>
							<span className="block text-xs text-slate-600" data-testid="signed-in-roles">
								{loaderData.roles}
							</span>
						</p>
						{/* On a phone the e-mail above is hidden: this is the way to the account's security screen (two-factor sign-in). */}
						<NavLink
							to="/dashboard/security"
							className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 sm:hidden"
						>
							<ShieldCheck className="h-4 w-4" aria-hidden="true" /> Security
						</NavLink>
						<Form method="post" action="/logout" className="shrink-0">
							<button
								type="submit"
								title="Sign Out"
								className="inline-flex items-center gap-2 whitespace-nowrap rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 sm:px-3"
							>
								{/* On a phone the button is its icon (the name stays for screen readers), so Security fits beside it. */}
								<LogOut className="h-4 w-4" aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Sign Out</span>
							</button>
						</Form>
					</div>
				</div>
			</header>
			<div className="flex flex-col md:flex-row">
				<nav
					aria-label="Dashboard"
					className="border-b border-slate-200 bg-white md:min-h-[calc(100vh-57px)] md:w-60 md:border-b-0 md:border-r"
				>
					{/* relative: the scroller contains its absolutely placed text (the badge's sr-only "unread"), which otherwise widens a phone's page. */}
					<ul ref={menu} className="relative flex gap-1 overflow-x-auto p-2 md:flex-col">
						{loaderData.menu.map((item) => {
							const Icon = iconOf(item.to)
							return (
								<li key={item.to}>
									<NavLink
										to={item.to}
										end
										className={({ isActive }) =>
											`flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`
										}
									>
										<Icon className="h-4 w-4" aria-hidden="true" /> {item.label}
										{item.to === '/dashboard/messages' && loaderData.unreadMessages > 0 ? (
											<span className="ml-auto rounded-full bg-brand-700 px-2 text-xs font-semibold text-white">
												{loaderData.unreadMessages}
												<span className="sr-only"> unread</span>
											</span>
										) : null}
									</NavLink>
								</li>
							)
						})}
					</ul>
				</nav>
				<main id="main" className="min-w-0 flex-1 p-4 sm:p-6" aria-busy={loadingScreen}>
					<OfficeTimeZone value={loaderData.timeZone}>{loadingScreen ? <ScreenSkeleton /> : <Outlet />}</OfficeTimeZone>
				</main>
			</div>
			<Toaster />
		</div>
	)
}

/** spec 2 §2: skeleton placeholders while the next screen loads. */
function ScreenSkeleton() {
	return (
		<div className="animate-pulse space-y-4" data-testid="screen-skeleton">
			<div className="h-8 w-48 rounded bg-slate-200" />
			<div className="grid gap-4 sm:grid-cols-4">
				{[1, 2, 3, 4].map((key) => (
					<div key={key} className="h-24 rounded-xl bg-slate-200" />
				))}
			</div>
			<div className="h-64 rounded-xl bg-slate-200" />
		</div>
	)
}

/** spec 2 §2: the error fallback with Reload Page; a refused account sees why. */
export function ErrorBoundary() {
	const error = useRouteError()
	if (isRouteErrorResponse(error) && error.status === 403)
		return <AccessDenied message={typeof error.data === 'string' ? error.data : undefined} />
	const message =
		error instanceof Error
			? error.message
			: isRouteErrorResponse(error)
				? String(error.data || error.statusText)
				: 'An unexpected error occurred'
	return (
		<main id="main" className="mx-auto max-w-lg px-6 py-24 text-center">
			<h1 className="text-2xl font-bold text-brand-900">Something went wrong</h1>
			<p className="mt-3 text-slate-700">{message || 'An unexpected error occurred'}</p>
			<button
				type="button"
				onClick={() => window.location.reload()}
				className="mt-6 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white"
			>
				Reload Page
			</button>
		</main>
	)
}
