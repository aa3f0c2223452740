import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { type AppServices, servicesContext } from '#app/context.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import { loader as robots } from './robots.ts'
import { loader as sitemap } from './sitemap.ts'

/*
 * spec 2 §2: what crawlers are told. Each line of robots.txt is compared whole: "Disallow: /dashboard" is a prefix of
 * "Disallow: /dashboards", which would let /dashboard be crawled (docs/decisions/0086).
 */
const baseUrl = 'https://lender.example'

function read(loader: (args: never) => Response) {
	const context = new RouterContextProvider()
	context.set(servicesContext, { config: { baseUrl } } as AppServices)
	return loader({ request: new Request(`${baseUrl}/`), params: {}, context } as never)
}

describe('robots.txt and the sitemap', () => {
	test('robots.txt keeps crawlers off the dashboard, sign-in and the API, and names the sitemap', async () => {
		const response = read(robots)
		expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
		const lines = (await response.text()).split('\n').filter(Boolean)
		expect(lines).toEqual([
			'User-agent: *',
			'Allow: /',
			'Disallow: /dashboard',
			'Disallow: /dashboard-test',
			'Disallow: /login',
			'Disallow: /api/',
			`Sitemap: ${baseUrl}/sitemap.xml`,
		])
	})

	test('the sitemap lists every public page once, at its full address', async () => {
		const body = await read(sitemap).text()
		const listed = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url)
		expect(listed).toEqual(Object.values(publicPages).map((page) => `${baseUrl}${page.path}`))
		expect(listed).toContain(`${baseUrl}/`)
	})

	test('the sitemap names each indexable page, written out here (spec 2 §2); both files are kept an hour', async () => {
		const response = read(sitemap)
		expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
		expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600')
		expect(read(robots).headers.get('Cache-Control')).toBe('public, max-age=3600')
		const listed = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url)
		expect(listed).toEqual(
			[
				'/',
				'/dscr-loans',
				'/bridge-loans',
				'/fix-flip-loans',
				'/construction-loans',
				'/dscr-calculator',
				'/contact',
				'/dscr-cash-out-florida',
				'/privacy-policy',
				'/terms-of-service',
				'/fast-quote',
			].map((path) => `${baseUrl}${path}`),
		)
	})
})
