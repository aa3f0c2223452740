/** spec 2 §6: the roles a staff account may hold (several at once). */
export const ROLES = ['admin', 'moderator', 'user'] as const
export type Role = (typeof ROLES)[number]

/** better-auth's admin plugin keeps several roles as one comma-separated text. */
export function parseRoles(role: string | null | undefined): Role[] {
	return (role ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter((part): part is Role => (ROLES as readonly string[]).includes(part))
}

/**
 * docs/decisions/0054: the one name of each role people read (users table, invite and role dialogs, the
 * account menu, the dashboard title); the slugs are better-auth's stored values and never shown.
 */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
	admin: 'Admin',
	moderator: 'Sales manager',
	user: 'Loan officer',
}

/** An account's roles as people read them, the most powerful first ("Admin, Loan officer"). */
export const roleLabels = (roles: readonly Role[]) =>
	ROLES.filter((role) => roles.includes(role))
		.map((role) => ROLE_LABELS[role])
		.join(', ')

/** docs/decisions/0054: the dashboard's title names the most powerful role; spec 2 §2 keeps "Admin Dashboard" for admins. */
export function dashboardTitle(roles: readonly Role[]) {
	if (roles.includes('admin')) return 'Admin Dashboard'
	if (roles.includes('moderator')) return 'Sales Manager Dashboard'
	return 'Loan Officer Dashboard'
}

export const formatRoles = (roles: readonly Role[]) => [...new Set(roles)].join(',')

/** spec 2 §6: an account is admin if any of its roles is admin; only admins use the dashboard. */
export const isAdmin = (role: string | null | undefined) => parseRoles(role).includes('admin')

/** docs/decisions/0034: any staff role opens the dashboard; what it may do there is decided by `can`. */
export const isStaff = (role: string | null | undefined) => parseRoles(role).length > 0

/**
 * docs/decisions/0034: what each role may use. `admin` everything; `moderator` (sales
 * manager) every lead, assignment, lead routing (docs/decisions/0108), the overview and the inbox; `user` (loan officer) the leads assigned
 * to them and the unassigned pool. An account with several roles may do what any of them may.
 */
export const PERMISSIONS = {
	/** Leads screen, details, notes, status, calls and e-mails, add lead, export (an officer: within their own leads). */
	leads: ['admin', 'moderator', 'user'],
	/** Every lead, not only one's own and the unassigned ones. */
	'leads.all': ['admin', 'moderator'],
	/** Assign and reassign a lead to any officer; delete leads. */
	'leads.manage': ['admin', 'moderator'],
	overview: ['admin', 'moderator'],
	messages: ['admin', 'moderator'],
	/** The rate sheet, read (docs/decisions/0065: a sales manager reads what the borrowers are quoted). */
	pricing: ['admin', 'moderator'],
	/** docs/decisions/0108: Lead Routing (the switch, escalation, each officer's rule) and assigning the waiting leads. */
	routing: ['admin', 'moderator'],
	/** Content editors, users, settings, the rate sheet's changes, the debug screen. */
	admin: ['admin'],
	/** One's own two-factor sign-in. */
	account: ['admin', 'moderator', 'user'],
} as const satisfies Record<string, readonly Role[]>
export type Permission = keyof typeof PERMISSIONS

export const can = (roles: readonly Role[], permission: Permission) =>
	roles.some((role) => (PERMISSIONS[permission] as readonly Role[]).includes(role))

/** docs/decisions/0034: the links of a list (the side menu, the quick actions) the roles may follow, in the list's order. */
export const linksFor = <Link extends { to: string; label: string; permission: Permission }>(
	roles: readonly Role[],
	links: readonly Link[],
) => links.filter((link) => can(roles, link.permission)).map(({ to, label }) => ({ to, label }))
