import { type Permission, type Role, linksFor } from '#app/features/auth/roles.ts'

/**
 * docs/decisions/0108: the overview's quick actions, each with the permission of the screen it opens, so a role is
 * shown only those it may open (a sales manager was led to screens that answered 403).
 */
export const QUICK_ACTIONS = [
	{ to: '/dashboard/leads?status=new', label: 'Work the new leads', permission: 'leads' },
	{ to: '/dashboard/leads?assigned=unassigned', label: 'Assign the unassigned leads', permission: 'leads.manage' },
	{ to: '/dashboard/routing', label: 'Lead routing', permission: 'routing' },
	{ to: '/dashboard/messages', label: 'Read contact messages', permission: 'messages' },
	{ to: '/dashboard/pricing', label: 'Read the rate sheet', permission: 'pricing' },
	{ to: '/dashboard/hero', label: 'Edit the home page hero', permission: 'admin' },
	{ to: '/dashboard/loans', label: 'Update loan rates', permission: 'admin' },
	{ to: '/dashboard/users', label: 'Invite a colleague', permission: 'admin' },
] as const satisfies ReadonlyArray<{ to: string; label: string; permission: Permission }>

export const quickActionsFor = (roles: readonly Role[]) => linksFor(roles, QUICK_ACTIONS)
