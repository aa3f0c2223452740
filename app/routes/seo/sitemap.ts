import { servicesContext } from '#app/context.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/sitemap'

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function loader({ context }: Route.LoaderArgs) {
	const { baseUrl } = context.get(servicesContext).config
	const urls = Object.values(publicPages)
		.map((page) => `  <url><loc>${escapeXml(`${baseUrl}${page.path}`)}</loc></url>`)
		.join('\n')
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
	return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
