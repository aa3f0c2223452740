import { createContext, redirect, type RouterContextProvider } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { type Role, isAdmin, parseRoles } from './roles.ts'

export type StaffUser = { id: string; email: string; name: string; roles: Role[]; sessionId: string; twoFactorEnabled: boolean }

/** The signed-in staff member, set by the dashboard middleware. */
export const staffContext = createContext<StaffUser | null>(null)

/** The account behind the request's session cookie, or null (expired, revoked, banned or none). */
export async function getStaffUser(request: Request, context: Readonly<RouterContextProvider>): Promise<StaffUser | null> {
	const { auth } = context.get(servicesContext)
	const result = await auth.api.getSession({ headers: request.headers })
	if (!result || result.user.banned) return null
	return {
		id: result.user.id,
		email: result.user.email,
		name: result.user.name,
		roles: parseRoles(result.user.role as string | null),
		sessionId: result.session.id,
		twoFactorEnabled: (result.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true,
	}
}

/** Where a signed-out visitor goes, coming back to the page they asked for after signing in. */
export function loginRedirect(request: Request) {
	const url = new URL(request.url)
	const back = `${url.pathname.replace(/\.data$/, '')}${url.search}`
	return redirect(`/login?redirectTo=${encodeURIComponent(back)}`)
}

/**
 * spec 2 §6: every dashboard loader, action and data request needs an admin. Anonymous callers are
 * sent to /login; signed-in accounts without the admin role are refused with 403.
 */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<StaffUser> {
	const user = await getStaffUser(request, context)
	if (!user) throw loginRedirect(request)
	if (!isAdmin(user.roles.join(','))) {
		throw new Response('Your account does not have access to the dashboard.', { status: 403, statusText: 'Forbidden' })
	}
	// When the settings make two-factor sign-in mandatory, an admin without it may only set it up.
	if (!user.twoFactorEnabled && new URL(request.url).pathname.replace(/\.data$/, '') !== TWO_FACTOR_SETUP_PATH) {
		const settings = await context.get(servicesContext).content.get('settings')
		if (settings.requireTwoFactor) throw redirect(`${TWO_FACTOR_SETUP_PATH}?required=1`)
	}
	return user
}

export const TWO_FACTOR_SETUP_PATH = '/dashboard/security'

/** A safe place to go after signing in: only paths on this site. */
export function safeRedirect(target: string | null, fallback = '/dashboard') {
	if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
	return target
}
