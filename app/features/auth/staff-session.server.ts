import { eq } from 'drizzle-orm'
import { createContext, redirect, type RouterContextProvider } from 'react-router'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { sessions } from '#db/schema.ts'
import { type Permission, type Role, can, parseRoles } from './roles.ts'
import { LAST_SEEN_EVERY_MS, sessionEndsAt, sessionLimitEnd, sessionLimitsOf } from './session-limits.ts'

export type StaffUser = { id: string; email: string; name: string; roles: Role[]; sessionId: string; twoFactorEnabled: boolean }

/** The signed-in staff member of this request, once `getStaffUser` has looked the session up (null: nobody). */
export const staffContext = createContext<StaffUser | null>(null)

/**
 * The session looked up in this request, with the cookie it was looked up for: the dashboard's middleware,
 * its layout and the screen's loader or action ask alike, and the session is resolved once. A request
 * that signs in or out asks again with other cookies and gets a fresh answer.
 */
const sessionLookup = createContext<{ cookie: string; user: StaffUser | null } | null>(null)

/** The account behind the request's session cookie, or null (expired, revoked, banned, too old or none). */
export async function getStaffUser(request: Request, context: Readonly<RouterContextProvider>): Promise<StaffUser | null> {
	const cookie = request.headers.get('cookie') ?? ''
	const known = context.get(sessionLookup)
	if (known && known.cookie === cookie) return known.user
	const user = await lookUpStaffUser(request, context)
	// The provider is this request's own (React Router makes one per request); the type only hides `set` from loaders.
	const writable = context as RouterContextProvider
	writable.set(sessionLookup, { cookie, user })
	writable.set(staffContext, user)
	return user
}

/** The server's own facts about the request (docs/decisions/0077), when it has them. */
function requestInfoOf(context: Readonly<RouterContextProvider>) {
	try {
		return context.get(requestInfoContext)
	} catch {
		return null
	}
}

async function lookUpStaffUser(request: Request, context: Readonly<RouterContextProvider>): Promise<StaffUser | null> {
	const { auth, db, content } = context.get(servicesContext)
	const result = await auth.api.getSession({ headers: request.headers })
	if (!result || result.user.banned) return null
	// docs/decisions/0089 (amending 0022): the idle timeout and the absolute lifetime are the Settings'.
	const limits = sessionLimitsOf(await content.get('settings'))
	const session = result.session as typeof result.session & { lastSeenAt?: Date | string | null }
	const createdAt = new Date(session.createdAt)
	const lastSeenAt = new Date(session.lastSeenAt ?? session.createdAt)
	const now = Date.now()
	if (sessionEndsAt({ createdAt, lastSeenAt, expiresAt: new Date(session.expiresAt) }, limits).getTime() <= now) {
		// Past either limit the session is deleted, so no other path can use it either.
		await (await auth.$context).internalAdapter.deleteSession(session.token)
		return null
	}
	// The session was used now: its last-seen time, address and device are this request's (at most once a minute, or
	// when the address or device changed), and its stored expiry the end the limits give it from now.
	const info = requestInfoOf(context)
	const ipAddress = info?.clientIp ?? session.ipAddress ?? null
	const userAgent = info ? info.userAgent : (session.userAgent ?? null)
	if (now - lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS || ipAddress !== session.ipAddress || userAgent !== session.userAgent) {
		const seen = new Date(now)
		await db
			.update(sessions)
			.set({
				lastSeenAt: seen,
				ipAddress,
				userAgent,
				// From the limits alone: this request is use, so the idle end moves on (the lifetime's never does).
				expiresAt: sessionLimitEnd({ createdAt, lastSeenAt: seen }, limits),
			})
			.where(eq(sessions.id, session.id))
	}
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
 * spec 2 §6 and docs/decisions/0034: every dashboard loader, action and data request checks what the signed-in
 * account may do. Anonymous callers are sent to /login; accounts whose roles lack the permission are
 * refused with 403.
 */
export async function requireStaff(request: Request, context: Readonly<RouterContextProvider>, permission: Permission): Promise<StaffUser> {
	const user = await getStaffUser(request, context)
	if (!user) throw loginRedirect(request)
	if (user.roles.length === 0)
		throw new Response('Your account does not have access to the dashboard.', { status: 403, statusText: 'Forbidden' })
	// docs/decisions/0088: staff without a second factor may only set one up, whatever their role may see (unless an
	// admin switched the requirement off, with a reason). Checked before the role, so every screen answers alike.
	if (!user.twoFactorEnabled && new URL(request.url).pathname.replace(/\.data$/, '') !== TWO_FACTOR_SETUP_PATH) {
		const settings = await context.get(servicesContext).content.get('settings')
		if (settings.requireTwoFactor) throw redirect(`${TWO_FACTOR_SETUP_PATH}?required=1`)
	}
	if (!can(user.roles, permission))
		throw new Response('Your role does not give access to this page.', { status: 403, statusText: 'Forbidden' })
	return user
}

/** The screens only an admin may use: content editors, users, settings, lead routing. */
export const requireAdmin = (request: Request, context: Readonly<RouterContextProvider>) => requireStaff(request, context, 'admin')

export const TWO_FACTOR_SETUP_PATH = '/dashboard/security'
