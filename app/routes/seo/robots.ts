import { servicesContext } from '#app/context.ts'
import type { Route } from './+types/robots'

export function loader({ context }: Route.LoaderArgs) {
	const { baseUrl } = context.get(servicesContext).config
	const body = [
		'User-agent: *',
		'Allow: /',
		'Disallow: /dashboard',
		'Disallow: /dashboard-test',
		'Disallow: /login',
		'Disallow: /api/',
		'',
		`Sitemap: ${baseUrl}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
