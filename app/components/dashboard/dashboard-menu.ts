import { type Permission, type Role, linksFor } from '#app/features/auth/roles.ts'

/**
 * spec 2 §2: the side menu's 8 entries, plus the contact inbox (docs/decisions/0015: linked from the menu), lead
 * routing (docs/decisions/0035), webhooks (0068), activity (0087), data retention (0090) and the others below; each
 * shows only to the roles that may use it.
 */
export const DASHBOARD_MENU = [
	{ label: 'Overview', to: '/dashboard', permission: 'overview' },
	{ label: 'Hero Content', to: '/dashboard/hero', permission: 'admin' },
	{ label: 'Loan Products', to: '/dashboard/loans', permission: 'admin' },
	{ label: 'Testimonials', to: '/dashboard/testimonials', permission: 'admin' },
	{ label: 'Leads', to: '/dashboard/leads', permission: 'leads' },
	// docs/decisions/0105: one's follow-up tasks, next to the leads (one tap on a phone).
	{ label: 'My Tasks', to: '/dashboard/tasks', permission: 'leads' },
	{ label: 'User Management', to: '/dashboard/users', permission: 'admin' },
	{ label: 'Company Info', to: '/dashboard/company', permission: 'admin' },
	{ label: 'Settings', to: '/dashboard/settings', permission: 'admin' },
	{ label: 'Messages', to: '/dashboard/messages', permission: 'messages' },
	// docs/decisions/0108: a sales manager runs the routing too.
	{ label: 'Lead Routing', to: '/dashboard/routing', permission: 'routing' },
	{ label: 'Pricing', to: '/dashboard/pricing', permission: 'pricing' },
	// docs/decisions/0068: signed webhooks to the lender's other systems.
	{ label: 'Webhooks', to: '/dashboard/webhooks', permission: 'admin' },
	// docs/decisions/0087: who read or changed what.
	{ label: 'Activity', to: '/dashboard/activity', permission: 'admin' },
	// docs/decisions/0090: how long personal data is kept, and the legal holds.
	{ label: 'Data Retention', to: '/dashboard/retention', permission: 'admin' },
	// docs/decisions/0091: borrowers' requests to know, delete or correct their data.
	{ label: 'Data Requests', to: '/dashboard/data-requests', permission: 'admin' },
	// docs/decisions/0089: every staff session, seen and ended by an admin.
	{ label: 'Sessions', to: '/dashboard/sessions', permission: 'admin' },
] as const satisfies ReadonlyArray<{ label: string; to: string; permission: Permission }>

/** docs/decisions/0034: the menu an account sees, only what its roles may use, in the menu's order. */
export const menuFor = (roles: readonly Role[]) => linksFor(roles, DASHBOARD_MENU)
