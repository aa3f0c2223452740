import { expect, test } from '@playwright/test'
import { defaultContent } from '#app/features/content/content-defaults.ts'
import { SEED_RATE_SHEET } from '#app/features/pricing/seed-rate-sheet.ts'
import { advertisedProducts } from '#app/features/products/sheet-figures.ts'
import { publicPages, withFigures } from '#app/features/seo/public-pages.ts'
import { E2E_BASE_URL } from './e2e-env.ts'
import { publicPageText } from './public-page-text.ts'
import { readHead, textsOf } from './server-html.ts'

const pages = Object.entries(publicPages) as [keyof typeof publicPages, (typeof publicPages)[keyof typeof publicPages]][]
const absolute = (path: string) => `${E2E_BASE_URL}${path}`

// What the server sends does not depend on the viewport: one project is enough.
test.describe('server answers', { tag: '@desktop-only' }, () => {
	for (const [key, page] of pages) {
		test(`[PUBLIC][SEO]: a crawler reads ${page.path} with its own title, description, canonical link and heading`, async ({ request }) => {
			const response = await request.get(page.path)
			expect(response.status()).toBe(200)
			expect(response.headers()['content-type']).toContain('text/html')
			const html = await response.text()
			const head = readHead(html)

			expect(head.titles).toHaveLength(1)
			expect(head.titles[0]!.startsWith(page.title), `title "${head.titles[0]}" starts with "${page.title}"`).toBe(true)
			// Rates and LTVs are the seeded rate sheet's best case (docs/decisions/0067).
			expect(head.meta('description')).toBe(
				withFigures(page, advertisedProducts(defaultContent().loanProducts, SEED_RATE_SHEET)).description,
			)
			expect(head.links('canonical')).toEqual([absolute(page.path)])
			expect(head.meta('og:title')).toBe(head.titles[0])
			expect(head.meta('robots') ?? '').not.toContain('noindex')

			// The full text is in the server HTML, not filled in by the browser.
			const headings = textsOf(html, 'h1')
			expect(headings, 'one h1 per page').toHaveLength(1)
			expect(headings[0]).toMatch(publicPageText[key].heading)
		})
	}

	test('[PUBLIC][ROUTES]: /loan-application moves permanently to /fast-quote and keeps the query string', async ({ request }) => {
		const response = await request.get('/loan-application?utm_source=mailer&utm_campaign=spring', { maxRedirects: 0 })
		expect(response.status()).toBe(301)
		const target = new URL(response.headers().location!, E2E_BASE_URL)
		expect(target.pathname + target.search).toBe('/fast-quote?utm_source=mailer&utm_campaign=spring')
	})

	test('[PUBLIC][ROUTES]: /florida-dscr-mobile moves permanently to /dscr-cash-out-florida and keeps the query string', async ({
		request,
	}) => {
		const response = await request.get('/florida-dscr-mobile?utm_source=facebook&utm_campaign=fl-dscr', { maxRedirects: 0 })
		expect(response.status()).toBe(301)
		const target = new URL(response.headers().location!, E2E_BASE_URL)
		expect(target.pathname + target.search).toBe('/dscr-cash-out-florida?utm_source=facebook&utm_campaign=fl-dscr')
	})

	test('[PUBLIC][ROUTES]: an unknown path answers 404 with the not-found page', async ({ request }) => {
		const response = await request.get('/no-such-page/anywhere')
		expect(response.status()).toBe(404)
		const html = await response.text()
		expect(html).toContain('Oops! Page not found')
		expect(html).toMatch(/<a[^>]*href="\/"[^>]*>\s*Return to Home\s*<\/a>/)
		expect(readHead(html).meta('robots')).toContain('noindex')
	})

	test('[PUBLIC][SEO]: /robots.txt points crawlers to the sitemap and away from staff pages', async ({ request }) => {
		const response = await request.get('/robots.txt')
		expect(response.status()).toBe(200)
		expect(response.headers()['content-type']).toMatch(/^text\/plain/)
		const body = await response.text()
		expect(body).toContain('User-agent: *')
		expect(body).toContain(`Sitemap: ${absolute('/sitemap.xml')}`)
		expect(body).toContain('Disallow: /dashboard')
	})

	test('[PUBLIC][SEO]: /sitemap.xml lists every public page', async ({ request }) => {
		const response = await request.get('/sitemap.xml')
		expect(response.status()).toBe(200)
		expect(response.headers()['content-type']).toMatch(/^(application|text)\/xml/)
		const body = await response.text()
		expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
		const listed = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url)
		expect(listed.sort()).toEqual(pages.map(([, page]) => absolute(page.path)).sort())
	})

	test('[PUBLIC][ROUTES]: /healthz answers 200 when the database answers', async ({ request }) => {
		const response = await request.get('/healthz')
		expect(response.status()).toBe(200)
		expect(await response.json()).toMatchObject({ status: 'ok' })
	})

	test('[PUBLIC][SEO]: /login is kept out of search results', async ({ request }) => {
		const response = await request.get('/login')
		expect(response.status()).toBe(200)
		expect(readHead(await response.text()).meta('robots')).toMatch(/noindex/)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	// One browser context for all pages keeps the run short; each page is a step of its own in the report.
	test('[PUBLIC][NO_JS]: a visitor without JavaScript reads every public page', async ({ page: browserPage }) => {
		for (const [key, page] of pages) {
			await test.step(page.path, async () => {
				const response = await browserPage.goto(page.path)
				expect.soft(response?.status(), `status of ${page.path}`).toBe(200)
				await expect.soft(browserPage).toHaveTitle(new RegExp(`^${page.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
				const main = browserPage.getByRole('main')
				const heading = main.getByRole('heading', { level: 1 })
				await expect.soft(heading, `h1 of ${page.path}`).toHaveText(publicPageText[key].heading)
				await expect.soft(heading, `h1 of ${page.path}`).toBeVisible()
				for (const phrase of publicPageText[key].phrases) await expect.soft(main, `main text of ${page.path}`).toContainText(phrase)
			})
		}
	})

	test('[PUBLIC][NO_JS]: a visitor without JavaScript sees the not-found page and can go home', async ({ page }) => {
		const response = await page.goto('/no-such-page')
		expect(response?.status()).toBe(404)
		await expect(page.getByText('Oops! Page not found')).toBeVisible()
		await page.getByRole('link', { name: 'Return to Home' }).click()
		await expect(page).toHaveURL(absolute('/'))
	})
})
