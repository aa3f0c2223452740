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

export const formatRoles = (roles: readonly Role[]) => [...new Set(roles)].join(',')

/** spec 2 §6: an account is admin if any of its roles is admin; only admins use the dashboard. */
export const isAdmin = (role: string | null | undefined) => parseRoles(role).includes('admin')
