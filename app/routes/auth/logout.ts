import { redirect } from 'react-router'
import { servicesContext } from '#app/context.ts'
import type { Route } from './+types/logout'

export const loader = () => redirect('/')

/** spec 2 §4: sign-out ends the session and goes to '/'. */
export async function action({ request, context }: Route.ActionArgs) {
	const { auth } = context.get(servicesContext)
	const response = await auth.api.signOut({ headers: request.headers, asResponse: true }).catch(() => null)
	const headers = new Headers()
	for (const cookie of response?.headers.getSetCookie() ?? []) headers.append('Set-Cookie', cookie)
	return redirect('/', { headers })
}
