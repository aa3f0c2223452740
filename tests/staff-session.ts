import type { AppServices } from '#app/context.ts'
import { createStaffAccount } from '#app/features/users/staff-accounts.server.ts'
import type { Role } from '#app/features/auth/roles.ts'

let counter = 0

/** Creates a staff account and signs it in; returns the Cookie header a browser would send. */
export async function signedInStaff(services: AppServices, roles: Role[], password = 'Correct-Horse-Battery-9') {
	counter++
	const email = `${roles.join('-') || 'none'}-${counter}-${Date.now()}@example.com`
	const user = await createStaffAccount(services.auth, services.db, { email, name: `Test ${roles.join(' ')}`, password, roles })
	const response = await services.auth.api.signInEmail({ body: { email, password }, headers: new Headers(), asResponse: true })
	if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
	const cookie = response.headers
		.getSetCookie()
		.map((setCookie) => setCookie.split(';')[0])
		.join('; ')
	return { user, email, password, cookie }
}

/** A request carrying a staff session cookie, as the browser sends it (with an Origin on POSTs). */
export function staffRequest(url: string, cookie: string | null, init: RequestInit = {}) {
	const headers = new Headers(init.headers)
	if (cookie) headers.set('Cookie', cookie)
	if (init.method && init.method !== 'GET') headers.set('Origin', new URL(url).origin)
	return new Request(url, { ...init, headers })
}
