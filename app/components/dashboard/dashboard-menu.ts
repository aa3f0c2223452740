/** spec 2 §2: the side menu's 8 entries, plus the contact inbox (issue 5: linked from the menu). */
export const DASHBOARD_MENU = [
	{ label: 'Overview', to: '/dashboard' },
	{ label: 'Hero Content', to: '/dashboard/hero' },
	{ label: 'Loan Products', to: '/dashboard/loans' },
	{ label: 'Testimonials', to: '/dashboard/testimonials' },
	{ label: 'Leads', to: '/dashboard/leads' },
	{ label: 'User Management', to: '/dashboard/users' },
	{ label: 'Company Info', to: '/dashboard/company' },
	{ label: 'Settings', to: '/dashboard/settings' },
	{ label: 'Messages', to: '/dashboard/messages' },
] as const
