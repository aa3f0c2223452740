import type { MetaDescriptor } from 'react-router'

export type PageSeo = {
	title: string
	description: string
	keywords: string
	/** Path of the canonical URL, e.g. '/dscr-loans'. */
	path: string
	noindex?: boolean
	/**
	 * The query parameters the page's server render reads. The render cache keys a page on these alone
	 * (server/page-cache.ts), so click ids and campaign tags never cost a render; a page whose render reads
	 * another parameter must name it here.
	 */
	query?: readonly string[]
}

export type SiteIdentity = { baseUrl: string; siteName: string }

/** Title (with the site name), description, keywords, canonical URL and Open Graph tags for one page (spec 1 §2, spec 2 §2). */
export function pageMeta(page: PageSeo, site: SiteIdentity | undefined): MetaDescriptor[] {
	const baseUrl = site?.baseUrl ?? ''
	const url = `${baseUrl}${page.path}`
	const title = site?.siteName ? `${page.title} | ${site.siteName}` : page.title
	const descriptors: MetaDescriptor[] = [
		{ title },
		{ name: 'description', content: page.description },
		{ name: 'keywords', content: page.keywords },
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:type', content: 'website' },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: page.description },
		{ property: 'og:url', content: url },
		{ name: 'twitter:card', content: 'summary' },
	]
	if (site?.siteName) descriptors.push({ property: 'og:site_name', content: site.siteName })
	if (page.noindex) descriptors.push({ name: 'robots', content: 'noindex, nofollow' })
	return descriptors
}

/** The root loader's identity data, as found in a route's meta `matches`. */
export function siteIdentity(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteIdentity | undefined {
	const root = matches.find((match) => match?.id === 'root')?.loaderData as SiteIdentity | undefined
	return root ? { baseUrl: root.baseUrl, siteName: root.siteName } : undefined
}
