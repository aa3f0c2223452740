import { redirect } from 'react-router'
import { servicesContext } from '#app/context.ts'
import { noStore } from '#app/features/http/no-store.server.ts'
import type { Route } from './+types/logout'

// Sign-in pages and their answers (sessions, tokens in the URL) are never kept by a cache.
export const middleware: Route.MiddlewareFunction[] = [noStore]

export const loader = () => redirect('/')

/** spec 2 §4: sign-out ends the session and goes to '/'. */
export async function action({ request, context }: Route.ActionArgs) {
	const { auth } = context.get(servicesContext)
	const response = await auth.api.signOut({ headers: request.headers, asResponse: true }).catch(() => null)
	const headers = new Headers()
	for (const cookie of response?.headers.getSetCookie() ?? []) headers.append('Set-Cookie', cookie)
	return redirect('/', { headers })
}
