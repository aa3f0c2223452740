import { describe, expect, test } from 'vitest'
import { type PageSeo, pageMeta, siteIdentity } from './page-meta.ts'

const site = { baseUrl: 'https://lender.example', siteName: 'Example Lending' }
const page: PageSeo = {
	title: 'DSCR Loans for Rental Properties',
	description: 'Qualify on the rent.',
	keywords: 'dscr loan',
	path: '/dscr-loans',
}

describe('pageMeta (spec 1 §2, spec 2 §2)', () => {
	test('a public page: its title with the site name, description, keywords, absolute canonical and Open Graph tags, and no robots tag', () => {
		expect(pageMeta(page, site)).toEqual([
			{ title: 'DSCR Loans for Rental Properties | Example Lending' },
			{ name: 'description', content: 'Qualify on the rent.' },
			{ name: 'keywords', content: 'dscr loan' },
			{ tagName: 'link', rel: 'canonical', href: 'https://lender.example/dscr-loans' },
			{ property: 'og:type', content: 'website' },
			{ property: 'og:title', content: 'DSCR Loans for Rental Properties | Example Lending' },
			{ property: 'og:description', content: 'Qualify on the rent.' },
			{ property: 'og:url', content: 'https://lender.example/dscr-loans' },
			{ name: 'twitter:card', content: 'summary' },
			{ property: 'og:site_name', content: 'Example Lending' },
		])
	})

	test('without a site name the title is the page’s own and no og:site_name is said; without the root’s data the canonical is the path', () => {
		const meta = pageMeta(page, { baseUrl: 'https://lender.example', siteName: '' })
		expect(meta[0]).toEqual({ title: 'DSCR Loans for Rental Properties' })
		expect(meta.filter((tag) => 'property' in tag && tag.property === 'og:site_name')).toEqual([])
		expect(pageMeta(page, undefined)).toContainEqual({ tagName: 'link', rel: 'canonical', href: '/dscr-loans' })
	})

	test('the site’s identity is the root route’s data, wherever it stands among the matches', () => {
		const matches = [
			{ id: 'routes/site/layout', loaderData: { baseUrl: 'https://wrong.example', siteName: 'Wrong' } },
			{ id: 'root', loaderData: { baseUrl: 'https://lender.example', siteName: 'Example Lending', nonce: 'x' } },
		]
		expect(siteIdentity(matches)).toEqual({ baseUrl: 'https://lender.example', siteName: 'Example Lending' })
		expect(siteIdentity([{ id: 'routes/site/layout', loaderData: {} }])).toBeUndefined()
	})

	test('a page kept out of search results (the not-found page) says noindex, nofollow, whole', () => {
		const robots = pageMeta({ ...page, path: '/missing', noindex: true }, site).filter((tag) => 'name' in tag && tag.name === 'robots')
		expect(robots).toEqual([{ name: 'robots', content: 'noindex, nofollow' }])
	})
})
